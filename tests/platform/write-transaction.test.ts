import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { hitRateLimit } from "~/server/defence/rate-limit.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import type { Transaction } from "kysely";
import type { Database } from "~/server/db/schema";

const insertKey = (trx: Transaction<Database>, key: string) =>
  trx.insertInto("rateLimits").values({ key, windowStart: Date.now(), count: 1 }).execute();
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";

const keys = async () => (await db().selectFrom("rateLimits").select("key").orderBy("key").execute()).map((r) => r.key);

describe.each(testDatabases("write transactions"))("Grouped write transactions on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("rateLimits");
  });

  test("Fifty concurrent writers all commit and each gets its own result", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        writeTransaction(async (trx) => {
          await insertKey(trx, `writer:${String(i).padStart(2, "0")}`);
          return i * 2;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
    expect(await keys()).toHaveLength(50);
  });

  test("A writer that fails leaves nothing behind, and the writers around it still commit", async () => {
    const write = (key: string, fail = false) =>
      writeTransaction(async (trx) => {
        await insertKey(trx, key);
        if (fail) throw new Error(`refused ${key}`);
        return key;
      });
    const outcomes = await Promise.allSettled([write("a"), write("b", true), write("c")]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error("refused b"));
    expect(await keys()).toEqual(["a", "c"]);
  });

  test("Writes queued while a group commits are stored by the next one", async () => {
    const first = writeTransaction(async (trx) => insertKey(trx, "first").then(() => 1));
    const second = first.then(() => writeTransaction(async (trx) => insertKey(trx, "second").then(() => 2)));
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
    expect(await keys()).toEqual(["first", "second"]);
  });

  test("A rate limit hit by thirty concurrent requests counts exactly thirty and lets twenty through", async () => {
    const hits = await Promise.all(Array.from({ length: 30 }, () => hitRateLimit("shared", { limit: 20, windowMs: 60_000 })));
    expect(hits.filter(Boolean)).toHaveLength(20);
    const row = await db().selectFrom("rateLimits").select("count").where("key", "=", "shared").executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(30);
  });
});
