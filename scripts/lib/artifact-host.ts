// A server host for `npm run test:artifact`: a folder holding only the production artifact, where
// npm installs, starts the app and runs the admin tools exactly as an operator types them.
import { execFile, spawn } from "node:child_process";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

// npm's own variables from the `npm run` that started the test (its project, its lifecycle) must
// not reach the npm that runs in the artifact.
const NPM_RUN_VARIABLES = /^(npm_package_|npm_lifecycle_|npm_command$|npm_config_local_prefix$|npm_config_call$|INIT_CWD$)/;

/**
 * The environment of the host: this process's, without npm's run variables, without NODE_OPTIONS
 * (nothing of the checkout may load there) and without any of the app's settings (the names in
 * .env.example), plus `settings`.
 */
export function hostEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const appSettings = new Set([...readFileSync(".env.example", "utf8").matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (NPM_RUN_VARIABLES.test(name) || name === "NODE_OPTIONS" || appSettings.has(name)) continue;
    env[name] = value;
  }
  return { ...env, ...settings };
}

/** `npm <args>` in `dir`; never rejects (the exit code says how it went). */
export function npm(dir: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<CommandResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile("npm", args, { cwd: dir, env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr: stderr || (error?.message ?? ""), ms: performance.now() - started });
    });
  });
}

/** `npm run --silent <script> -- <args>`: a tool's own output, without npm's banner. */
export function tool(dir: string, script: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return npm(dir, ["run", "--silent", script, "--", ...args], env);
}

export interface RunningApp {
  url: string;
  /** SIGTERM to `npm start` and everything it started; resolves when all of them have exited. */
  stop(): Promise<{ ms: number; clean: boolean }>;
  output(): string;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm start` in `dir` (its own process group), answered on /healthz within `timeoutMs`. */
export async function startApp(dir: string, env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<RunningApp> {
  const url = `http://${env.HOST}:${env.PORT}`;
  const child = spawn("npm", ["start"], { cwd: dir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const pid = child.pid!;
  // Backstop: whatever happens, the app does not outlive this process.
  const backstop = () => groupAlive(pid) && process.kill(-pid, "SIGKILL");
  process.on("exit", backstop);
  const app: RunningApp = {
    url,
    output: () => output,
    async stop() {
      const started = performance.now();
      if (groupAlive(pid)) process.kill(-pid, "SIGTERM");
      while (groupAlive(pid) && performance.now() - started < 15_000) await sleep(50);
      const clean = !groupAlive(pid);
      if (!clean) process.kill(-pid, "SIGKILL");
      while (groupAlive(pid)) await sleep(50);
      process.off("exit", backstop);
      return { ms: performance.now() - started, clean };
    },
  };
  const started = performance.now();
  for (;;) {
    const status = await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return app;
    if (child.exitCode !== null || performance.now() - started > timeoutMs) {
      await app.stop();
      throw new Error(`npm start did not answer /healthz (exit ${child.exitCode}):\n${output}`);
    }
    await sleep(100);
  }
}

/** Bytes and files under `dir` (sizes as listed, symbolic links not followed), skipping `skip`. */
export function folderSize(dir: string, skip: string[] = []): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = folderSize(full);
      bytes += inner.bytes;
      files += inner.files;
    } else {
      bytes += lstatSync(full).size;
      files += 1;
    }
  }
  return { bytes, files };
}

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
