import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";

// The PostgreSQL side of backup and restore: the database's own tools, pg_dump (custom format)
// and pg_restore, when they are on the PATH. The connection goes through PG* variables, never the
// command line, so the password does not show in `ps`.

const run = promisify(execFile);

export class MissingPostgresTool extends Error {
  constructor(tool: "pg_dump" | "pg_restore") {
    super(
      tool === "pg_dump"
        ? "pg_dump is not on the PATH, so this command cannot copy the PostgreSQL database. Install the PostgreSQL client tools of your server's major version (Debian/Ubuntu: apt install postgresql-client) and run it again, or back the database up with its own tools: pg_dump --format=custom --file=agency.pgdump \"$DATABASE_URL\" (or your provider's snapshots and point-in-time recovery, docs/deploy.md)."
        : 'pg_restore is not on the PATH, so this command cannot restore the PostgreSQL database. Install the PostgreSQL client tools (Debian/Ubuntu: apt install postgresql-client) and run it again, or restore the entry\'s database.pgdump yourself: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" database.pgdump, then npm run db:migrate.',
    );
    this.name = "MissingPostgresTool";
  }
}

export async function hasTool(tool: "pg_dump" | "pg_restore"): Promise<boolean> {
  try {
    await run(tool, ["--version"]);
    return true;
  } catch {
    return false;
  }
}

/** PG* variables for a postgres:// URL (libpq reads them; options carries e.g. a search_path). */
export function postgresEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  env.PGHOST = decodeURIComponent(url.hostname) || "localhost";
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  env.PGDATABASE = decodeURIComponent(url.pathname.slice(1));
  const options = url.searchParams.get("options");
  if (options) env.PGOPTIONS = options;
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a client tool; rejects with its stderr. */
export function runTool(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: postgresEnv(databaseUrl), stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`))));
  });
}
