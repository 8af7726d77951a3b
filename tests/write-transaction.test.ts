import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/server/db.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { writeTransaction } from "~/server/write-transaction.server";
import { testDatabases, useAppDatabase } from "./helpers/databases";

const RULE = { limit: 1_000, windowMs: 60_000 };
const keys = async () => (await db().selectFrom("rateLimits").select("key").orderBy("key").execute()).map((r) => r.key);

describe.each(testDatabases("write transactions"))("Grouped write transactions on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await db().deleteFrom("rateLimits").execute();
  });

  test("Fifty concurrent writers all commit and each gets its own result", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        writeTransaction(async (trx) => {
          await hitRateLimit(`writer:${String(i).padStart(2, "0")}`, RULE, Date.now(), trx);
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
        await hitRateLimit(key, RULE, Date.now(), trx);
        if (fail) throw new Error(`refused ${key}`);
        return key;
      });
    const outcomes = await Promise.allSettled([write("a"), write("b", true), write("c")]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error("refused b"));
    expect(await keys()).toEqual(["a", "c"]);
  });

  test("Writes queued while a group commits are stored by the next one", async () => {
    const first = writeTransaction(async (trx) => hitRateLimit("first", RULE, Date.now(), trx));
    const second = first.then(() => writeTransaction(async (trx) => hitRateLimit("second", RULE, Date.now(), trx)));
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(await keys()).toEqual(["first", "second"]);
  });

  test("A counter raised by many concurrent writers ends at exactly their number", async () => {
    const hits = await Promise.all(
      Array.from({ length: 30 }, () => writeTransaction((trx) => hitRateLimit("shared", { limit: 20, windowMs: 60_000 }, Date.now(), trx))),
    );
    expect(hits.filter(Boolean)).toHaveLength(20);
    const row = await db().selectFrom("rateLimits").select("count").where("key", "=", "shared").executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(30);
  });
});
