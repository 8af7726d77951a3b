import { sql, type DatabaseIntrospector, type Kysely, type TableMetadata } from "kysely";

/**
 * The database as Kysely's migrator should see it on PostgreSQL: its introspection lists only the
 * tables of `schema`.
 *
 * Why: to learn whether its own two tables exist, the migrator introspects every column of every
 * table in the *database*, calling `pg_get_serial_sequence` on each by name. When another schema
 * of the same database is dropped meanwhile (a test suite finishing beside this one, a staging
 * install removed), that call fails with "schema … does not exist" and the migration with it; on
 * a database shared by many installs it also reads far more than it needs. The migrator only asks
 * for names, so names of the one schema are all it gets.
 */
export function migratorView<DB>(database: Kysely<DB>, schema: string): Kysely<DB> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => database.introspection.getSchemas(),
    async getTables(): Promise<TableMetadata[]> {
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm')`.execute(database);
      return rows.map((row) => ({ name: row.name, schema, isView: row.kind === "v" || row.kind === "m", columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(database, {
    get(target, property) {
      if (property === "introspection") return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods read private fields: they must run on the real instance.
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
