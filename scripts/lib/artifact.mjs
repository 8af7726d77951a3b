// The production artifact (decision 0060): everything a server host needs, and nothing else. Its
// admin tools are the bundles in build/tools, run through scripts/tool.mjs by the same npm scripts
// as in a checkout; `npm ci --omit=dev` (or `npm install --omit=dev`) there installs what they and
// the server import, and applies patches/ (postinstall).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ARTIFACT_FILES = [
  "build", // server.js, pdf-worker.js, server/ (React Router's server bundle), client/ (static files), tools/
  "package.json", // the production manifest: no devDependencies, only the scripts that run here
  "package-lock.json", // unchanged: the versions the build was tested with
  "patches",
  "scripts/start.mjs", // npm start
  "scripts/tool.mjs", // npm run staff, backup, restore, db:migrate, db:copy, storage:copy
  ".env.example", // every setting, annotated
];

const BUILD_OUTPUTS = ["build/server.js", "build/pdf-worker.js", "build/server/index.js", "build/client", "build/tools"];
const SHIPPED_SCRIPTS = /\bscripts\/(start|tool)\.mjs\b/;

/** What `npm run build` has not made yet (empty when the build is complete). */
export function missingBuildOutputs(root = ".") {
  return BUILD_OUTPUTS.filter((file) => !existsSync(path.join(root, file)));
}

/**
 * package.json without devDependencies and with only the scripts that work without the sources:
 * npm installs an optional peer that is also a devDependency even with --omit=dev (vitest, an
 * optional peer of better-auth, with vite and rollup: ~40 MB), and `npm run` lists only what runs.
 */
export function productionManifest(manifest) {
  const { devDependencies: _dev, scripts = {}, ...rest } = manifest;
  const kept = Object.entries(scripts).filter(([name, command]) => name === "postinstall" || SHIPPED_SCRIPTS.test(command));
  return { ...rest, scripts: Object.fromEntries(kept) };
}

/** Copies the artifact from the checkout at `root` into `target`, which must be missing or empty. */
export function writeArtifact(target, root = ".") {
  const missing = missingBuildOutputs(root);
  if (missing.length > 0) throw new Error(`No complete build (${missing.join(", ")} missing): run npm run build first.`);
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${target} is not empty.`);
  mkdirSync(target, { recursive: true });
  for (const file of ARTIFACT_FILES.filter((f) => f !== "package.json")) {
    // The compile cache is this machine's V8's (server.ts): each install fills its own.
    cpSync(path.join(root, file), path.join(target, file), { recursive: true, filter: (from) => !from.includes(".compile-cache") });
  }
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  writeFileSync(path.join(target, "package.json"), `${JSON.stringify(productionManifest(manifest), null, 2)}\n`);
}
