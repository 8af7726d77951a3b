import { sql, type Kysely } from "kysely";

// What `npm run db:copy` reads of the two schemas (decision 0014). The tables come from the
// migrated PostgreSQL target, so a table added by a later migration is copied without a change here.

export interface TargetColumn {
  name: string;
  /** information_schema's data_type, e.g. "boolean", "bigint", "timestamp with time zone". */
  dataType: string;
  /** Filled by a sequence (serial or identity), which must be moved past the copied values. */
  sequence: boolean;
}

export interface TargetTable {
  name: string;
  columns: TargetColumn[];
}

/**
 * Kysely's own bookkeeping: each side keeps its own, written by its migrator. The search index
 * (decision 0045) is derived data: SQLite's FTS5 tables have no PostgreSQL twin, and the target's
 * triggers rebuild its documents from the rows being copied.
 */
const isMigrationTable = (name: string) =>
  name === "kysely_migration" || name === "kysely_migration_lock" || name === "search_documents" || name.startsWith("search_index_");

/** The tables of the target's current schema, parents before children. */
export async function targetTables(target: Kysely<unknown>): Promise<TargetTable[]> {
  const columns = await sql<{ table: string; column: string; dataType: string; isIdentity: string; default: string | null }>`
    select table_name as "table", column_name as "column", data_type as "dataType", is_identity as "isIdentity", column_default as "default"
    from information_schema.columns
    where table_schema = current_schema()
    order by table_name, ordinal_position`.execute(target);
  const tables = new Map<string, TargetColumn[]>();
  for (const c of columns.rows) {
    if (isMigrationTable(c.table)) continue;
    const sequence = c.isIdentity === "YES" || (c.default ?? "").startsWith("nextval(");
    tables.set(c.table, [...(tables.get(c.table) ?? []), { name: c.column, dataType: c.dataType, sequence }]);
  }
  const references = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(target);
  return parentsFirst([...tables.keys()], references.rows).map((name) => ({ name, columns: tables.get(name)! }));
}

/** Topological order over foreign keys; a table referencing itself is fine, a cycle is not. */
function parentsFirst(tables: string[], references: { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const remaining = new Set([...tables].sort());
  while (remaining.size) {
    const ready = [...remaining].find((t) => [...parents.get(t)!].every((p) => !remaining.has(p)));
    if (!ready) throw new Error(`Foreign keys form a cycle among: ${[...remaining].join(", ")}`);
    ordered.push(ready);
    remaining.delete(ready);
  }
  return ordered;
}

/** Column names of every table in the SQLite source. */
export async function sourceTables(source: Kysely<unknown>): Promise<Map<string, string[]>> {
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`.execute(source);
  const result = new Map<string, string[]>();
  for (const { name } of tables.rows) {
    if (isMigrationTable(name)) continue;
    const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(source);
    result.set(
      name,
      columns.rows.map((c) => c.name),
    );
  }
  return result;
}

/** Every difference that would lose or invent data; empty when the two schemas match. */
export function schemaDifferences(source: Map<string, string[]>, target: TargetTable[]): string[] {
  const problems: string[] = [];
  const targetNames = new Set(target.map((t) => t.name));
  for (const name of source.keys()) if (!targetNames.has(name)) problems.push(`table ${name} exists only in the source`);
  for (const table of target) {
    const sourceColumns = source.get(table.name);
    if (!sourceColumns) {
      problems.push(`table ${table.name} exists only in the target`);
      continue;
    }
    const targetColumns = new Set(table.columns.map((c) => c.name));
    for (const c of sourceColumns) if (!targetColumns.has(c)) problems.push(`column ${table.name}.${c} exists only in the source`);
    for (const c of targetColumns) if (!sourceColumns.includes(c)) problems.push(`column ${table.name}.${c} exists only in the target`);
  }
  return problems;
}
