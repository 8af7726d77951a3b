// `npm run lint:structure`: the import rules of docs/architecture.md, checked on every lint.
// Folders of app/server/ are layers; a lower layer never imports a higher one, and nothing cycles.
const server = "^app/server/";
/** A rule: files in `from` may import app/server files only from the folders listed in `allowed`. */
function onlyImports(name, from, allowed) {
  return {
    name,
    severity: "error",
    comment: `app/server/${from}/ may import only from ${allowed.join(", ")} (and env, logger) within app/server.`,
    from: { path: `${server}${from}/` },
    to: { path: server, pathNot: [`${server}(${[from, ...allowed].join("|")})/`, `${server}(env|logger)\\.server\\.ts$`] },
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
    onlyImports("db-is-the-bottom", "db", []),
    onlyImports("storage-stands-alone", "storage", []),
    onlyImports("events-sit-on-db", "events", ["db"]),
    onlyImports("defence-sits-on-db", "defence", ["db"]),
    onlyImports("mail-sits-on-db-and-events", "mail", ["db", "events"]),
    onlyImports("uploads-sit-on-storage", "uploads", ["storage"]),
    onlyImports("auth-below-models", "auth", ["db", "defence", "mail", "storage", "events"]),
    onlyImports("http-below-models", "http", ["db", "defence", "events", "storage"]),
    onlyImports("backup-sits-on-db-and-storage", "backup", ["db", "storage"]),
    {
      name: "top-level-server-files-are-leaves",
      severity: "error",
      comment: "env and logger are imported by every layer, so they import none.",
      from: { path: `${server}(env|logger)\\.server\\.ts$` },
      to: { path: server },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^app/",
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
