import { sql, type Expression, type RawBuilder } from "kysely";
import { MARK_END, MARK_START, type SearchMatch } from "~/lib/search";
import { currentDialect, db } from "~/server/db/db.server";
import { toFts5, toTsquery, type SearchQuery } from "./query.server";

// Decision 0045: the table `search_documents`, one row per searchable record,
// kept by the triggers of migration 2026-11-25T0820-search (on SQLite, with one FTS5 index per
// kind). A list searched by relevance asks `searchPage` for one page of ids, best first, with their
// highlights, then reads those rows; in its own order, it filters with `searchIds` and asks
// `searchMatches` for the highlights of its page. Highlighting is costly: it runs on shown rows only.

export type SearchKind = "complaint" | "lead" | "application" | "client";

/** A list's filters as a subquery that selects the record `recordId` when the filters let it through. */
export type SearchWithin = (recordId: Expression<string>) => Expression<unknown>;

const postgres = () => currentDialect() === "postgres";
const ftsIndex = (kind: SearchKind) => sql.table(`search_index_${kind}`);
const recordId = sql.ref<string>("d.record_id");

/** The ids of `kind`'s records matching `query`: a subquery for `where id in (…)`. */
export function searchIds(query: SearchQuery, kind: SearchKind): RawBuilder<string> {
  if (query.all.length === 0) return sql<string>`(select '' where 1 = 0)`;
  if (postgres())
    return sql<string>`(select d.record_id from search_documents d where d.kind = ${kind} and d.document @@ ${toTsquery(query)})`;
  const index = ftsIndex(kind);
  return sql<string>`(select d.record_id from ${index} cross join search_documents d on d.id = ${index}.rowid where ${index} match ${toFts5(query)})`;
}

/**
 * A search ranks at most this many of its matches, the most recently written ones, and counts up
 * to it (shown "1,000+"): ranking or counting every match of a common word read thousands of
 * documents (npm run bench: p95 ≤ 50 ms over 50,000 support requests). Decision 0045, amended.
 */
export const SEARCH_CAP = 1000;

export interface SearchPage {
  /** The page's record ids, most relevant first (a title match outweighs a body match). */
  ids: string[];
  matches: Map<string, SearchMatch>;
  /** How many records match, up to SEARCH_CAP. */
  total: number;
  /** More than SEARCH_CAP records match: `total` is SEARCH_CAP, shown "1,000+". */
  capped: boolean;
}

const bounded = (n: number | string | bigint | undefined) => {
  const count = Number(n ?? 0);
  return { total: Math.min(count, SEARCH_CAP), capped: count > SEARCH_CAP };
};

/**
 * One page of `kind`'s records matching `query`, best first; `within` applies the list's other
 * filters. Relevance orders the SEARCH_CAP most recently written matches (all of them when there
 * are fewer); the count stops past SEARCH_CAP.
 */
