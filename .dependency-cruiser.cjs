// `npm run lint:structure`: the import rules of docs/architecture.md, checked on every lint.
// Folders of app/server/ are layers; a lower layer never imports a higher one, and nothing cycles.
// app/server/models/ is split the same way into feature folders, in the one-way order below.
const server = "^app/server/";
const models = "^app/server/models/";
// The top-level files every layer may import: configuration, logs and metrics.
const LEAVES = "(env|env-dkim|env-imap|logger|metrics)";
/** A rule: files in `from` may import app/server files only from the folders listed in `allowed`. */
function onlyImports(name, from, allowed) {
  return {
    name,
    severity: "error",
    comment: `app/server/${from}/ may import only ${allowed.length ? allowed.join(", ") : "no other folder"} (and env, logger, metrics) within app/server.`,
    from: { path: `${server}${from}/` },
    to: { path: server, pathNot: [`${server}(${[from, ...allowed].join("|")})/`, `${server}${LEAVES}\\.server\\.ts$`] },
  };
}

// Every folder of app/server/ and what it may import; a folder missing here fails the lint.
const serverFolders = {
  db: [],
  storage: [],
  events: ["db"],
  defence: ["db"],
  // The brand and mail identity as stored (read, cached); mails, sign-in and pages show them.
  brand: ["db", "events"],
  // storage: the worker reads a mail's attachments (an invoice's PDF) from the file store.
  mail: ["db", "events", "brand", "storage"],
  uploads: ["storage"],
  // Uploaded images: checked with the upload sniffer, variants in the store, a row in the database.
  images: ["db", "storage", "uploads"],
  // webhooks: a company registered at /login is reported like one staff made (decision 0103).
  auth: ["db", "defence", "mail", "storage", "events", "brand", "webhooks"],
  http: ["db", "defence", "events", "storage", "brand"],
  backup: ["db", "storage"],
  // Stripe Checkout and webhook verification (decision 0084): the SDK, env and logger only.
  payments: [],
  // Rendered documents (the invoice PDF): from lib/ shapes only, nothing stored or sent here.
  documents: [],
  // The webhook outbox, its worker, signing and the connect-time address checks (decision 0103);
  // mail: the admins hear of an endpoint disabled after a day of failures.
  webhooks: ["db", "events", "brand", "mail"],
  models: ["auth", "brand", "db", "defence", "documents", "events", "images", "mail", "payments", "storage", "uploads", "webhooks"],
  // The privacy runners stream, schedule and answer; their queries live in models/privacy/.
  privacy: ["auth", "brand", "db", "http", "models", "storage", "uploads"],
};

// The model folders, bottom floor first; each may import only the folders listed for it.
// accounts sits on privacy because removing a person is an erasure (privacy/account-purge).
const floor1 = ["shared", "search", "webhooks"];
const floor2 = [...floor1, "notifications", "site"];
const floor3 = [...floor2, "companies", "projects", "support"];
const modelFolders = {
  shared: [],
  // The company scope (decision 0105) narrows every search group.
  search: ["shared"],
  // Webhook and chat endpoints, and the events written with each change (decision 0103): audited.
  webhooks: ["shared"],
  notifications: floor1,
  // The agency's brand, site content (versions, publishing, redirects) and first-run setup state.
  site: floor1,
  companies: floor2,
  projects: floor2,
  support: floor2,
  pipeline: floor3,
  // Invoices, credit notes, numbering, payments, Stripe's webhook events (decisions 0081, 0082, 0084).
  billing: floor3,
  // Proposals: accepting one starts a company, a project and a deposit invoice (decision 0093).
  proposals: [...floor3, "pipeline", "billing"],
  privacy: floor3,
  reports: floor3,
  // A person's calendar feed reads their invoices' due dates too (decision 0106).
  accounts: [...floor3, "privacy", "billing"],
  // Inbound mail: stored, parsed and routed to the support desk (decision 0096), to a project's
  // timeline, or to the pipeline as a lead (decision 0101).
  inbound: [...floor3, "pipeline"],
  // The JSON API (decision 0104): its tokens, and its reads in keyset order over the features' tables.
  api: [...floor3, "pipeline"],
};

