import { PostgresAdapter, sql, type Kysely } from "kysely";

// Decision 0107: on PostgreSQL, a committed write to the rows a kept session lookup was read from
// is announced on the event bus's channel by the database itself, whoever made it (another
// instance, the staff CLI, a restore, an operator's psql), the way SQLite's data_version tells of
// another process's commit. Statement-level triggers: one notice per statement, merged by
// PostgreSQL within a transaction, delivered only if it commits. SQLite needs nothing here.
const CHANNEL = "agency_events";
const TABLES = ["users", "sessions", "companies"];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create function agency_auth_changed() returns trigger language plpgsql as $$
       begin
         perform pg_notify('${CHANNEL}', '{"type":"auth.changed"}');
         return null;
       end $$`,
    )
    .execute(db);
  for (const table of TABLES)
    await sql
      .raw(
        `create trigger ${table}_auth_changed after insert or update or delete or truncate on ${table}
         for each statement execute function agency_auth_changed()`,
      )
      .execute(db);
}
