import { PostgresAdapter, sql, type Kysely } from "kysely";

// Decision 0045: full-text search over support requests (subject, first message,
// replies, internal notes), leads, applications and client companies. One row per record in
// `search_documents` (a title, weighted above the body), rebuilt by triggers whenever one of the
// rows it is made of changes, so no code path can forget it.
// - SQLite: an FTS5 index over that table (external content), kept by the table's own triggers;
//   row triggers on the source tables.
// - PostgreSQL: a generated, weighted tsvector column with a GIN index; statement triggers with
//   transition tables, so a bulk insert (db:copy, a restore) rebuilds each document once.
// Later migrations that rebuild a source table on SQLite must re-create its triggers from here.

type Dialect = "sqlite" | "postgres";
const KINDS = ["complaint", "lead", "application", "client"] as const;
type Kind = (typeof KINDS)[number];

const nl = (d: Dialect) => (d === "sqlite" ? "char(10)" : "E'\\n'");
const agg = (d: Dialect, value: string, order: string) =>
  d === "sqlite" ? `group_concat(${value}, char(10) order by ${order})` : `string_agg(${value}, E'\\n' order by ${order})`;
const words = (column: string) => `regexp_replace(${column}, '[^[:alnum:]]+', ' ', 'g')`;

/**
 * What a record's document is made of: its title, its body and (PostgreSQL only) `keywords`, the
 * words of e-mail addresses and web sites. PostgreSQL's parser keeps an address or a host name as
 * one token, so "asha" would not find asha@example.com; FTS5's tokenizer splits them by itself.
 */
const DOCUMENTS: Record<Kind, { table: string; alias: string; title: string; body: (d: Dialect) => string; keywords: string }> = {
  complaint: {
    table: "complaints",
    alias: "c",
    title: "c.subject",
    body: (d) => `concat_ws(${nl(d)}, c.message,
      (select ${agg(d, "r.text", "r.timestamp, r.id")} from complaint_replies r where r.complaint_id = c.id),
      (select ${agg(d, "n.text", "n.created_at, n.id")} from complaint_notes n where n.complaint_id = c.id))`,
    keywords: "''",
  },
  lead: {
    table: "quotes",
    alias: "q",
    title: "q.name",
    body: (d) => `concat_ws(${nl(d)}, q.email, q.phone, q.country, q.requirement)`,
    keywords: words("q.email"),
  },
  application: {
    table: "job_applications",
    alias: "a",
    title: "a.name",
    body: (d) => `concat_ws(${nl(d)}, a.email, (select o.title from job_openings o where o.id = a.job_id), a.message)`,
    keywords: words("a.email"),
  },
  client: {
    table: "companies",
    alias: "co",
    title: "co.name",
    body: (d) => `concat_ws(${nl(d)}, co.website, co.country,
      (select ${agg(d, "concat_ws(' ', u.name, nullif(p.full_name, u.name), u.email)", "u.email")}
        from users u left join profiles p on p.user_id = u.id where u.company_id = co.id))`,
    keywords: `concat_ws(' ', ${words("co.website")}, (select string_agg(${words("u.email")}, ' ') from users u where u.company_id = co.id))`,
  },
};

/** The SQL selecting the documents of `kind` (the caller appends a where clause on its alias). */
function documents(d: Dialect, kind: Kind): string {
  const { table, alias, title, body, keywords } = DOCUMENTS[kind];
  return `select '${kind}', ${alias}.id, ${title}, ${body(d)}${d === "postgres" ? `, ${keywords}` : ""} from ${table} ${alias}`;
}

/**
 * A table whose rows feed documents: `columns` are those that matter (including the ones `ids`
 * reads), `ids` selects the record ids touched by a changed row `r` (joined to `from` on `on`).
 */
interface Source {
  table: string;
  kind: Kind;
  columns: string[];
  ids: { select: string; from?: string; on?: string };
  events: ("insert" | "update" | "delete")[];
}

