// What the in-process bench parts share: a throw-away database and percentile summaries.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { closeDb, createDb } from "../../app/server/db/db.server";

/** The value at percentile `p` of an ascending list (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** p50, p95 and max of a list of timings. */
export const summary = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
};

/**
 * Runs `work` on the database in DATABASE_URL. On PostgreSQL it gets a schema of its own, dropped
 * afterwards, so a bench never touches the database's other rows; SQLite is the bench's own file.
 */
export async function withBenchDatabase<T>(work: () => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL ?? "";
  if (!url.startsWith("postgres")) return work();
  const schema = `bench_${randomBytes(5).toString("hex")}`;
  const admin = createDb(url);
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  process.env.DATABASE_URL = `${url}${url.includes("?") ? "&" : "?"}options=-c%20search_path%3D${schema}`;
  try {
    return await work();
  } finally {
    await closeDb();
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
    await admin.destroy();
  }
}
