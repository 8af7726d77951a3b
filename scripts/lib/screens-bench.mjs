// The signed-in screens of `npm run bench` (part "screens"): the built server on a database seeded as
// an agency after five years (scripts/seed-five-years.ts), SQLite first, then a throw-away
// PostgreSQL schema when TEST_DATABASE_URL is set. Each screen is checked for its content, then
// loaded with autocannon; the server's own CPU time (Linux /proc) is divided by the requests it
// answered. `--profile` runs the worst screen again under `node --cpu-prof` and prints where its
// time goes.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startServer, tempDataDir } from "./built-server.mjs";

// USER_HZ: the kernel's clock ticks in /proc/<pid>/stat (as render-cpu-bench.mjs).
const TICK_MS = 10;

/** User + system CPU time of a process in ms. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** The screens, with the content that proves each shows the seeded rows, and their targets. */
function screens(seed) {
  const { client, expect } = seed;
  return [
    { label: "portal first screen  /user-dashboard", as: "client", path: "/user-dashboard", shows: [client.email], target: 800 },
    {
      label: "workspace Files tab  /user-dashboard/projects/:id/files",
      as: "client",
      path: `/user-dashboard/projects/${client.projectId}/files`,
      shows: ["Bench flagship app", expect.file],
      target: 400,
    },
    {
      label: "support desk list  /user-dashboard/support",
      as: "client",
      path: "/user-dashboard/support",
      shows: [expect.request],
      target: 400,
    },
    {
      label: "console overview  /employee-dashboard",
      as: "admin",
      path: "/employee-dashboard",
      shows: [seed.admin.email, "Overdue invoices"],
      target: 800,
    },
    {
      label: "company page  /employee-dashboard/clients/:id",
      as: "admin",
      path: `/employee-dashboard/clients/${client.companyId}`,
      shows: [expect.company],
      target: 400,
    },
    {
      label: "invoice list  /employee-dashboard/billing",
      as: "admin",
      path: "/employee-dashboard/billing",
      shows: [expect.invoice],
      target: 400,
    },
    { label: "API  GET /api/v1/leads", as: "token", path: "/api/v1/leads", shows: ['"data":['], target: 400 },
  ];
}

/** Runs the seeding script into `databaseUrl`; its last stdout line is the JSON the bench needs. */
function seedDatabase(databaseUrl, log) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed-five-years.ts", `--database-url=${databaseUrl}`], {
    encoding: "utf8",
    timeout: 900_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`seeding failed:\n${run.stderr}`);
  log(run.stderr.trim());
  return JSON.parse(run.stdout.trim().split("\n").at(-1));
}

/** Signs in through the real form; returns the session cookie. */
async function signIn(url, page, email, password) {
  const res = await fetch(`${url}${page}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.includes("session_token"))
    .join("; ");
  if (!cookie) throw new Error(`signing in at ${page} as ${email} set no session cookie (status ${res.status})`);
  return cookie;
}

function load(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on("error", reject);
  });
}

/** Starts the server on the seeded database and signs in the bench's three callers. */
async function open({ data, env, seed, nodeArgs }) {
  const server = await startServer({ data, env, readyPath: "/healthz", pollMs: 50, nodeArgs });
  const headers = {
    client: { Cookie: await signIn(server.url, "/login", seed.client.email, seed.password) },
    admin: { Cookie: await signIn(server.url, "/employee-login", seed.admin.email, seed.password) },
    token: { Authorization: `Bearer ${seed.apiToken}`, Accept: "application/json" },
  };
  return { server, headers };
}

/** Fails loudly unless the screen answers 200 with its seeded content. */
async function check(server, headers, screen) {
  const res = await fetch(server.url + screen.path, {
    headers: { Accept: "text/html", ...headers[screen.as] },
    redirect: "manual",
  });
  const body = await res.text();
  const missing = screen.shows.filter((text) => !body.includes(text));
  if (res.status !== 200 || missing.length > 0)
    throw new Error(
      `${screen.path} as ${screen.as} answered ${res.status}${missing.length ? `, without ${missing.map((m) => JSON.stringify(m)).join(", ")}` : ""}:\n` +
        body.slice(0, 600),
    );
  return Buffer.byteLength(body);
}

async function measure(server, headers, screen, { seconds, warmupSeconds, connections }) {
  const options = {
    url: server.url + screen.path,
    connections,
    headers: { Accept: "text/html", "Accept-Encoding": "br, gzip", ...headers[screen.as] },
  };
  await load({ ...options, duration: warmupSeconds });
  const before = cpuMs(server.child.pid);
  const result = await load({ ...options, duration: seconds });
  const spent = cpuMs(server.child.pid) - before;
  const answered = result["2xx"] + result.non2xx;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    cpuMs: answered > 0 ? spent / answered : NaN,
  };
}

/** The top `count` functions by self time in a .cpuprofile. */
export function topSelfTime(profile, count = 15) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const total = profile.timeDeltas.reduce((a, b) => a + b, 0);
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || "(anonymous)"}  ${url ? `${url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "")}:${lineNumber + 1}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, ms: us / 1000, share: us / total }));
}

