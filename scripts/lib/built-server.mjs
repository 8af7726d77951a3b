// Starts the built production server (build/server.js) on a throw-away SQLite database with the demo
// content, for `npm run bench` and `npm run lighthouse`. Loopback only.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./serve-build.mjs";

export { freePort };

/** The V8 flags every launcher of the server passes (package.json's start, Dockerfile, deploy/agency.service). */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=2"];

/**
 * ...and the C library's setting they all give it (decision 0113): blocks of 32 KiB and more are
 * mapped apart and handed back to the system when freed, so the compilers' scratch memory does not
 * stay resident. Only read by glibc, at start.
 */
export const SERVER_GLIBC_TUNABLES = "glibc.malloc.mmap_threshold=32768";

/** Exits with a clear message when `npm run build` has not been run: these scripts build nothing. */
export function requireBuild(command) {
  const missing = ["build/server.js", "build/server/index.js", "build/client"].filter((file) => !existsSync(file));
  if (missing.length === 0) return;
  console.error(
    `${command}: no build found (${missing.join(", ")} missing). Run \`npm run build\` first; ${command} builds nothing itself.`,
  );
  process.exit(1);
}

/** A temp directory holding the database and uploads of one run; `remove()` deletes it. */
export function tempDataDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    databaseFile: path.join(dir, "app.sqlite"),
    storageDir: path.join(dir, "uploads"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function serverEnv(data, port, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `file:${data.databaseFile}`,
    STORAGE_DIR: data.storageDir,
    AUTH_SECRET: process.env.BENCH_AUTH_SECRET ?? randomBytes(32).toString("base64url"),
    DEMO_CONTENT: "on",
    LOG_LEVEL: "warn",
    SMTP_URL: "",
    REDIS_URL: "",
    GLIBC_TUNABLES: SERVER_GLIBC_TUNABLES,
    ...extra,
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS, RssFile and RssAnon of a process in MiB (Linux /proc), or null elsewhere. */
function residentMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const mib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, "m").exec(status)?.[1]) / 1024;
    const figures = { rss: mib("VmRSS"), file: mib("RssFile"), anon: mib("RssAnon") };
    return Object.values(figures).every(Number.isFinite) ? figures : null;
  } catch {
    return null;
  }
}

/**
 * Spawns `node build/server.js` and polls `readyPath` until it answers 200. Returns the child, its
 * URL and the time from spawn to that first 200 (ms). `root` is the checkout whose build runs (another
 * worktree's, to compare two commits).
 */
export async function startServer({ data, port, env = {}, readyPath = "/", pollMs = 5, timeoutMs = 30_000, root = ".", nodeArgs }) {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // The data directory is the working directory too: .eml files (SMTP_URL unset) land in ./data/mail.
  // SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under the load;
  // SERVER_STDOUT=1 shows what it prints there (SERVER_NODE_ARGS=--trace-gc, for one). `nodeArgs`, when
  // given, replaces them (the screens bench's --profile).
  nodeArgs ??= process.env.SERVER_NODE_ARGS ? process.env.SERVER_NODE_ARGS.split(" ") : [];
  // As `npm start`, the container and the systemd unit run it (decision 0108).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, path.resolve(root, "build/server.js")], {
    cwd: data.dir,
    env: serverEnv(data, port, env),
    stdio: ["ignore", process.env.SERVER_STDOUT ? "inherit" : "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-20_000);
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${stderr}`);
    const status = await fetch(url + readyPath).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => 0,
    );
    if (status === 200) break;
    if (performance.now() - started > timeoutMs) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer 200 on ${readyPath} within ${timeoutMs} ms:\n${stderr}`);
    }
    await sleep(pollMs);
  }
  const coldStartMs = performance.now() - started;
  return {
    url,
    port,
    child,
    coldStartMs,
    stderr: () => stderr,
    /** Resident set size of the server process in MiB (Linux /proc), or null elsewhere. */
    rssMiB() {
      return residentMiB(child.pid)?.rss ?? null;
    },
    /** The same, split: pages of mapped files (the node binary's among them) and anonymous memory. */
    residentMiB: () => residentMiB(child.pid),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
