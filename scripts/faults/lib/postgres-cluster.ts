import { execFile, execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { onCleanup } from "./processes";

const execFileAsync = promisify(execFile);

// A private PostgreSQL cluster for the restart fault: the shared server at :5432 is other people's
// and must never be stopped. PostgreSQL refuses to run as root, so as root it runs as `postgres`.

const BIN_DIRS = [process.env.PG_BIN, "/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"];

export interface PrivateCluster {
  url: string;
  start(): Promise<void>;
  /** A fast shutdown: the server ends every session, as on a restart by an operator. */
  stop(): Promise<void>;
}

/** Why the cluster cannot run here, or null when it can. */
export function clusterUnavailable(): string | null {
  if (!binDir()) return `no initdb/pg_ctl found (looked in ${BIN_DIRS.filter(Boolean).join(", ")}; set PG_BIN)`;
  if (process.getuid?.() === 0 && spawnSync("id", ["-u", "postgres"]).status !== 0) return "running as root without a `postgres` user";
  return null;
}

function binDir(): string | undefined {
  return BIN_DIRS.find((dir): dir is string => !!dir && existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")));
}

export function createPrivateCluster(port: number): PrivateCluster {
  const bin = binDir()!;
  const dir = mkdtempSync(path.join(os.tmpdir(), "agency-faults-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    chownSync(dir, uid, gid);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
  // Asynchronous, so the load and the /readyz probes keep running while the server stops and starts.
  const run = async (tool: string, args: string[]) => {
    const [file, argv] = command(tool, args);
    await execFileAsync(file, argv, { timeout: 60_000 }).catch((error: { stderr?: string; message: string }) => {
      throw new Error(`${tool} ${args.join(" ")} failed: ${error.stderr || error.message}`);
    });
  };
  const pgData = path.join(dir, "data");
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50 -c shared_buffers=16MB`;
  let running = false;
  onCleanup(() => {
    if (running) spawnSync(...command("pg_ctl", ["-D", pgData, "-m", "immediate", "-w", "stop"]));
    running = false;
    rmSync(dir, { recursive: true, force: true });
  });
  const initdb = spawnSync(...command("initdb", ["-D", pgData, "-A", "trust", "-U", "postgres", "--no-sync", "--no-instructions"]), {
    encoding: "utf8",
  });
  if (initdb.status !== 0) throw new Error(`initdb failed (${initdb.status}): ${initdb.stderr}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      running = true;
      await run("pg_ctl", ["-D", pgData, "-l", path.join(dir, "server.log"), "-o", options, "-w", "-t", "30", "start"]);
    },
    async stop() {
      await run("pg_ctl", ["-D", pgData, "-m", "fast", "-w", "-t", "30", "stop"]);
      running = false;
    },
  };
}
