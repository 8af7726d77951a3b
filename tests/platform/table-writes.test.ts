// The driver's write watch (decision 0107): what the session cache relies on to hear of changes.
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { db, type Executor } from "~/server/db/db.server";
import { onTableWrites } from "~/server/db/table-writes.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";

describe.each(testDatabases("table-writes"))("Watched table writes on $name", (database) => {
  let cleanup: () => Promise<void>;
  let calls: string[];
  let stop: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  });
  afterAll(async () => cleanup());
  afterEach(() => stop?.());
  const watch = () => {
    calls = [];
    stop = onTableWrites(["users"], () => calls.push("users"));
  };
  const now = () => new Date().toISOString();
  const addUser = (id: string, executor: Executor = db()) =>
    executor
      .insertInto("users")
      .values({
        id,
        email: `${id}@example.com`,
        name: id,
        emailVerified: database.name === "sqlite" ? 0 : false,
        image: null,
        role: "client",
        createdAt: now(),
        updatedAt: now(),
      })
      .execute();

  test("An insert, update or delete of a watched table is told once it is done; reads and other tables are not", async () => {
    watch();
    await addUser("w1");
    expect(calls).toEqual(["users"]);
    await db().updateTable("users").set({ name: "W one" }).where("id", "=", "w1").execute();
    await db().selectFrom("users").selectAll().execute();
    await db().insertInto("rateLimits").values({ key: "w1", count: 1, windowStart: Date.now() }).execute();
    expect(calls).toEqual(["users", "users"]);
    await db().deleteFrom("users").where("id", "=", "w1").execute();
    expect(calls).toHaveLength(3);
  });

  test("A raw statement that writes a watched table is told too", async () => {
    watch();
    await addUser("w2");
    calls = [];
    await sql`update users set name = 'raw' where id = 'w2'`.execute(db());
    await sql`select count(*) from users`.execute(db());
    expect(calls).toEqual(["users"]);
  });

  test("Inside a transaction the listener hears nothing before the commit, once after it, and nothing after a rollback", async () => {
    watch();
    let before = -1;
    await db()
      .transaction()
      .execute(async (trx) => {
        await addUser("w3", trx);
        await trx.updateTable("users").set({ name: "W three" }).where("id", "=", "w3").execute();
        before = calls.length;
      });
    expect(before).toBe(0);
    expect(calls).toEqual(["users"]);
    calls = [];
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom("users").where("id", "=", "w3").execute();
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(calls).toEqual([]);
    expect(await db().selectFrom("users").select("id").where("id", "=", "w3").executeTakeFirst()).toBeDefined();
  });
});
