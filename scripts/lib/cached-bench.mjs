// The cached anonymous pages of `npm run bench`, each against its ceiling: a bare node:http server
// (bare-server.mjs, its own process like the app) sending exactly the bytes and headers the app
// sent that client. Measured with wrk, not autocannon: autocannon tops out near 6k req/s here, so
// against it every page looked as fast as node:http. wrk is an operating-system package
// (`apt-get install wrk`); without it the rows are printed as skipped.
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const WRK_CANDIDATES = ["/usr/bin/wrk", "wrk"];
const THREADS = 2;
const CONNECTIONS = 32;
const WARMUP_SECONDS = 1;
const SECONDS = Number(process.env.CACHED_BENCH_SECONDS ?? 4);
const TARGET_RATIO = 0.9;
const MISSING_WRK = "install wrk (apt-get install wrk)";

/** The clients: no Accept-Encoding at all, gzip only, and a browser's list (brotli preferred). */
const CLIENTS = {
  identity: undefined,
  gzip: "gzip",
  br: "gzip, deflate, br, zstd",
};
/** `/` for every client; the other pages as browsers fetch them. */
const CASES = [
  ["/", "identity"],
  ["/", "gzip"],
  ["/", "br"],
  ["/careers", "br"],
  ["/service/web-development", "br"],
];
// Per-connection or per-message: node:http writes its own.
const HOP_BY_HOP = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

