import { Refusal } from "~/lib/refusal";

// Lists are read in keyset order (a sort key, then the id): a page starts after the last row of the
// one before, so rows written meanwhile never shift a page (no row twice, none skipped). The
// cursor is that last row's key, opaque to clients (base64url JSON).

export interface CursorKey {
  at: number;
  id: string;
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.at, key.id])).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): CursorKey | undefined {
  if (cursor === undefined) return undefined;
  const invalid = () => new Refusal("invalid", "This cursor is not one the API gave.", { field: "cursor" });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [at, id] = parsed as unknown[];
  if (typeof at !== "number" || !Number.isSafeInteger(at) || typeof id !== "string" || !/^[\w-]{1,64}$/.test(id)) throw invalid();
  return { at, id };
}

/** One page from `limit + 1` rows read: the extra row only says that another page follows. */
export function pageOf<Row, Item>(
  rows: Row[],
  limit: number,
  key: (row: Row) => CursorKey,
  view: (row: Row) => Item,
): { object: "list"; data: Item[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown[shown.length - 1];
  return { object: "list", data: shown.map(view), nextCursor: more && last ? encodeCursor(key(last)) : null };
}

/** An ISO moment (with any offset) as epoch milliseconds. */
export const epochOf = (iso: string | undefined) => (iso === undefined ? undefined : Date.parse(iso));