/** A rule: model files in `from` may import other model folders only from `allowed`. */
function modelFolder(from, allowed) {
  return {
    name: `models-${from}`,
    severity: "error",
    comment: `models/${from}/ may import only ${allowed.length ? allowed.join(", ") : "no other model folder"} (docs/architecture.md "Layers and imports").`,
    from: { path: `${models}${from}/` },
    to: { path: models, pathNot: `${models}(${[from, ...allowed].join("|")})/` },
  };
}

module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "Import cycles hide layering mistakes.", from: {}, to: { circular: true } },
    {
      name: "lib-is-shared",
      severity: "error",
      comment: "app/lib runs on both sides: no server code, no UI, no routes.",
      from: { path: "^app/lib/" },
      to: { path: "^app/(server|components|routes)/" },
    },
    {
      name: "components-stay-client-safe",
      severity: "error",
      comment: "Shared UI never imports server-only modules or route modules.",
      from: { path: "^app/components/" },
      to: { path: "^app/(server|routes)/" },
    },
    {
      name: "routes-never-touch-the-database",
      severity: "error",
      comment: "Routes go through models (app/server/models); only server modules import the handle.",
      from: { path: "^app/(routes|components|root\\.tsx)" },
      to: { path: `${server}db/(db|write-transaction|pg-pool|like)\\.server\\.ts$` },
    },
    {
      name: "server-never-imports-routes",
      severity: "error",
      from: { path: server },
      to: { path: "^app/(routes|components)/" },
    },
    ...Object.entries(serverFolders).map(([folder, allowed]) => onlyImports(`server-${folder}`, folder, allowed)),
    {
      name: "server-folders-have-a-rule",
      severity: "error",
      comment: "Each folder of app/server/ has its line in serverFolders (.dependency-cruiser.cjs) and in docs/architecture.md.",
      from: { path: `${server}(?!(${Object.keys(serverFolders).join("|")})/)[^/]+/` },
      to: {},
    },
    ...Object.entries(modelFolders).map(([folder, allowed]) => modelFolder(folder, allowed)),
    {
      name: "models-live-in-feature-folders",
      severity: "error",
      comment: "A model module sits in the folder of its feature, one listed in modelFolders (.dependency-cruiser.cjs).",
      from: {},
      to: { path: models, pathNot: `${models}(${Object.keys(modelFolders).join("|")})/[^/]+$` },
    },
    {
      name: "models-have-no-loose-files",
      severity: "error",
      comment: "A model module sits in the folder of its feature, not at the top of app/server/models/.",
      from: { path: `${models}[^/]+$` },
      to: {},
    },
    {
      name: "models-have-no-barrels",
      severity: "error",
      comment: "Import the module itself: an index file hides which folder a caller really depends on.",
      from: {},
      to: { path: `${models}.*/index[.](ts|tsx|js|mjs)$` },
    },
    {
      name: "routes-import-their-folder-and-shared",
      severity: "error",
      comment: "A route module imports route code only from its own folder and app/routes/+shared/.",
      from: { path: "^app/routes/([^/+][^/]*)/" },
      to: { path: "^app/routes/", pathNot: ["^app/routes/$1/", "^app/routes/[+]shared/"] },
    },
    {
      name: "shared-route-halves-import-no-route",
      severity: "error",
      comment: "app/routes/+shared/ serves several routes, so it depends on none of them.",
      from: { path: "^app/routes/[+]shared/" },
      to: { path: "^app/routes/", pathNot: "^app/routes/[+]shared/" },
    },
    {
      name: "host-imports-no-route-module",
      severity: "error",
      comment: "The Node host (server.ts, server/) reaches route code only through app/routes/+shared/; routes come from the build.",
      from: { path: "^(server/|server[.]ts$)" },
      to: { path: "^app/routes/", pathNot: "^app/routes/[+]shared/" },
    },
    {
      name: "top-level-server-files-are-leaves",
      severity: "error",
      comment:
        "env, logger and metrics are imported by every layer, so they import none (env only its DKIM and IMAP URL checks, env-dkim.server.ts and env-imap.server.ts, leaves too).",
      from: { path: `${server}${LEAVES}\\.server\\.ts$` },
      to: { path: server, pathNot: `${server}env-(dkim|imap)\\.server\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^(app/|server/|server[.]ts$)",
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
