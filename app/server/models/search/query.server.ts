import { sql, type RawBuilder } from "kysely";

// What a person types in a console search box, read the way web search engines read it (decision
// 0045): words must all appear, "a phrase" in that order, OR between two words for either, -word
// for none; the last word (or any word ending in *) also matches as a prefix. Everything else in
// the text is a word to find, never syntax: the query sent to FTS5 or PostgreSQL is built from
// quoted strings and bound parameters only, so no input can make it fail.

export interface SearchTerm {
  text: string;
  phrase: boolean;
  prefix: boolean;
}

export interface SearchQuery {
  /** Every group must match; a group matches when any of its terms does. */
  all: SearchTerm[][];
  /** No term may match. */
  none: SearchTerm[];
}

const MAX_TERMS = 12;
const MAX_TERM_LENGTH = 100;
const MIN_PREFIX = 2;
const SEARCHABLE = /[\p{L}\p{N}]/u;
const WORD = /^[\p{L}\p{N}]+$/u;
const TOKEN = /(-?)"([^"]*)"?|(-?)([^\s"]+)/gu;

/**
 * The query in `text`; undefined when it is blank (no search). A text with nothing to search for
 * in it (e.g. "*" or only "-word") gives a query that matches nothing (`all` empty).
 */
export function parseSearchQuery(text: string): SearchQuery | undefined {
  if (!text.trim()) return undefined;
  const all: SearchTerm[][] = [];
  const none: SearchTerm[] = [];
  let or = false;
  let last: SearchTerm | undefined;
  let count = 0;
  for (const [, phraseNot, phrase, wordNot, word] of text.matchAll(TOKEN)) {
    if (word === "OR" && !wordNot) {
      or = all.length > 0;
      continue;
    }
    const term = termOf(phrase ?? word ?? "", phrase !== undefined);
    if (!term || count >= MAX_TERMS) {
      or = false;
      continue;
    }
    count++;
    if (phraseNot || wordNot) none.push(term);
    else if (or) all.at(-1)!.push(term);
    else all.push([term]);
    if (!phraseNot && !wordNot) last = term;
    or = false;
  }
  // Search as you type: the last word may be unfinished.
  if (last && !last.phrase && WORD.test(last.text) && last.text.length >= MIN_PREFIX) last.prefix = true;
  return { all, none };
}

function termOf(raw: string, phrase: boolean): SearchTerm | undefined {
  let text = raw.slice(0, MAX_TERM_LENGTH).trim();
  let prefix = false;
  if (!phrase && text.endsWith("*")) {
    text = text.replace(/\*+$/, "");
    prefix = WORD.test(text) && text.length >= MIN_PREFIX;
  }
  return SEARCHABLE.test(text) ? { text, phrase, prefix } : undefined;
}

/** The query in FTS5's syntax: every term a quoted string (quotes doubled inside). */
export function toFts5(query: SearchQuery): string {
  const term = (t: SearchTerm) => `"${t.text.replaceAll('"', '""')}"${t.prefix ? "*" : ""}`;
  const group = (g: SearchTerm[]) => (g.length === 1 ? term(g[0]!) : `(${g.map(term).join(" OR ")})`);
  const positive = query.all.map(group).join(" AND ");
  return query.none.length ? `(${positive})${query.none.map((t) => ` NOT ${term(t)}`).join("")}` : positive;
}

/**
 * The query as a PostgreSQL tsquery expression. Words and phrases go through plainto_tsquery and
 * phraseto_tsquery as parameters; a prefix term is letters and digits only, so `text:*` is safe
 * in to_tsquery.
 */
export function toTsquery(query: SearchQuery): RawBuilder<unknown> {
  const term = (t: SearchTerm) =>
    t.prefix
      ? sql`to_tsquery('english', ${`${t.text}:*`})`
      : t.phrase
        ? sql`phraseto_tsquery('english', ${t.text})`
        : sql`plainto_tsquery('english', ${t.text})`;
  const group = (g: SearchTerm[]) => sql`(${sql.join(g.map(term), sql` || `)})`;
  const positive = sql`(${sql.join(query.all.map(group), sql` && `)})`;
  return query.none.length ? sql`(${positive} && !!(${sql.join(query.none.map(term), sql` || `)}))` : positive;
}