export async function searchPage(
  query: SearchQuery,
  kind: SearchKind,
  page: { limit: number; offset: number },
  within?: SearchWithin,
): Promise<SearchPage> {
  if (query.all.length === 0) return { ids: [], matches: new Map(), total: 0, capped: false };
  const filter = within ? sql`and exists ${within(recordId)}` : sql``;
  if (postgres()) {
    // The newest matches come from the (kind, changed) b-tree when a word is common, from the GIN
    // index when it is rare (the planner weighs both); ts_rank then reads only those documents, and
    // ts_headline only the page's, in the same round trip.
    const q = toTsquery(query);
    const matching = sql`search_documents d where d.kind = ${kind} and d.document @@ ${q} ${filter}`;
    const [{ rows }, { rows: count }] = await Promise.all([
      sql<
        { recordId: string } & SearchMatch
      >`select p.record_id, ${headline(sql`p.title`, TITLE_HEADLINE)} as title, ${headline(sql`p.body`, BODY_HEADLINE)} as snippet
        from (select c.record_id, c.title, c.body, ts_rank(c.document, ${q}) as score
          from (select d.record_id, d.title, d.body, d.document from ${matching} order by d.changed desc limit ${SEARCH_CAP}) c
          order by score desc, c.record_id limit ${page.limit} offset ${page.offset}) p, (select ${q} as query) q
        order by p.score desc, p.record_id`.execute(db()),
      sql<{ n: number | string }>`select count(*) as n from (select 1 from ${matching} limit ${SEARCH_CAP + 1}) m`.execute(db()),
    ]);
    return { ids: rows.map((r) => r.recordId), matches: matchMap(rows), ...bounded(count[0]?.n) };
  }
  // FTS5 sorts by `rank` (bm25, lower is better, column weights set by the migration) itself and
  // hands over the page's rows only, so highlighting them here costs nothing more. CROSS JOIN keeps
  // the full-text query outermost: SQLite would otherwise run it once per document. The candidates
  // are the matches from the SEARCH_CAP-th newest rowid on (a rewritten document gets a new rowid),
  // found by walking the index backwards, so bm25 runs on at most SEARCH_CAP documents.
  const index = ftsIndex(kind);
  const fts = toFts5(query);
  const matching = sql`${index} cross join search_documents d on d.id = ${index}.rowid where ${index} match ${fts} ${filter}`;
  const oldest = sql`coalesce((select ${index}.rowid from ${matching} order by ${index}.rowid desc limit 1 offset ${SEARCH_CAP - 1}), 0)`;
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<{ recordId: string } & SearchMatch>`select d.record_id, ${ftsMarks(index)} from ${matching} and ${index}.rowid >= ${oldest}
      order by ${index}.rank limit ${page.limit} offset ${page.offset}`.execute(db()),
    within
      ? sql<{ n: number }>`select count(*) as n from (select 1 from ${matching} limit ${SEARCH_CAP + 1})`.execute(db())
      : sql<{ n: number }>`select count(*) as n from (select 1 from ${index} where ${index} match ${fts} limit ${SEARCH_CAP + 1})`.execute(
          db(),
        ),
  ]);
  return { ids: rows.map((r) => r.recordId), matches: matchMap(rows), ...bounded(count[0]?.n) };
}

const SNIPPET_TOKENS = 24;
const TITLE_HEADLINE = `HighlightAll=true, StartSel="${MARK_START}", StopSel="${MARK_END}"`;
const BODY_HEADLINE = `MaxWords=${SNIPPET_TOKENS}, MinWords=8, MaxFragments=2, FragmentDelimiter=" … ", StartSel="${MARK_START}", StopSel="${MARK_END}"`;

/**
 * ts_headline of a PostgreSQL document column. Its parser would drop `<tag>` and `&entity;` from
 * the text; with `<` and `&` swapped for look-alikes (as in the index) and back, text stays text.
 */
function headline(column: RawBuilder<string>, options: string): RawBuilder<string> {
  const lookalikes = sql`chr(65124) || chr(65120)`;
  return sql<string>`translate(ts_headline('english', translate(${column}, '<&', ${lookalikes}), q.query, ${options}), ${lookalikes}, '<&')`;
}

/** The marked title and snippet of each of `ids` (a page of matches), by record id. */
export async function searchMatches(query: SearchQuery, kind: SearchKind, ids: readonly string[]): Promise<Map<string, SearchMatch>> {
  if (ids.length === 0 || query.all.length === 0) return new Map();
  const list = sql.join(ids.map((id) => sql`${id}`));
  if (postgres()) {
    const { rows } = await sql<{ recordId: string } & SearchMatch>`
      select d.record_id, ${headline(sql`d.title`, TITLE_HEADLINE)} as title, ${headline(sql`d.body`, BODY_HEADLINE)} as snippet
      from search_documents d, (select ${toTsquery(query)} as query) q
      where d.kind = ${kind} and d.record_id in (${list})`.execute(db());
    return matchMap(rows);
  }
  // The page's rows outermost: FTS5 then checks one document per row.
  const index = ftsIndex(kind);
  const { rows } = await sql<{ recordId: string } & SearchMatch>`select d.record_id, ${ftsMarks(index)}
    from search_documents d cross join ${index} on ${index}.rowid = d.id
    where d.kind = ${kind} and d.record_id in (${list}) and ${index} match ${toFts5(query)}`.execute(db());
  return matchMap(rows);
}

function ftsMarks(index: RawBuilder<unknown>) {
  return sql`highlight(${index}, 0, ${MARK_START}, ${MARK_END}) as title, snippet(${index}, 1, ${MARK_START}, ${MARK_END}, '…', ${SNIPPET_TOKENS}) as snippet`;
}

const matchMap = (rows: ({ recordId: string } & SearchMatch)[]) =>
  new Map(rows.map((r) => [r.recordId, { title: r.title, snippet: r.snippet }]));