// wrk's own figures, exact: latency in µs, errors by kind (status = non-2xx/3xx answers).
const DONE_SCRIPT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d,"status":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
`;

function findWrk() {
  for (const candidate of WRK_CANDIDATES) {
    const probe = spawnSync(candidate, ["--version"], { encoding: "utf8" });
    if (!probe.error && /wrk/.test(`${probe.stdout}${probe.stderr}`)) return candidate;
  }
  return null;
}

/** One exchange as sent: status, raw headers, body bytes. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode, rawHeaders: res.rawHeaders, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

function requestHeaders(client) {
  const accept = CLIENTS[client];
  return { Accept: "text/html", ...(accept === undefined ? {} : { "Accept-Encoding": accept }) };
}

/** Runs wrk against `url` and resolves with req/s, p50/p99 (ms) and the failures it counted. */
function runWrk(wrk, script, url, headers, seconds) {
  const args = ["-t", String(THREADS), "-c", String(CONNECTIONS), "-d", `${seconds}s`, "--latency", "-s", script];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.once("error", reject);
    child.once("exit", (code) => {
      const json = /WRK_JSON (\{.*\})/.exec(out)?.[1];
      if (code !== 0 || !json) return reject(new Error(`wrk failed (${code}):\n${out}`));
      const r = JSON.parse(json);
      resolve({
        rps: r.requests / (r.duration_us / 1e6),
        p50: r.p50_us / 1000,
        p99: r.p99_us / 1000,
        bad: r.errors + r.status,
      });
    });
  });
}

async function measure(wrk, script, url, headers, log, label) {
  log(`${label}: wrk warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s`);
  await runWrk(wrk, script, url, headers, WARMUP_SECONDS);
  return runWrk(wrk, script, url, headers, SECONDS);
}

/** Starts bare-server.mjs on a captured response; resolves with its URL and a stop function. */
async function startBare(file) {
  const child = spawn(process.execPath, [path.resolve("scripts/lib/bare-server.mjs"), file], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`bare server exited (${code})`)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // The bench may be stopped mid-run (Ctrl+C, an error): never leave the server behind.
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      process.off("exit", kill);
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * The app's answer to `client` for `pagePath` once it comes from the cache (the first visit fills
 * it; the copy is stored when compressed), written where bare-server.mjs reads it.
 */
async function capture(url, pagePath, client, file) {
  let reply;
  for (let i = 0; i < 100; i++) {
    reply = await rawGet(url + pagePath, requestHeaders(client));
    if (reply.status === 200 && reply.headers.age !== undefined) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (reply.status !== 200 || reply.headers.age === undefined) {
    throw new Error(`${pagePath} for a ${client} client: status ${reply.status}, never answered from the cache`);
  }
  const captured = { status: reply.status, headers: [], body: reply.body.toString("base64") };
  for (let i = 0; i < reply.rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(reply.rawHeaders[i].toLowerCase())) captured.headers.push(reply.rawHeaders[i], reply.rawHeaders[i + 1]);
  }
  writeFileSync(file, JSON.stringify(captured));
  return { coding: reply.headers["content-encoding"] ?? "identity", bytes: reply.body.length, body: reply.body };
}

/**
 * Measures each case: the ceiling, the app, the ceiling again (the higher ceiling is kept, so a
 * noisy moment on a shared machine cannot flatter the ratio). `url` is the running app server.
 */
export async function benchCachedPages({ url, dir, log }) {
  const wrk = findWrk();
  if (wrk === null) return { skipped: MISSING_WRK, rows: CASES.map(([pagePath, client]) => ({ pagePath, client })) };
  const script = path.join(dir, "wrk-done.lua");
  writeFileSync(script, DONE_SCRIPT);
  const rows = [];
  for (const [i, [pagePath, client]] of CASES.entries()) {
    const file = path.join(dir, `cached-${i}.json`);
    const sent = await capture(url, pagePath, client, file);
    const bare = await startBare(file);
    try {
      const same = await rawGet(bare.url + pagePath, requestHeaders(client));
      if (!same.body.equals(sent.body)) throw new Error(`the bare server's copy of ${pagePath} differs from the app's`);
      const headers = requestHeaders(client);
      const label = `${pagePath} ${client}`;
      const before = await measure(wrk, script, bare.url + pagePath, headers, log, `${label}: node:http ceiling`);
      const app = await measure(wrk, script, url + pagePath, headers, log, `${label}: app (cached)`);
      const after = await measure(wrk, script, bare.url + pagePath, headers, log, `${label}: node:http ceiling again`);
      const ceiling = before.rps >= after.rps ? before : after;
      rows.push({
        pagePath,
        client,
        coding: sent.coding,
        bytes: sent.bytes,
        app,
        ceiling,
        ceilingRuns: [before.rps, after.rps],
        ratio: app.rps / ceiling.rps,
      });
    } finally {
      await bare.stop();
    }
  }
  return { rows };
}

/** The lines printed for the cached pages: one table, a ratio and verdict per row. */
export function cachedPageLines(result, pass) {
  const fmt = (n, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const lines = [
    `Cached anonymous pages: wrk ${THREADS} threads, ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up; ` +
      `ceiling = node:http in its own process sending the same bytes and headers, measured before and after the page (the higher kept); ` +
      `clients send no Accept-Encoding (identity), "gzip", or "${CLIENTS.br}" (br)`,
  ];
  if (result.skipped) {
    for (const row of result.rows) lines.push(`  ${row.pagePath} (cached), ${row.client} client: skipped: ${result.skipped}`);
    return [...lines, ""];
  }
  const table = [
    [
      "Page (cached)",
      "client",
      "sent",
      "bytes",
      "req/s",
      "p50 ms",
      "p99 ms",
      "non-2xx",
      "ceiling req/s (before / after)",
      "× ceiling",
      "target",
      "",
    ],
    ...result.rows.map((r) => [
      r.pagePath,
      r.client,
      r.coding,
      fmt(r.bytes),
      fmt(r.app.rps),
      fmt(r.app.p50, 2),
      fmt(r.app.p99, 2),
      fmt(r.app.bad),
      `${fmt(r.ceiling.rps)} (${r.ceilingRuns.map((rps) => fmt(rps)).join(" / ")})`,
      `${fmt(r.ratio, 2)}×`,
      `≥ ${TARGET_RATIO}×`,
      pass(r.ratio >= TARGET_RATIO),
    ]),
  ];
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  const line = (row) =>
    row
      .map((cell, c) => (c <= 2 || c >= 10 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
      .join("  ")
      .trimEnd();
  lines.push(line(table[0]), widths.map((w) => "-".repeat(w)).join("  "), ...table.slice(1).map(line));
  lines.push(`  (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs at the end of these rows)`, "");
  return lines;
}