const ALL = ["insert", "update", "delete"] as Source["events"];
const SOURCES: Source[] = [
  { table: "complaints", kind: "complaint", columns: ["id", "subject", "message"], ids: { select: "r.id" }, events: ALL },
  {
    table: "complaint_replies",
    kind: "complaint",
    columns: ["id", "complaint_id", "text"],
    ids: { select: "r.complaint_id" },
    events: ALL,
  },
  { table: "complaint_notes", kind: "complaint", columns: ["id", "complaint_id", "text"], ids: { select: "r.complaint_id" }, events: ALL },
  {
    table: "quotes",
    kind: "lead",
    columns: ["id", "name", "email", "phone", "country", "requirement"],
    ids: { select: "r.id" },
    events: ALL,
  },
  {
    table: "job_applications",
    kind: "application",
    columns: ["id", "name", "email", "message", "job_id"],
    ids: { select: "r.id" },
    events: ALL,
  },
  {
    table: "job_openings",
    kind: "application",
    columns: ["id", "title"],
    ids: { select: "a.id", from: "job_applications a", on: "a.job_id = r.id" },
    events: ["update"],
  },
  { table: "companies", kind: "client", columns: ["id", "name", "website", "country"], ids: { select: "r.id" }, events: ALL },
  { table: "users", kind: "client", columns: ["id", "name", "email", "company_id"], ids: { select: "r.company_id" }, events: ALL },
  {
    table: "profiles",
    kind: "client",
    columns: ["user_id", "full_name"],
    ids: { select: "u.company_id", from: "users u", on: "u.id = r.user_id" },
    events: ALL,
  },
];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

// ---------------------------------------------------------------------------------------------
// SQLite

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  // An INTEGER PRIMARY KEY: the FTS index's rowid, which VACUUM never renumbers.
  await sql`create table search_documents (
    id integer primary key,
    kind varchar(16) not null,
    record_id varchar(64) not null,
    title text not null,
    body text not null,
    unique (kind, record_id)
  )`.execute(db);
  // One FTS5 index per kind, so counting and ranking one list's matches never reads another's.
  // Porter stemming ("invoices" finds "invoice"), like PostgreSQL's english configuration.
  for (const kind of KINDS) {
    const index = `search_index_${kind}`;
    await sql
      .raw(
        `create virtual table ${index} using fts5(title, body, content = 'search_documents', content_rowid = 'id',
        tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3')`,
      )
      .execute(db);
    // A title match weighs ten times a body match.
    await sql.raw(`insert into ${index} (${index}, rank) values ('rank', 'bm25(10.0, 1.0)')`).execute(db);
    const add = `insert into ${index} (rowid, title, body) values (new.id, new.title, new.body);`;
    const remove = `insert into ${index} (${index}, rowid, title, body) values ('delete', old.id, old.title, old.body);`;
    await sql.raw(`create trigger ${index}_insert after insert on search_documents when new.kind = '${kind}' begin ${add} end`).execute(db);
    await sql
      .raw(`create trigger ${index}_delete after delete on search_documents when old.kind = '${kind}' begin ${remove} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${index}_update after update on search_documents when old.kind = '${kind}' begin ${remove} ${add} end`)
      .execute(db);
  }

  for (const source of SOURCES) {
    for (const event of source.events) {
      const rows =
        event === "insert"
          ? sqliteIds(source, "new")
          : event === "delete"
            ? sqliteIds(source, "old")
            : `${sqliteIds(source, "old")} union ${sqliteIds(source, "new")}`;
      const of = event === "update" ? ` of ${source.columns.join(", ")}` : "";
      await sql
        .raw(
          `create trigger search_${source.table}_${event} after ${event}${of} on ${source.table} begin ${sqliteRefresh(source.kind, rows)} end`,
        )
        .execute(db);
    }
  }
  for (const kind of KINDS) {
    await sql.raw(`insert into search_documents (kind, record_id, title, body) ${documents("sqlite", kind)}`).execute(db);
  }
}

function sqliteIds(source: Source, row: "new" | "old"): string {
  const { select, from, on } = source.ids;
  const bind = (text: string) => text.replace(/\br\./g, `${row}.`);
  return `select ${bind(select)}${from ? ` from ${from} where ${bind(on!)}` : ""}`;
}

