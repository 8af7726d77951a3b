// `node scripts/tool.mjs <name> [arguments]`: what `npm run staff`, `backup`, `restore`,
// `db:migrate`, `db:copy` and `storage:copy` run, in a checkout and in the production artifact alike
// (decision 0060).
// - In a checkout (scripts/<name>.ts is there and tsx is installed) it runs the TypeScript source:
//   it works right after `npm install`, before any build, and never runs code older than the source.
// - In the artifact (no sources, no dev packages) it runs the bundle `npm run build` made,
//   build/tools/<name>.js.
// Either way the tool runs in this process, with the arguments after <name>.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("../", import.meta.url);
const [name = "", ...args] = process.argv.slice(2);

function tsxInstalled() {
  try {
    import.meta.resolve("tsx");
    return true;
  } catch {
    return false;
  }
}

/** The file to run, and whether it is TypeScript; null when there is neither a source nor a bundle. */
function entryFor(tool) {
  const source = new URL(`scripts/${tool}.ts`, root);
  if (existsSync(source) && tsxInstalled()) return { url: source, typescript: true };
  const bundle = new URL(`build/tools/${tool}.js`, root);
  if (existsSync(bundle)) return { url: bundle, typescript: false };
  return null;
}

const entry = /^[a-z][a-z-]*$/.test(name) ? entryFor(name) : null;
if (!entry) {
  console.error(
    `No admin tool "${name}": neither scripts/${name}.ts with tsx installed (a checkout after npm install) nor build/tools/${name}.js (npm run build).`,
  );
  process.exit(2);
}
// The tool reads its arguments from process.argv, as when it is run directly.
process.argv = [process.argv[0], fileURLToPath(entry.url), ...args];
if (entry.typescript) {
  // tsx resolves the app's "~/" imports through tsconfig.json, wherever the command was started.
  process.env.TSX_TSCONFIG_PATH ??= fileURLToPath(new URL("tsconfig.json", root));
  await import("tsx");
}
await import(entry.url.href);
