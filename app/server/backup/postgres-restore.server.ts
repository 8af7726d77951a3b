import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import { sql } from "kysely";
import { createDb } from "~/server/db/db.server";
import { hasTool, MissingPostgresTool, postgresEnv, runTool } from "./postgres-tools.server";

// Restoring a pg_dump archive (custom format, one schema) into DATABASE_URL's database: the
// schema's tables and functions are dropped, then pg_restore recreates them in one transaction.
// The archive's CREATE SCHEMA is left out, so the same steps work for `public` (which always
// exists) and for a schema the restore has to create.

const run = promisify(execFile);

export async function restorePostgres(dumpFile: string, databaseUrl: string, schema: string): Promise<void> {
  if (!(await hasTool("pg_restore"))) throw new MissingPostgresTool("pg_restore");
  const env = postgresEnv(databaseUrl);
  const { stdout } = await run("pg_restore", ["--list", dumpFile], { env, maxBuffer: 64 * 1024 * 1024 });
  const list = stdout
    .split("\n")
    .filter((line) => !/^\d+; \d+ \d+ (SCHEMA|COMMENT) - (SCHEMA )?\S+ /.test(line))
    .join("\n");
  const listFile = `${dumpFile}.list`;
  await fs.writeFile(listFile, list, { mode: 0o600 });
  const database = createDb(databaseUrl);
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(database);
    const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = ${schema}`.execute(database);
    // The search triggers' functions (not an extension's) outlive their tables, and the archive
    // creates them again.
    const functions = await sql<{ name: string; args: string }>`
      select p.proname as name, pg_get_function_identity_arguments(p.oid) as args
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${schema} and p.prokind = 'f'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`.execute(
      database,
    );
    await database.transaction().execute(async (trx) => {
      for (const { name } of tables.rows) await sql`drop table if exists ${sql.id(schema, name)} cascade`.execute(trx);
      for (const { name, args } of functions.rows)
        await sql`drop function if exists ${sql.id(schema, name)}(${sql.raw(args)}) cascade`.execute(trx);
    });
  } finally {
    await database.destroy();
  }
  try {
    await runTool(
      "pg_restore",
      [
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        `--use-list=${listFile}`,
        `--dbname=${env.PGDATABASE}`,
        dumpFile,
      ],
      databaseUrl,
    );
  } finally {
    await fs.rm(listFile, { force: true });
  }
}
