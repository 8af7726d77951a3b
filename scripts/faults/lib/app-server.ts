import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { onCleanup, sleep } from "./processes";

/** Where one scenario's server keeps its data; survives restarts of the server. */
export interface DataDir {
  dir: string;
  databaseUrl: string;
  /** Set on SQLite only. */
  sqliteFile?: string;
  storageDir: string;
}

export function sqliteDataDir(label: string): DataDir {
  const dir = mkdtempSync(path.join(os.tmpdir(), `agency-faults-${label}-`));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const sqliteFile = path.join(dir, "app.sqlite");
  return { dir, databaseUrl: `file:${sqliteFile}`, sqliteFile, storageDir: path.join(dir, "uploads") };
}

export function postgresDataDir(label: string, databaseUrl: string): DataDir {
  const dir = mkdtempSync(path.join(os.tmpdir(), `agency-faults-${label}-`));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return { dir, databaseUrl, storageDir: path.join(dir, "uploads") };
}

export interface AppServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** The last 50 kB the process wrote (its log). */
  output(): string;
  /** Its error and fatal log lines (pino levels 50 and 60). */
  errors(): string[];
  /** Why it is no longer running ("signal SIGTERM"), or null while it runs. */
  exitReason(): string | null;
  /** SIGTERM, then SIGKILL after 12 s; resolves once the process is gone. */
  stop(): Promise<void>;
  /** kill -9: no shutdown code runs. */
  kill9(): Promise<void>;
}

const secret = randomBytes(32).toString("base64url");

/** Spawns the built server (build/server.js) on `port` and waits for /healthz. */
export async function startAppServer(data: DataDir, port: number, env: Record<string, string> = {}): Promise<AppServer> {
  const url = `http://127.0.0.1:${port}`;
  // The data directory is the working directory: .eml files (SMTP_URL unset) land in ./data/mail.
  const child = spawn(process.execPath, [path.resolve("build/server.js")], {
    cwd: data.dir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATABASE_URL: data.databaseUrl,
      STORAGE_DIR: data.storageDir,
      AUTH_SECRET: secret,
      DEMO_CONTENT: "on",
      LOG_LEVEL: "warn",
      // Quotes and applications arrive through a proxy from many addresses (X-Forwarded-For).
      TRUSTED_PROXIES: "loopback",
      SMTP_URL: "",
      REDIS_URL: "",
      // The agency's inboxes, as setup or an operator sets them: without them a quote or an
      // application enqueues only the sender's confirmation, and the suites count two mails each.
      MAIL_SALES_TO: "sales@example.com",
      MAIL_HR_TO: "hr@example.com",
      ...env,
    },
  });
  // The log (pino writes to stdout; LOG_LEVEL=warn) and any crash output, for the report.
  let output = "";
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-50_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const kill9 = async () => {
    if (!gone()) child.kill("SIGKILL");
    await exited;
  };
  const forget = onCleanup(kill9);
  const stop = async () => {
    if (!gone()) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 12_000);
    await exited;
    clearTimeout(timer);
    forget();
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (gone()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    const up = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await kill9();
      throw new Error(`the server did not answer on ${url} within 30 s:\n${output}`);
    }
    await sleep(50);
  }
  return {
    url,
    pid: child.pid!,
    child,
    output: () => output,
    errors: () => output.split("\n").filter((line) => /"level":(50|60)/.test(line)),
    exitReason: () => (child.signalCode ? `signal ${child.signalCode}` : child.exitCode !== null ? `exit code ${child.exitCode}` : null),
    stop,
    kill9: async () => (await kill9(), forget()),
  };
}
