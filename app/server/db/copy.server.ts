import { existsSync } from "node:fs";
import { sql, type Kysely, type Transaction } from "kysely";
import { createDb, migrateToLatest } from "./db.server";
import { schemaDifferences, sourceTables, targetTables, type TargetColumn, type TargetTable } from "./copy-schema.server";
import { migrations } from "./migrations/index";

// `npm run db:copy`: an existing SQLite database into an empty PostgreSQL one (decision 0014).

/** The copy did not start: nothing was written to the target beyond its migrations. */
export class CopyRefused extends Error {}

export interface TableCount {
  table: string;
  source: number;
  copied: number;
  ok: boolean;
}

/** Row counts differed inside the copy's transaction, which was rolled back. */
export class CopyMismatch extends Error {
  constructor(readonly counts: TableCount[]) {
    super("Row counts differ between source and target; the copy was rolled back and the target left empty.");
  }
}

type Row = Record<string, unknown>;
const MAX_PARAMETERS = 30_000;

export async function copySqliteToPostgres(options: { from: string; to: string; batchRows?: number }): Promise<TableCount[]> {
  const file = options.from.replace(/^file:/, "");
  if (!existsSync(file)) throw new CopyRefused(`No SQLite database at ${file}.`);
  if (!/^postgres(ql)?:\/\//.test(options.to)) throw new CopyRefused("--to must be a postgres:// URL.");
  const sourceDb = createDb(`file:${file}`);
  const targetDb = createDb(options.to);
  // Raw column names both sides: CamelCasePlugin would rename the keys of every row read.
  const source = sourceDb.withoutPlugins() as unknown as Kysely<unknown>;
  const target = targetDb.withoutPlugins() as unknown as Kysely<unknown>;
  try {
    await requireCurrentSource(source, file);
    await migrateToLatest(targetDb);
    const tables = await targetTables(target);
    const differences = schemaDifferences(await sourceTables(source), tables);
    if (differences.length) throw new CopyRefused(`The schemas differ:\n  ${differences.join("\n  ")}`);
    return await target.transaction().execute(async (trx) => {
      await clearUntouchedSeed(trx);
      await requireEmpty(trx, tables);
      const counts: TableCount[] = [];
      for (const table of tables) counts.push(await copyTable(source, trx, table, options.batchRows ?? 1000));
      if (counts.some((c) => !c.ok)) throw new CopyMismatch(counts);
      return counts;
    });
  } finally {
    await Promise.all([sourceDb.destroy(), targetDb.destroy()]);
  }
}

/** The source must be at exactly this version's schema, or columns would not line up. */
async function requireCurrentSource(source: Kysely<unknown>, file: string): Promise<void> {
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(source).then(
    (r) => r.rows.map((row) => row.name),
    () => [] as string[],
  );
  const known = Object.keys(migrations);
  const pending = known.filter((name) => !applied.includes(name));
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new CopyRefused(`${file} was migrated by a newer version of the app (${unknown.join(", ")}); copy with that version.`);
  if (pending.length) {
    throw new CopyRefused(`${file} lacks migrations ${pending.join(", ")}: run DATABASE_URL=file:${file} npm run db:migrate first.`);
  }
}

/**
 * A new PostgreSQL database is not quite empty: the site content's migration seeds version 1 of the
 * demo pages (decision 0071). The source carries its own copy of those rows, so an untouched seed
 * (seed items only, one version each, no redirect) is cleared to make way for it; a seed someone
 * edited on the target is data, and still refuses the copy.
 */
async function clearUntouchedSeed(trx: Transaction<unknown>): Promise<void> {
  const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) => Number((await query.execute(trx)).rows[0]?.n ?? 0);
  const items = await count(sql`select count(*) as n from site_items`);
  if (items === 0) return;
  const edited = await count(sql`select count(*) as n from site_items where origin <> 'seed'`);
  const versions = await count(sql`select count(*) as n from site_versions`);
  const redirects = await count(sql`select count(*) as n from site_redirects`);
  if (edited > 0 || versions !== items || redirects > 0) return;
  await sql`delete from site_versions`.execute(trx);
  await sql`delete from site_items`.execute(trx);
}

async function requireEmpty(trx: Transaction<unknown>, tables: TargetTable[]): Promise<void> {
  const filled: string[] = [];
  for (const { name } of tables) {
    const count = await countRows(trx, name);
    if (count > 0) filled.push(`${name} (${count} ${count === 1 ? "row" : "rows"})`);
  }
  if (filled.length) {
    throw new CopyRefused(
      `The target database is not empty: ${filled.join(", ")}. db:copy only fills an empty database ` +
        "(an app started on it with DEMO_CONTENT=on has seeded openings and testimonials).",
    );
  }
}

async function countRows(executor: Kysely<unknown>, table: string): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(executor);
  return Number(result.rows[0]?.n ?? 0);
}

async function copyTable(source: Kysely<unknown>, trx: Transaction<unknown>, table: TargetTable, batchRows: number): Promise<TableCount> {
  const { name, columns } = table;
  const batch = Math.max(1, Math.min(batchRows, Math.floor(MAX_PARAMETERS / columns.length)));
  const selected = sql.join(columns.map((c) => sql.ref(c.name)));
  let lastRowid = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const { rows } = await sql<Row & { __rowid: number }>`
      select rowid as __rowid, ${selected} from ${sql.table(name)} where rowid > ${lastRowid} order by rowid limit ${batch}`.execute(
      source,
    );
    if (!rows.length) break;
    lastRowid = rows.at(-1)!.__rowid;
    const values = rows.map((row) => sql`(${sql.join(columns.map((c) => toPostgres(row[c.name], c, name)))})`);
    await sql`insert into ${sql.table(name)} (${selected}) values ${sql.join(values)}`.execute(trx);
  }
  for (const column of columns.filter((c) => c.sequence)) {
    await sql`select setval(pg_get_serial_sequence(${name}, ${column.name}), coalesce(max(${sql.ref(column.name)}), 0) + 1, false) from ${sql.table(name)}`.execute(
      trx,
    );
  }
  const [sourceRows, copied] = [await countRows(source, name), await countRows(trx, name)];
  return { table: name, source: sourceRows, copied, ok: sourceRows === copied };
}

const BOOLEANS = new Map<unknown, boolean>([
  [0, false],
  [1, true],
  ["0", false],
  ["1", true],
  ["false", false],
  ["true", true],
  ["f", false],
  ["t", true],
  [false, false],
  [true, true],
]);

/** SQLite keeps booleans as 0/1 and Better Auth's dates as ISO text; PostgreSQL wants the real types. */
function toPostgres(value: unknown, column: TargetColumn, table: string): unknown {
  if (value === null || value === undefined) return null;
  const where = `${table}.${column.name}`;
  switch (column.dataType) {
    case "boolean": {
      const flag = BOOLEANS.get(value);
      if (flag === undefined) throw new Error(`${where}: ${String(value)} is not a boolean`);
      return flag;
    }
    case "timestamp with time zone":
    case "timestamp without time zone":
    case "date": {
      const date = new Date(typeof value === "number" ? value : String(value));
      if (Number.isNaN(date.getTime())) throw new Error(`${where}: ${String(value)} is not a date`);
      return date.toISOString();
    }
    case "json":
    case "jsonb":
      return typeof value === "string" ? value : JSON.stringify(value);
    default:
      return typeof value === "bigint" ? value.toString() : value;
  }
}
