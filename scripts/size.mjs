// `npm run size`: gzipped JavaScript each public route loads on first visit, from the built app.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startBuiltServer } from "./lib/serve-build.mjs";

const BUDGET_HOME_KB = 120;
const routes = [
  "/",
  "/services",
  "/service/web-development",
  "/cases",
  "/careers",
  "/about",
  "/terms",
  "/privacy",
  "/quote",
  "/login",
  "/employee-login",
];

if (!existsSync("build/server.js")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

// Every built script a page names: preload links and module imports as rendered, or (decision 0020)
// the same paths inside the boot script that adds them after the first paint.
function scriptsOf(html) {
  return [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))];
}

const server = await startBuiltServer({ DEMO_CONTENT: "on" });
let failed = false;
try {
  const rows = [];
  for (const route of routes) {
    const html = await (await fetch(server.url + route)).text();
    const files = scriptsOf(html);
    let raw = 0;
    let gz = 0;
    for (const src of files) {
      const body = readFileSync(path.join("build/client", src));
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
    }
    rows.push({ route, files: files.length, "raw kB": (raw / 1024).toFixed(1), "gzip kB": (gz / 1024).toFixed(1) });
    if (route === "/" && gz / 1024 > BUDGET_HOME_KB) failed = true;
    // Every page hydrates: finding no script means this script no longer reads the markup.
    if (files.length === 0) {
      console.error(`${route}: no scripts found in the page; has the markup changed?`);
      failed = true;
    }
  }
  console.table(rows);
  console.log(`Budget: JS loaded by / must be at most ${BUDGET_HOME_KB} kB gzipped: ${failed ? "OVER BUDGET" : "within budget"}.`);
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
