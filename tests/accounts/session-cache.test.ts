// Session lookups kept between requests (decision 0107): what drops them, and what does not fill them.
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { getSessionUser, REQUEST_ID_HEADER } from "~/server/auth/session.server";
import { invalidateSessions, sessionGeneration, storeSession, cachedSession } from "~/server/auth/session-cache.server";
import { db } from "~/server/db/db.server";
import { events, setEventBus } from "~/server/events/bus.server";
import { createPostgresBus } from "~/server/events/bus-postgres.server";
import { metricsRegistry } from "~/server/metrics.server";
import { signUp } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

describe.each(testDatabases("session-cache"))("Cached session lookups on $name", (database) => {
  let cleanup: () => Promise<void>;
  let url = "";
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    url = process.env.DATABASE_URL!;
  });
  afterAll(async () => cleanup());

  /** A page view: the server gives every request its own id. */
  const view = (cookie: string) =>
    getSessionUser(
      new Request("http://localhost/user-dashboard", { headers: { Cookie: cookie, [REQUEST_ID_HEADER]: crypto.randomUUID() } }),
    );

  /** A write on a connection of its own, which no watch in this process sees (another process, an operator's SQL). */
  async function writeElsewhere(statement: string): Promise<void> {
    if (database.name === "sqlite") {
      const other = new Database(url.slice("file:".length));
      try {
        other.prepare(statement).run();
      } finally {
        other.close();
      }
      return;
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  /** How many statements the app's database handle has run so far (the query-time histogram's count). */
  async function statementsRun(): Promise<number> {
    const metric = await metricsRegistry.getSingleMetric("agency_db_query_duration_seconds")!.get();
    return metric.values.filter((v) => (v as { metricName?: string }).metricName?.endsWith("_count")).reduce((sum, v) => sum + v.value, 0);
  }

  test("A second view of a signed-in person asks the database nothing about them", async () => {
    const member = await signUp("kept@example.com", "Kept Name");
    expect((await view(member.cookie))?.name).toBe("Kept Name");
    const before = await statementsRun();
    expect((await view(member.cookie))?.name).toBe("Kept Name");
    expect(await statementsRun()).toBe(before);
  });

  test.runIf(database.name === "postgres")(
    "On PostgreSQL another connection's committed change reaches the bus from the database itself, and the next view reads it",
    async () => {
      const bus = await createPostgresBus(url);
      const local = events();
      setEventBus(bus);
      try {
        const member = await signUp("announced@example.com", "Kept Name");
        expect((await view(member.cookie))?.name).toBe("Kept Name");
        const heard = new Promise<void>((resolve) => {
          const stop = bus.subscribe((event) => {
            if (event.type !== "auth.changed") return;
            stop();
            resolve();
          });
        });
        await writeElsewhere(`update users set name = 'Changed Elsewhere' where id = '${member.id}'`);
        await heard;
        expect((await view(member.cookie))?.name).toBe("Changed Elsewhere");
      } finally {
        setEventBus(local);
        await bus.close();
      }
    },
  );

  test("A write through the app to the session, the user or the company drops the lookup at once", async () => {
    const member = await signUp("dropped@example.com", "Dropped");
    expect(await view(member.cookie)).not.toBeNull();
    await db().updateTable("users").set({ name: "Renamed" }).where("id", "=", member.id).execute();
    expect((await view(member.cookie))?.name).toBe("Renamed");
    await db().deleteFrom("sessions").where("userId", "=", member.id).execute();
    expect(await view(member.cookie)).toBeNull();
  });

  test("A bad cookie is looked up every time and keeps nothing", async () => {
    const member = await signUp("tampered@example.com");
    const tampered = member.cookie.replace(/=(.)/, (_, c: string) => `=${c === "a" ? "b" : "a"}`);
    expect(await view(tampered)).toBeNull();
    expect(cachedSession(tampered.trim())).toBeUndefined();
  });

  test("A lookup that began before a change is not kept", () => {
    const startedIn = sessionGeneration();
    invalidateSessions();
    storeSession("late", { any: 1 }, startedIn);
    expect(cachedSession("late")).toBeUndefined();
    storeSession("fresh", { any: 1 }, sessionGeneration());
    expect(cachedSession("fresh")).toEqual({ any: 1 });
  });

  test.runIf(database.name === "sqlite")("Another process's commit to the SQLite file is seen by the next request", async () => {
    const member = await signUp("cli@example.com", "Before CLI");
    expect((await view(member.cookie))?.name).toBe("Before CLI");
    await writeElsewhere(`update users set name = 'After CLI' where id = '${member.id}'`);
    expect((await view(member.cookie))?.name).toBe("After CLI");
  });
});