/** One database: seed, check, measure every screen; `profile` runs the worst again under --cpu-prof. */
async function benchOne({ dialect, databaseUrl, data, env, log, profileDir, profileScreen, options }) {
  log(`screens, ${dialect}: seeding five years`);
  const seed = seedDatabase(databaseUrl, log);
  const list = screens(seed);
  let { server, headers } = await open({ data, env, seed });
  const rows = [];
  try {
    for (const screen of list) {
      const bytes = await check(server, headers, screen);
      log(`screens, ${dialect}: ${screen.path} (${bytes} bytes): warm-up ${options.warmupSeconds} s, then ${options.seconds} s`);
      rows.push({ ...screen, dialect, bytes, ...(await measure(server, headers, screen, options)) });
    }
  } finally {
    await server.stop();
  }
  let profiled = null;
  if (profileDir) {
    const worst =
      (profileScreen && rows.find((row) => row.path.includes(profileScreen) || row.label.includes(profileScreen))) ||
      rows.reduce((a, b) => (b.rps / b.target < a.rps / a.target ? b : a));
    const dir = path.join(profileDir, dialect);
    mkdirSync(dir, { recursive: true });
    log(`screens, ${dialect}: profiling ${worst.path}`);
    ({ server, headers } = await open({ data, env, seed, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] }));
    try {
      await measure(server, headers, worst, options);
    } finally {
      await server.stop();
    }
    const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error(`the profiled server wrote no .cpuprofile into ${dir}`);
    const full = path.join(dir, file);
    profiled = { label: worst.label, file: full, top: topSelfTime(JSON.parse(readFileSync(full, "utf8"))) };
  }
  return { dialect, seedSeconds: seed.seconds, rows, profiled };
}

/**
 * Both databases' figures; `profile`: the .cpuprofile files go into a directory that outlives the
 * run (true: of the worst screen; a string: of the screen whose path or label holds it).
 */
export async function benchScreens({ log, profile, seconds, warmupSeconds, connections }) {
  const profileScreen = typeof profile === "string" ? profile : undefined;
  const options = { seconds, warmupSeconds, connections };
  // The seeded staff admin signs in with a password alone (the real form, two-factor optional).
  // The API row would measure its 429s at the default 600 calls a minute per token: the limit is raised
  // (each call still counts in the shared store, as in production).
  const env = { DEMO_CONTENT: "off", STAFF_2FA: "optional", API_RATE_LIMIT_PER_MINUTE: "100000" };
  const results = [];
  const data = tempDataDir("agency-screens-");
  const profileDir = profile ? mkdtempSync(path.join(os.tmpdir(), "agency-screens-profile-")) : null;
  try {
    results.push(
      await benchOne({ dialect: "sqlite", databaseUrl: `file:${data.databaseFile}`, data, env, log, profileDir, profileScreen, options }),
    );
    const base = process.env.TEST_DATABASE_URL;
    if (!base) return { results, skipped: "TEST_DATABASE_URL is not set", options };
    const schema = `bench_screens_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(`create schema ${schema}`);
      const databaseUrl = `${base}${base.includes("?") ? "&" : "?"}options=-c%20search_path%3D${schema}`;
      results.push(
        await benchOne({
          dialect: "postgres",
          databaseUrl,
          data,
          env: { ...env, DATABASE_URL: databaseUrl },
          log,
          profileDir,
          profileScreen,
          options,
        }),
      );
    } finally {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
    return { results, skipped: null, options };
  } finally {
    data.remove();
  }
}

/** The table printed by `npm run bench`. */
export function screensLines({ results, skipped, options }, pass) {
  const fmt = (n, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const table = [
    ["Signed-in screen (five-year data set)", "db", "req/s", "p50 ms", "p99 ms", "non-2xx", "CPU ms/req", "KiB", "target", ""],
  ];
  for (const r of results.flatMap((result) => result.rows)) {
    const ok = r.rps >= r.target && r.p99 <= 50 && r.bad === 0;
    table.push([
      r.label,
      r.dialect,
      fmt(r.rps),
      fmt(r.p50, 1),
      fmt(r.p99, 1),
      fmt(r.bad),
      fmt(r.cpuMs, 2),
      fmt(r.bytes / 1024, 1),
      `≥ ${r.target} req/s, p99 ≤ 50 ms`,
      pass(ok),
    ]);
  }
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  const line = (row) =>
    row
      .map((cell, c) => (c <= 1 || c >= 8 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
      .join("  ")
      .trimEnd();
  const lines = [line(table[0]), widths.map((w) => "-".repeat(w)).join("  "), ...table.slice(1).map(line)];
  lines.push(
    `  (autocannon, ${options.connections} connections, ${options.seconds} s per row after ${options.warmupSeconds} s warm-up; seeded in ${results.map((r) => `${fmt(r.seedSeconds, 1)} s on ${r.dialect}`).join(", ")}; ` +
      `CPU: the server process's user+system time over the run ÷ requests answered; KiB: the page as sent uncompressed)`,
  );
  if (skipped) lines.push(`Screens, postgres: skipped (${skipped})`);
  for (const r of results) {
    if (!r.profiled) continue;
    lines.push("", `CPU profile of the worst screen on ${r.dialect}, ${r.profiled.label}: ${r.profiled.file}`);
    lines.push("  self ms   share  function");
    for (const f of r.profiled.top) lines.push(`  ${fmt(f.ms, 0).padStart(7)}  ${fmt(100 * f.share, 1).padStart(5)}%  ${f.name}`);
  }
  lines.push("");
  return lines;
}
