import { PostgresAdapter, sql, type Kysely } from "kysely";

// The search figure (decision 0045, amended): a search ranks at most the most recently
// written of its matches, so it needs to find those without reading every match. On SQLite the
// FTS index's rowid says it already (a refreshed document is deleted and inserted again, so it
// gets the next rowid). On PostgreSQL `changed` takes the next number of a sequence whenever a
// document is inserted or its text changes, with a b-tree that reads them newest first.

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create sequence search_documents_changed`.execute(db);
  // A volatile default: every existing document gets its own number as the table is rewritten.
  await sql`alter table search_documents add column changed bigint not null default nextval('search_documents_changed')`.execute(db);
  await sql`alter sequence search_documents_changed owned by search_documents.changed`.execute(db);
  await sql`create index search_documents_recent on search_documents (kind, changed)`.execute(db);
  // The refresh functions update a document only when its text differs: that is a change.
  await sql
    .raw(
      `create function search_documents_touch() returns trigger language plpgsql set search_path from current as $$
      begin new.changed := nextval('search_documents_changed'); return new; end $$`,
    )
    .execute(db);
  await sql`create trigger search_documents_touch before update of title, body, keywords on search_documents
    for each row execute function search_documents_touch()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger if exists search_documents_touch on search_documents`.execute(db);
  await sql`drop function if exists search_documents_touch()`.execute(db);
  await sql`alter table search_documents drop column changed`.execute(db);
}
