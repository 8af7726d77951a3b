import { currentDialect } from "./db.server";

/** A boolean as the current database takes it: better-sqlite3 binds numbers only (1/0). */
export function dbBool(value: boolean): boolean | number {
  return currentDialect() === "sqlite" ? (value ? 1 : 0) : value;
}
