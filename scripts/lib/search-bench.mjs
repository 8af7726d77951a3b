// The search figure of `npm run bench` on SQLite and, when TEST_DATABASE_URL is set, on
// PostgreSQL (a throw-away schema). Each run is scripts/lib/search-bench.ts in its own tsx process.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const TARGET_MS = 50;

function runOne(url, log) {
  const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/lib/search-bench.ts", url], {
    encoding: "utf8",
    timeout: 600_000,
    // In the child's environment, not set by the child: its static imports load the logger before
    // its own first line runs, and an info line after the figures would hide them.
    env: { ...process.env, LOG_LEVEL: "warn" },
  });
  if (result.status !== 0) throw new Error(`search bench failed: ${result.stderr}`);
  const figures = JSON.parse(result.stdout.trim().split("\n").at(-1));
  log(`search on ${figures.dialect}: seeded in ${(figures.seedMs / 1000).toFixed(1)} s, p95 ${figures.p95.toFixed(1)} ms`);
  return figures;
}

/** Both dialects' figures; PostgreSQL is null (with the reason) without TEST_DATABASE_URL. */
export async function benchSearch({ dataDir, log }) {
  log("search: support requests on SQLite");
  const sqlite = runOne(`file:${path.join(dataDir, "search.sqlite")}`, log);
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { sqlite, postgres: null, skipped: "TEST_DATABASE_URL is not set" };
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    log("search: support requests on PostgreSQL");
    const postgres = runOne(`${base}${base.includes("?") ? "&" : "?"}options=-c%20search_path%3D${schema}`, log);
    return { sqlite, postgres };
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

/** The lines printed under the bench's table. */
export function searchLines(result, pass) {
  const [load] = os.loadavg();
  const line = (f) =>
    `Search, ${f.dialect.padEnd(8)} ${f.requests.toLocaleString("en-US")} requests + ${f.replies.toLocaleString("en-US")} replies, ${f.queries} mixed queries ` +
    `(mean ${Math.round(f.meanMatches).toLocaleString("en-US")} matches, counted up to 1,000): p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms   target p95 ≤ ${TARGET_MS} ms ${pass(f.p95 <= TARGET_MS)}` +
    `   (this process's CPU per query: p50 ${f.cpuP50.toFixed(1)} ms, p95 ${f.cpuP95.toFixed(1)} ms${f.dialect === "postgres" ? ", the server's not counted" : ""})` +
    `   (seeded in ${(f.seedMs / 1000).toFixed(1)} s)`;
  const lines = [line(result.sqlite)];
  lines.push(result.postgres ? line(result.postgres) : `Search, postgres  skipped: ${result.skipped} (CI sets it)`);
  lines.push(
    `  (the inbox's own search call: match, rank the 1,000 newest matches, count up to “1,000+”, page, highlights; load average ${load.toFixed(1)} on ${os.cpus().length} CPUs at the end)`,
  );
  return lines;
}
