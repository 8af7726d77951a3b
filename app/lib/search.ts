// Full-text search in the console lists (decision 0045). The database marks the
// matched words of a title or a snippet with two control characters (STX, ETX); the page splits on
// them and renders each piece as text, so stored text is never parsed as HTML. One of these
// characters inside stored text can at worst misplace a highlight.

export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

export interface MarkedPart {
  text: string;
  marked: boolean;
}

/** The pieces of a highlighted text, in order; stray or unbalanced marks only end or start a piece. */
export function markedParts(highlighted: string): MarkedPart[] {
  const parts: MarkedPart[] = [];
  let marked = false;
  let text = "";
  for (const char of highlighted) {
    if (char !== MARK_START && char !== MARK_END) {
      text += char;
      continue;
    }
    if (text) parts.push({ text, marked });
    text = "";
    marked = char === MARK_START;
  }
  if (text) parts.push({ text, marked });
  return parts;
}

/** What a matched row shows: its title and a passage of its body, both with their marks. */
export interface SearchMatch {
  title: string;
  snippet: string;
}

/** A search's order: relevance, or the list's usual order. */
export const SEARCH_SORTS = ["relevance", "list"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export function searchSortFrom(value: string | null | undefined): SearchSort {
  return value === "list" ? "list" : "relevance";
}

/** The longest search text a list accepts. */
export const SEARCH_MAX_LENGTH = 200;

/** A list's `?q=` (trimmed, at most SEARCH_MAX_LENGTH characters) and `?sort=`. */
export function listSearchFrom(params: URLSearchParams): { q: string; sort: SearchSort } {
  return { q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH), sort: searchSortFrom(params.get("sort")) };
}

/** The empty state of a searched list. */
export function noResultsFor(q: string): string {
  return `No results for “${q}”.`;
}
