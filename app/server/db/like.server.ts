import { sql, type Expression, type RawBuilder } from "kysely";

/** Escapes LIKE wildcards so a search term matches literally (escape character `!`). */
export function likePattern(term: string, { prefix = "%", suffix = "%" } = {}): string {
  return `${prefix}${term.toLowerCase().replace(/[!%_]/g, "!$&")}${suffix}`;
}

/** Case-insensitive LIKE that behaves the same on SQLite and PostgreSQL. */
export function ilike(column: Expression<string | null>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${column}) like ${pattern} escape '!'`;
}
