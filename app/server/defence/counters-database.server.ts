import { sql } from "kysely";
import { db, type Db } from "~/server/db/db.server";
import type { CounterStore } from "./counter-store";
import { writeTransaction } from "~/server/db/write-transaction.server";

// The longest window is an hour; rows a day old are dead and are dropped now and then.
const PRUNE_AFTER_MS = 24 * 3_600_000;
const lastPrune = new WeakMap<Db, number>();

/** Counters in the `rate_limits` table: one atomic upsert per hit. */
export const databaseCounters: CounterStore = {
  async hit(key, windowMs, now) {
    const database = db();
    if (now - (lastPrune.get(database) ?? 0) > PRUNE_AFTER_MS / 24) {
      lastPrune.set(database, now);
      await pruneRateLimits(PRUNE_AFTER_MS, now);
    }
    const windowFloor = now - windowMs;
    // Grouped with the other writes of the moment (decision 0016): one fsync for all of them.
    const row = await writeTransaction(
      (trx) =>
        trx
          .insertInto("rateLimits")
          .values({ key, windowStart: now, count: 1 })
          .onConflict((oc) =>
            oc.column("key").doUpdateSet({
              count: sql<number>`case when rate_limits.window_start > ${windowFloor} then rate_limits.count + 1 else 1 end`,
              windowStart: sql<number>`case when rate_limits.window_start > ${windowFloor} then rate_limits.window_start else ${now} end`,
            }),
          )
          .returning("count")
          .executeTakeFirstOrThrow(),
      database,
    );
    return Number(row.count);
  },

  async peek(key, windowMs, now) {
    const row = await db().selectFrom("rateLimits").select(["count", "windowStart"]).where("key", "=", key).executeTakeFirst();
    if (!row || Number(row.windowStart) <= now - windowMs) return 0;
    return Number(row.count);
  },

  async takeBack(key) {
    await writeTransaction((trx) =>
      trx
        .updateTable("rateLimits")
        .set({ count: sql<number>`rate_limits.count - 1` })
        .where("key", "=", key)
        .where("count", ">", 0)
        .execute(),
    );
  },

  async clear(key) {
    await writeTransaction((trx) => trx.deleteFrom("rateLimits").where("key", "=", key).execute());
  },

  async check() {
    return "off";
  },

  async close() {},
};

/** Drops windows that ended long ago; run occasionally. */
async function pruneRateLimits(olderThanMs: number, now = Date.now()): Promise<void> {
  await db()
    .deleteFrom("rateLimits")
    .where("windowStart", "<", now - olderThanMs)
    .execute();
}