function sqliteRefresh(kind: Kind, ids: string): string {
  return `delete from search_documents where kind = '${kind}' and record_id in (${ids});
    insert into search_documents (kind, record_id, title, body) ${documents("sqlite", kind)} where ${DOCUMENTS[kind].alias}.id in (${ids});`;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

// PostgreSQL's parser reads `<b>` or `&amp;` as markup and leaves it out of the index and of
// ts_headline's output; look-alike characters (﹤ ﹠) keep such text words (models/search/search.server.ts).
const LOOKALIKES = "chr(65124) || chr(65120)";

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_documents (
    kind varchar(16) not null,
    record_id varchar(64) not null,
    title text not null,
    body text not null,
    keywords text not null,
    document tsvector generated always as (
      setweight(to_tsvector('english', translate(title, '<&', ${sql.raw(LOOKALIKES)})), 'A')
      || setweight(to_tsvector('english', translate(body || ' ' || keywords, '<&', ${sql.raw(LOOKALIKES)})), 'B')
    ) stored,
    primary key (kind, record_id)
  )`.execute(db);
  await sql`create index search_documents_document on search_documents using gin (document)`.execute(db);

  for (const kind of KINDS) {
    const { table, alias } = DOCUMENTS[kind];
    // Two writers of one record take turns (the row lock), and the second rebuilds from a fresh
    // snapshot that holds the first one's rows: no change is lost from the index.
    await sql
      .raw(
        `create function search_refresh_${kind}(ids varchar[]) returns void language plpgsql set search_path from current as $$
        begin
          if coalesce(cardinality(ids), 0) = 0 then return; end if;
          perform 1 from ${table} where id = any(ids) order by id for no key update;
          delete from search_documents d where d.kind = '${kind}' and d.record_id = any(ids)
            and not exists (select 1 from ${table} x where x.id = d.record_id);
          insert into search_documents (kind, record_id, title, body, keywords) ${documents("postgres", kind)} where ${alias}.id = any(ids)
            on conflict (kind, record_id) do update set title = excluded.title, body = excluded.body, keywords = excluded.keywords
            where (search_documents.title, search_documents.body, search_documents.keywords)
              is distinct from (excluded.title, excluded.body, excluded.keywords);
        end $$`,
      )
      .execute(db);
  }

  for (const source of SOURCES) {
    const { table, kind, columns, events } = source;
    const refresh = (ids: string) => `perform search_refresh_${kind}(array(${ids}));`;
    if (events.includes("insert") || events.includes("delete")) {
      await sql
        .raw(
          `create function search_${table}_rows() returns trigger language plpgsql set search_path from current as $$
          begin ${refresh(postgresIds(source, "changed r"))} return null; end $$`,
        )
        .execute(db);
    }
    if (events.includes("update")) {
      // Only rows whose indexed columns changed (updated_at, sign-ins and statuses do not count).
      const list = columns.join(", ");
      const moved = (from: string, to: string) => postgresIds(source, `(select ${list} from ${from} except select ${list} from ${to}) r`);
      await sql
        .raw(
          `create function search_${table}_updated() returns trigger language plpgsql set search_path from current as $$
          begin ${refresh(`${moved("changed_new", "changed_old")} union ${moved("changed_old", "changed_new")}`)} return null; end $$`,
        )
        .execute(db);
    }
    for (const event of events) {
      const referencing =
        event === "insert"
          ? "new table as changed"
          : event === "delete"
            ? "old table as changed"
            : "old table as changed_old new table as changed_new";
      const fn = event === "update" ? `search_${table}_updated` : `search_${table}_rows`;
      await sql
        .raw(
          `create trigger search_${table}_${event} after ${event} on ${table} referencing ${referencing} for each statement execute function ${fn}()`,
        )
        .execute(db);
    }
  }
  for (const kind of KINDS) {
    await sql.raw(`insert into search_documents (kind, record_id, title, body, keywords) ${documents("postgres", kind)}`).execute(db);
  }
}

function postgresIds(source: Source, rows: string): string {
  const { select, from, on } = source.ids;
  return `select ${select} from ${rows}${from ? ` join ${from} on ${on}` : ""}`;
}

// ---------------------------------------------------------------------------------------------

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const source of SOURCES) {
    for (const event of source.events)
      await sql.raw(`drop trigger if exists search_${source.table}_${event}${postgres ? ` on ${source.table}` : ""}`).execute(db);
  }
  if (postgres) {
    for (const source of SOURCES) {
      await sql.raw(`drop function if exists search_${source.table}_rows()`).execute(db);
      await sql.raw(`drop function if exists search_${source.table}_updated()`).execute(db);
    }
    for (const kind of KINDS) await sql.raw(`drop function if exists search_refresh_${kind}(varchar[])`).execute(db);
  } else {
    for (const kind of KINDS) await sql.raw(`drop table search_index_${kind}`).execute(db);
  }
  await sql`drop table search_documents`.execute(db);
}
