import { sql } from "kysely";
import { db, type Db } from "./db.server";

export interface RateRule {
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit against `key` in a fixed window kept in the database, so every instance shares
 * it. Returns whether the hit is within the limit.
 */
export async function hitRateLimit(key: string, rule: RateRule, now = Date.now(), database: Db = db()): Promise<boolean> {
  const windowFloor = now - rule.windowMs;
  const row = await database
    .insertInto("rateLimits")
    .values({ key, windowStart: now, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.window_start > ${windowFloor} then rate_limits.count + 1 else 1 end`,
        windowStart: sql<number>`case when rate_limits.window_start > ${windowFloor} then rate_limits.window_start else ${now} end`,
      }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(row.count) <= rule.limit;
}

/** Drops windows that ended long ago; run occasionally. */
export async function pruneRateLimits(olderThanMs: number, now = Date.now(), database: Db = db()): Promise<void> {
  await database.deleteFrom("rateLimits").where("windowStart", "<", now - olderThanMs).execute();
}

/** The current count of `key` in its window, without counting a hit. */
export async function peekRateLimit(key: string, rule: RateRule, now = Date.now(), database: Db = db()): Promise<number> {
  const row = await database.selectFrom("rateLimits").select(["count", "windowStart"]).where("key", "=", key).executeTakeFirst();
  if (!row || Number(row.windowStart) <= now - rule.windowMs) return 0;
  return Number(row.count);
}
