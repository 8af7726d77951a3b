// Run as `node --import tsx tests/helpers/packages-a-start-loads.mjs` (tests/platform/start-modules.test.ts):
// evaluates what a server start evaluates before its first request (every route module, the root,
// the document entry and the modules server/app.ts imports), then prints, as JSON, the npm packages
// that were loaded. Stylesheets and images are stood in for: Vite turns them into URLs at build.
import { globSync, readFileSync } from "node:fs";
import { registerHooks } from "node:module";

const loaded = new Set();
registerHooks({
  load(url, context, next) {
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
    if (name) loaded.add(name);
    if (/\.(css|svg|png|webp|woff2?)(\?|$)/.test(url) || url.includes("?url")) {
      return { format: "module", source: "export default '';", shortCircuit: true };
    }
    return next(url, context);
  },
});

const root = new URL("../../", import.meta.url);
const appImports = [...readFileSync(new URL("server/app.ts", root), "utf8").matchAll(/^import [^;]*? from "~\/([^"]+)";$/gms)].map(
  (match) => `app/${match[1]}.ts`,
);
const modules = [
  ...globSync("app/routes/**/*.{ts,tsx}", { cwd: root }).filter((file) => !file.includes("+types")),
  "app/root.tsx",
  "app/entry.server.tsx",
  ...appImports,
];
for (const file of modules) {
  const url = new URL(file, root);
  // `~/x` may name x.ts or x.tsx.
  await import(file.endsWith(".ts") && !globSync(file, { cwd: root }).length ? `${url.href}x` : url.href);
}
process.stdout.write(`${JSON.stringify({ modules: modules.length, packages: [...loaded].sort() })}\n`);
