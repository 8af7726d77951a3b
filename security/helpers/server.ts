import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createDb } from "~/server/db/db.server";

export type Backend = "sqlite" | "postgres";

/** What a test needs to reach one running instance of the built server (serializable). */
export interface ServerInfo {
  backend: Backend;
  url: string;
  databaseUrl: string;
  storageDir: string;
  authSecret: string;
  /** The server's stdout: its JSON log lines, at LOG_LEVEL ("error" unless a suite asks for more). */
  logFile: string;
  /** The METRICS_TOKEN it was started with, if any. */
  metricsToken?: string;
}

export interface RunningServer extends ServerInfo {
  stop(): Promise<void>;
  stderr(): string;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
// Ports reserved for this suite on shared machines; CI has them to itself.
const PORTS = { first: 4350, last: 4369 };
const taken = new Set<number>();

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function pickPort(): Promise<number> {
  for (let port = PORTS.first; port <= PORTS.last; port++) {
    if (!taken.has(port) && (await portIsFree(port))) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORTS.first}–${PORTS.last}`);
}

export function requireBuild(): void {
  if (!existsSync(path.join(ROOT, "build/server.js"))) {
    throw new Error("test:security drives the built server: run `npm run build` first.");
  }
}

/** A PostgreSQL schema of its own on TEST_DATABASE_URL, or a SQLite file in `dir`. */
async function createDatabase(backend: Backend, dir: string) {
  if (backend === "sqlite") return { url: `file:${path.join(dir, "app.sqlite")}`, drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `sec_${randomBytes(6).toString("hex")}`;
  const admin = createDb(base);
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const sep = base.includes("?") ? "&" : "?";
  return {
    url: `${base}${sep}options=-c%20search_path%3D${schema}`,
    drop: async () => {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    },
  };
}

/**
 * Starts `node build/server.js` on a loopback port with a fresh database, storage directory and
 * demo content; `env` overrides (e.g. TRUSTED_PROXIES, an https APP_URL). Mails go to .eml files
 * in its own working directory.
 */
export async function startServer(options: { backend?: Backend; env?: Record<string, string> } = {}): Promise<RunningServer> {
  requireBuild();
  const backend = options.backend ?? "sqlite";
  const dir = mkdtempSync(path.join(tmpdir(), "agency-security-"));
  const database = await createDatabase(backend, dir);
  const port = await pickPort();
  const url = `http://127.0.0.1:${port}`;
  const storageDir = path.join(dir, "uploads");
  const authSecret = randomBytes(32).toString("base64url");
  const logFile = path.join(dir, "server.log");
  const child = spawn(process.execPath, [path.join(ROOT, "build/server.js")], {
    cwd: dir,
    stdio: ["ignore", openSync(logFile, "a"), "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATABASE_URL: database.url,
      STORAGE_DIR: storageDir,
      AUTH_SECRET: authSecret,
      DEMO_CONTENT: "on",
      LOG_LEVEL: "error",
      SMTP_URL: "",
      REDIS_URL: "",
      TRUSTED_PROXIES: "",
      GOOGLE_CLIENT_ID: "",
      GOOGLE_CLIENT_SECRET: "",
      // The world's staff member signs in with a password alone; a suite may override.
      STAFF_2FA: "optional",
      ...options.env,
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(kill, 12_000);
    await exited;
    clearTimeout(timer);
    process.off("exit", kill);
    taken.delete(port);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode}):\n${stderr}`);
    }
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start on ${url}:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const metricsToken = options.env?.METRICS_TOKEN || undefined;
  return { backend, url, databaseUrl: database.url, storageDir, authSecret, logFile, metricsToken, stop, stderr: () => stderr };
}

/** The log lines a server wrote from byte `offset` on, parsed, and where the next read starts. */
export function readLogLines(server: ServerInfo, offset = 0): { lines: LogLine[]; next: number } {
  const bytes = readFileSync(server.logFile);
  const text = bytes.subarray(offset).toString("utf8");
  const complete = text.slice(0, text.lastIndexOf("\n") + 1);
  const lines = complete
    .split("\n")
    .filter(Boolean)
    .map((line): LogLine => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        return { level: 60, msg: `not JSON: ${line}` };
      }
    });
  return { lines, next: offset + Buffer.byteLength(complete) };
}

/** pino's numbers: 50 error, 60 fatal. */
export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** Error and fatal lines, as short strings for a failure message. */
export function errorLines(lines: LogLine[]): string[] {
  return lines.filter((l) => l.level >= 50).map((l) => `${l.msg ?? ""} ${JSON.stringify(l.err ?? l.url ?? "").slice(0, 300)}`);
}

/** Creates a staff account with the real command line (`npm run staff -- add`). */
export function addStaffWithCli(server: ServerInfo, email: string, password: string, role?: string): void {
  const roleArgs = role ? ["--role", role] : [];
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", email, "--password", password, ...roleArgs], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
    env: {
      ...process.env,
      DATABASE_URL: server.databaseUrl,
      STORAGE_DIR: server.storageDir,
      AUTH_SECRET: server.authSecret,
      LOG_LEVEL: "warn",
    },
  });
  if (result.status !== 0) throw new Error(`staff add ${email} exited ${result.status}: ${result.stderr}${result.stdout}`);
}
