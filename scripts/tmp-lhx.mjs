import http from "node:http";
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const base = readFileSync("/tmp/home.html", "utf8").replace(/ nonce="[^"]*"/g, "");
const variants = {
  v0: base,
  v1: (() => {
    let s = base.replace(/<link rel="modulepreload"[^>]*\/>/g, "");
    s = s.replace(/<script type="module" async="">([\s\S]*?)<\/script>/, (_, code) =>
      `<script>requestAnimationFrame(function(){setTimeout(function(){var s=document.createElement("script");s.type="module";s.textContent=${JSON.stringify(code).replace(/</g, "\\u003c")};document.body.appendChild(s)},0)})</script>`);
    return s;
  })(),
  v3: base.replace(/<script type="module" async="">([\s\S]*?)<\/script>/, (_, code) =>
      `<script>requestAnimationFrame(function(){setTimeout(function(){var s=document.createElement("script");s.type="module";s.textContent=${JSON.stringify(code).replace(/</g, "\\u003c")};document.body.appendChild(s)},0)})</script>`),
  v2: base.replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"'),
};
const types = { ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png" };
const server = http.createServer((req, res) => {
  const u = new URL(req.url, "http://x");
  const v = u.pathname.slice(1);
  if (variants[v] !== undefined) { res.writeHead(200, { "content-type": "text/html" }); return res.end(variants[v]); }
  const f = path.join("build/client", u.pathname);
  if (existsSync(f) && !f.endsWith("/")) { res.writeHead(200, { "content-type": types[path.extname(f)] ?? "application/octet-stream" }); return res.end(readFileSync(f)); }
  res.writeHead(404); res.end();
}).listen(4466, "127.0.0.1");
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", ignoreDefaultFlags: true, chromeFlags: ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"], logLevel: "silent" });
for (const v of (process.env.V ?? "v0,v1,v2").split(",")) for (let i = 0; i < Number(process.env.N ?? 2); i++) {
  const r = (await lighthouse(`http://127.0.0.1:4466/${v}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] })).lhr;
  const a = (k) => Math.round(r.audits[k].numericValue);
  console.log(v, Math.round(r.categories.performance.score * 100), "FCP", a("first-contentful-paint"), "LCP", a("largest-contentful-paint"), "SI", a("speed-index"), "TBT", a("total-blocking-time"), "TTI", a("interactive"));
}
await chrome.kill(); server.close();
