// A built server of another checkout (the previous release) for `npm run test:upgrade`: started on
// a given database from a data directory of its own, and the pages a visitor, a signed-in client
// and a load balancer ask for.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { freePort } from "./built-server.mjs";
import { registerClient } from "./support-upload.mjs";

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** The process's output when it exits before answering: what a failed start says. */
export class StartFailed extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const AUTH_SECRET = randomBytes(32).toString("base64url");

export async function startBuild(buildDir: string, dataDir: string, databaseUrl: string): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(buildDir, "build/server.js")], {
    cwd: dataDir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      ENV_FILE: "off",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: path.join(dataDir, "uploads"),
      AUTH_SECRET,
      DEMO_CONTENT: "on",
      STAFF_2FA: "optional",
      LOG_LEVEL: "warn",
      SMTP_URL: "",
      REDIS_URL: "",
    },
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 60_000;
  while (
    (await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (child.exitCode !== null) throw new StartFailed(output);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new StartFailed(`no answer on /healthz within 60 s\n${output}`);
    }
    await sleep(100);
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Status of a GET, without following redirects. */
export async function statusOf(url: string, cookie?: string): Promise<number> {
  const response = await fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  await response.arrayBuffer();
  return response.status;
}

/** A client registered through the real form; their session cookie. */
export function newClient(url: string): Promise<string> {
  return registerClient(url, `upgrade-${randomBytes(4).toString("hex")}@example.com`);
}
