import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { createDb, migrateToLatest } from "~/server/db/db.server";
import type { AppEvent } from "~/server/events/bus.server";
import { createPostgresBus } from "~/server/events/bus-postgres.server";
import { eventChannelFor } from "~/server/events/event-channel.server";

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("[events-postgres] TEST_DATABASE_URL is not set: LISTEN/NOTIFY bus tests skipped.");

function nextEvent(subscribe: (h: (e: AppEvent) => void) => () => void, timeoutMs = 1_000): Promise<AppEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no event within 1 s")), timeoutMs);
    const off = subscribe((event) => {
      clearTimeout(timer);
      off();
      resolve(event);
    });
  });
}

describe.skipIf(!url)("PostgreSQL LISTEN/NOTIFY event bus", () => {
  test("An event published on instance A reaches a subscriber on instance B within a second", async () => {
    const schema = await schemaOf(`t_${randomBytes(6).toString("hex")}`);
    const a = await createPostgresBus(schema.url);
    const b = await createPostgresBus(schema.url);
    try {
      const received = nextEvent((h) => b.subscribe(h));
      a.publish({ type: "opening.changed", id: "cross-instance" });
      expect(await received).toEqual({ type: "opening.changed", id: "cross-instance" });
    } finally {
      await a.close();
      await b.close();
      await schema.drop();
    }
  });

  test("The publishing instance hears its own event once", async () => {
    // Its own schema's channel: nothing else running on the database publishes there.
    const schema = await schemaOf(`t_${randomBytes(6).toString("hex")}`);
    const a = await createPostgresBus(schema.url);
    try {
      const seen: AppEvent[] = [];
      const off = a.subscribe((e) => seen.push(e));
      a.publish({ type: "testimonial.changed", id: "self" });
      await new Promise((r) => setTimeout(r, 500));
      off();
      expect(seen).toEqual([{ type: "testimonial.changed", id: "self" }]);
    } finally {
      await a.close();
      await schema.drop();
    }
  });

  /** A fresh schema of the test database, its URL (search_path on it) and a way to drop it. */
  async function schemaOf(name: string): Promise<{ url: string; drop(): Promise<void> }> {
    const admin = createDb(url!);
    await sql`create schema ${sql.id(name)}`.execute(admin);
    const sep = url!.includes("?") ? "&" : "?";
    return {
      url: `${url!}${sep}options=-c%20search_path%3D${encodeURIComponent(`"${name}"`)}`,
      async drop() {
        await sql`drop schema if exists ${sql.id(name)} cascade`.execute(admin);
        await admin.destroy();
      },
    };
  }

  /** The events a bus hears in `ms`. */
  async function heardWithin(bus: { subscribe(h: (e: AppEvent) => void): () => void }, ms: number, act: () => Promise<void> | void) {
    const seen: AppEvent[] = [];
    const off = bus.subscribe((e) => seen.push(e));
    await act();
    await new Promise((r) => setTimeout(r, ms));
    off();
    return seen;
  }

  test("Instances on two schemas of one database hear only their own schema's events", async () => {
    const one = await schemaOf(`t_${randomBytes(6).toString("hex")}`);
    const two = await schemaOf(`t_${randomBytes(6).toString("hex")}`);
    const oneA = await createPostgresBus(one.url);
    const oneB = await createPostgresBus(one.url);
    const twoA = await createPostgresBus(two.url);
    try {
      const event: AppEvent = { type: "opening.changed", id: "schema-one" };
      const [sameSchema, otherSchema] = await Promise.all([
        heardWithin(oneB, 500, () => oneA.publish(event)),
        heardWithin(twoA, 500, () => undefined),
      ]);
      expect(sameSchema).toEqual([event]);
      expect(otherSchema).toEqual([]);
    } finally {
      await Promise.all([oneA.close(), oneB.close(), twoA.close()]);
      await one.drop();
      await two.drop();
    }
  });

  test("A committed write to a schema's users reaches that schema's bus from the database, even when the schema's name is too long to be a channel's", async () => {
    // 'agency_events.' and a 60-character name pass PostgreSQL's 63-byte limit on channel names.
    const long = `t_${randomBytes(29).toString("hex")}`;
    expect(eventChannelFor(long)).toMatch(/^agency_events\.[0-9a-f]{32}$/);
    const schema = await schemaOf(long);
    const neighbour = await schemaOf(`t_${randomBytes(6).toString("hex")}`);
    const app = createDb(schema.url);
    try {
      await migrateToLatest(app);
      const bus = await createPostgresBus(schema.url);
      const other = await createPostgresBus(neighbour.url);
      try {
        const write = async () => {
          // Schema-qualified from a connection whose search_path is public: the trigger names the
          // table's schema, not the writer's.
          const writer = createDb(url!);
          try {
            await sql`update ${sql.table(`${long}.users`)} set name = name`.execute(writer);
          } finally {
            await writer.destroy();
          }
        };
        const [here, there] = await Promise.all([heardWithin(bus, 500, write), heardWithin(other, 500, () => undefined)]);
        expect(here).toEqual([{ type: "auth.changed" }]);
        expect(there).toEqual([]);
      } finally {
        await bus.close();
        await other.close();
      }
    } finally {
      await app.destroy();
      await schema.drop();
      await neighbour.drop();
    }
  });
});
