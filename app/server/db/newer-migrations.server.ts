import { sql, type Kysely } from "kysely";

// A database a newer release has migrated holds migration names this code has never heard of.
// Kysely's migrator refuses to run on it ("previously executed migration … is missing"), which
// would stop an instance of the previous release from starting during a rolling upgrade; the
// migrations are expand-only between releases (decision 0064), so that instance may serve on it.

/** Names in the migration table that are not in `known`, in the order they ran. */
export async function unknownAppliedMigrations<T>(
  database: Kysely<T>,
  schema: string | undefined,
  known: readonly string[],
): Promise<string[]> {
  const table = schema ? sql.table(`${schema}.kysely_migration`) : sql.table("kysely_migration");
  const found = schema
    ? sql`select tablename from pg_catalog.pg_tables where schemaname = ${schema} and tablename = 'kysely_migration'`
    : sql`select name from sqlite_master where type = 'table' and name = 'kysely_migration'`;
  const exists = (await found.execute(database)).rows.length > 0;
  if (!exists) return [];
  const { rows } = await sql<{ name: string }>`select name from ${table} order by timestamp, name`.execute(database);
  return rows.map((r) => r.name).filter((name) => !known.includes(name));
}
