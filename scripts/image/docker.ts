// Small async wrappers over the docker CLI for `npm run test:image`: nothing blocks the event loop,
// so the test's time limit can always stop a build that hangs.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";

export type Result = { status: number | null; stdout: string; stderr: string; ms: number };

const running = new Set<ChildProcess>();

/** Runs a command; never rejects. With `log`, output goes to that file instead of memory. */
export function run(command: string, args: string[], options: { timeoutMs?: number; log?: string } = {}): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    running.add(child);
    let stdout = "";
    let stderr = "";
    if (options.log) {
      const file = createWriteStream(options.log);
      child.stdout.pipe(file);
      child.stderr.pipe(file);
    } else {
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    }
    const timer = options.timeoutMs ? setTimeout(() => child.kill("SIGTERM"), options.timeoutMs) : undefined;
    const done = (status: number | null, error = "") => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ status, stdout, stderr: stderr + error, ms: Math.round(performance.now() - started) });
    };
    child.once("error", (error) => done(null, String(error)));
    child.once("close", (status) => done(status));
  });
}

export const docker = (args: string[], options?: { timeoutMs?: number; log?: string }) => run("docker", args, options);

/** Stops whatever this module started and is still running (the time limit, Ctrl-C). */
export function killRunning(): void {
  for (const child of running) child.kill("SIGTERM");
}

/** The value of a `docker inspect --format` template, or "" when there is no such object. */
export async function inspect(target: string, format: string): Promise<string> {
  const result = await docker(["inspect", "--format", format, target]);
  return result.status === 0 ? result.stdout.trim() : "";
}

/** Polls until `check` returns a value (not undefined) or the time is up. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs: number, everyMs = 250): Promise<T | undefined> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return undefined;
}

export const megabytes = (bytes: string | number) => `${Math.round(Number(bytes) / 1e6)} MB`;
