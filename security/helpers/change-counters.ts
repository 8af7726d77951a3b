import { sql } from "kysely";
import type { Db } from "~/server/db/db.server";

// The fingerprint of "everything a request could change" read every table on every call, twice per
// case, for tens of thousands of cases: most of the security suites' time. Row triggers the harness
// adds to the database under test count every inserted, updated and deleted row per table, for
// every connection (the server's included), so a table whose count has not moved since its last
// digest has not changed and is not read again. A moved count only means "read it again": an
// update that wrote the same values still compares equal, as before.
const COUNTER_TABLE = "harness_row_changes";

/** Adds the counters to `tables` once per database (idempotent: a second call finds them). */
export async function installChangeCounters(db: Db, backend: "sqlite" | "postgres", tables: string[]): Promise<void> {
  const exists =
    backend === "sqlite"
      ? await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${COUNTER_TABLE}`.execute(db)
      : await sql<{
          n: string;
        }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = ${COUNTER_TABLE}`.execute(
          db,
        );
  if (Number(exists.rows[0]?.n) > 0) return;
  await sql.raw(`create table ${COUNTER_TABLE} (name varchar(64) primary key, n bigint not null)`).execute(db);
  for (const table of tables) await sql`insert into ${sql.table(COUNTER_TABLE)} (name, n) values (${table}, 0)`.execute(db);
  if (backend === "postgres") {
    await sql
      .raw(
        `create function harness_count_row_change() returns trigger language plpgsql as $$
         begin
           update ${COUNTER_TABLE} set n = n + 1 where name = TG_TABLE_NAME;
           return null;
         end $$`,
      )
      .execute(db);
    for (const table of tables) {
      await sql
        .raw(
          `create trigger ${table}_harness_rows after insert or update or delete on ${table}
           for each row execute function harness_count_row_change()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_harness_truncate after truncate on ${table}
           for each statement execute function harness_count_row_change()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of tables)
    for (const event of ["insert", "update", "delete"])
      await sql
        .raw(
          `create trigger ${table}_harness_${event} after ${event} on ${table}
           begin update ${COUNTER_TABLE} set n = n + 1 where name = '${table}'; end`,
        )
        .execute(db);
}

/** Each counted table's number of changed rows so far. */
export async function changeCounts(db: Db): Promise<Map<string, string>> {
  const rows = await sql<{ name: string; n: number | string }>`select name, n from ${sql.table(COUNTER_TABLE)}`.execute(db);
  return new Map(rows.rows.map((row) => [row.name, String(row.n)]));
}
