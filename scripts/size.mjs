// `npm run size`: gzipped JavaScript each public route loads on first visit, from the built app.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startBuiltServer } from "./lib/serve-build.mjs";

const BUDGET_HOME_KB = 120;
const routes = ["/", "/services", "/service/web-development", "/cases", "/careers", "/about", "/terms", "/privacy", "/quote", "/login", "/employee-login"];

if (!existsSync("build/server.js")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

function scriptsOf(html) {
  const found = new Set();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) found.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(m[1]);
  for (const m of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) found.add(m[1]);
  for (const m of html.matchAll(/from "(\/assets\/[^"]+\.js)"/g)) found.add(m[1]);
  return [...found].filter((src) => src.startsWith("/assets/"));
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
  }
  console.table(rows);
  console.log(`Budget: JS loaded by / must be at most ${BUDGET_HOME_KB} kB gzipped: ${failed ? "OVER BUDGET" : "within budget"}.`);
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
