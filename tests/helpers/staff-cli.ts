import { spawnSync } from "node:child_process";
import path from "node:path";

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The real `npm run staff` script (scripts/staff.ts) against a throw-away SQLite file in `dir`: the
 * operator's command line as they run it, in a process of its own.
 */
export function staffCli(dir: string) {
  return (...args: string[]): CliResult => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", ...args], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      encoding: "utf8",
      timeout: 60_000,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: `file:${path.join(dir, "cli.sqlite")}`,
        STORAGE_DIR: path.join(dir, "uploads"),
        AUTH_SECRET: "cli-test-secret-0123456789-0123456789",
        COMPANY_DOMAIN: "indigokite.dev",
        LOG_LEVEL: "warn",
      },
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
}
