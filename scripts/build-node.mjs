// The last step of `npm run build`: bundles the Node entry points with esbuild, each into one file
// that imports only Node's built-ins and runtime dependencies (--packages=external):
//   server.ts                          → build/server.js (it loads React Router's bundle, build/server)
//   app/server/documents/pdf-worker.server.ts → build/pdf-worker.js, the invoice PDF's worker thread
//   scripts/{staff,backup,…}.ts        → build/tools/{name}.js, the admin tools of the production
//                                        artifact, run by scripts/tool.mjs (decision 0060)
// It fails when a bundle would import a devDependency: the artifact installs with --omit=dev.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { builtinModules } from "node:module";
import { build } from "esbuild";

/** The admin tools, by file name under scripts/ (npm scripts: staff, backup, restore, db:migrate, db:copy, storage:copy). */
const TOOLS = ["staff", "backup", "restore", "db-migrate", "db-copy", "storage-copy"];

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  target: "node22",
  metafile: true,
  logLevel: "warning",
};

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const runtime = new Set([...Object.keys(packageJson.dependencies ?? {}), ...Object.keys(packageJson.optionalDependencies ?? {})]);
const builtins = new Set(builtinModules);

/** "@scope/name/sub" → "@scope/name", "name/sub" → "name". */
function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

function notRuntime(metafile) {
  const wrong = [];
  for (const [output, { imports }] of Object.entries(metafile.outputs)) {
    for (const { path, external } of imports) {
      if (!external || path.startsWith("node:") || builtins.has(path)) continue;
      if (!runtime.has(packageName(path))) wrong.push(`${output} imports ${path}`);
    }
  }
  return wrong;
}

const results = await Promise.all([
  build({ ...common, entryPoints: ["server.ts"], outfile: "build/server.js" }),
  // Invoice PDFs render in a worker thread (decision 0083): its own entry, next to server.js.
  build({ ...common, entryPoints: ["app/server/documents/pdf-worker.server.ts"], outfile: "build/pdf-worker.js" }),
  build({ ...common, entryPoints: Object.fromEntries(TOOLS.map((name) => [name, `scripts/${name}.ts`])), outdir: "build/tools" }),
]);
const wrong = results.flatMap((result) => notRuntime(result.metafile));
if (wrong.length > 0) {
  console.error(
    `These bundles import packages that are not in "dependencies", so a production install (--omit=dev) lacks them:\n  ${wrong.join("\n  ")}`,
  );
  process.exit(1);
}

// The server's own bundles stay ASCII (decision 0113): one character outside Latin-1 doubles the
// memory V8 holds for a bundle's source text for as long as the process runs.
const notAscii = [...serverBundles("build")].filter((file) => /[\u0080-\uffff]/.test(readFileSync(file, "utf8")));
if (notAscii.length > 0) {
  console.error(`These server bundles hold characters outside ASCII (vite.config.ts asciiServerBundle):\n  ${notAscii.join("\n  ")}`);
  process.exit(1);
}

/** What the server process runs: build/server.js, build/pdf-worker.js and every .js under build/server. */
function* serverBundles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    // The browser's files are served, not run here; the admin tools run for seconds at a time.
    if (entry.isDirectory() && (dir !== "build" || entry.name === "server")) yield* serverBundles(file);
    else if (entry.isFile() && file.endsWith(".js")) yield file;
  }
}
