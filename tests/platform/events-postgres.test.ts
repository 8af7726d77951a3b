import { describe, expect, test } from "vitest";
import type { AppEvent } from "~/server/events/bus.server";
import { createPostgresBus } from "~/server/events/bus-postgres.server";

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
    const a = await createPostgresBus(url!);
    const b = await createPostgresBus(url!);
    try {
      const received = nextEvent((h) => b.subscribe(h));
      a.publish({ type: "opening.changed", id: "cross-instance" });
      expect(await received).toEqual({ type: "opening.changed", id: "cross-instance" });
    } finally {
      await a.close();
      await b.close();
    }
  });

  test("The publishing instance hears its own event once", async () => {
    const a = await createPostgresBus(url!);
    try {
      const seen: AppEvent[] = [];
      const off = a.subscribe((e) => seen.push(e));
      a.publish({ type: "testimonial.changed", id: "self" });
      await new Promise((r) => setTimeout(r, 500));
      off();
      expect(seen).toEqual([{ type: "testimonial.changed", id: "self" }]);
    } finally {
      await a.close();
    }
  });
});
