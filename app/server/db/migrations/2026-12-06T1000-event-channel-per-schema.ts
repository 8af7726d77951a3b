import { PostgresAdapter, sql, type Kysely } from "kysely";

// Decision 0114: one LISTEN/NOTIFY channel per schema. The session-change triggers of
// 2026-12-04T1000 announced on the database-wide 'agency_events'; they now announce on the channel
// of the schema the written table lives in (TG_TABLE_SCHEMA, whoever the writer and whatever its
// search_path), named as app/server/events/event-channel.server.ts names it: 'agency_events' for
// public, 'agency_events.<schema>' while that fits PostgreSQL's 63-byte names, else
// 'agency_events.<md5 of the schema>'. The triggers stay; only their function is replaced.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create or replace function agency_auth_changed() returns trigger language plpgsql as $$
       declare
         channel text := case
           when TG_TABLE_SCHEMA = 'public' then 'agency_events'
           when octet_length('agency_events.' || TG_TABLE_SCHEMA) <= 63 then 'agency_events.' || TG_TABLE_SCHEMA
           else 'agency_events.' || md5(TG_TABLE_SCHEMA)
         end;
       begin
         perform pg_notify(channel, '{"type":"auth.changed"}');
         return null;
       end $$`,
    )
    .execute(db);
}
