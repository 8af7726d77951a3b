import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { loader } from "~/routes/resources/sitemap";
import { db } from "~/server/db/db.server";
import { cacheKeyFor } from "~/server/http/html-cache.server";
import { createOpening, setOpeningStatus, updateOpening, type OpeningInput } from "~/server/models/pipeline/openings.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";

// sitemap.xml lists every open job opening with its last change.

const APP_URL = "https://agency.example";

const opening = (title: string): OpeningInput => ({
  title,
  location: "Pune, India",
  type: "Full-time",
  description: "Keep our client platforms fast.",
  salary: "",
  requirements: ["PostgreSQL"],
});

/** Every <url> of the sitemap as its <loc> and <lastmod> (undefined when it has none). */
async function sitemapEntries(): Promise<Map<string, string | undefined>> {
  const response = await loader();
  expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
  const body = await response.text();
  const entries = new Map<string, string | undefined>();
  for (const [, url = ""] of body.matchAll(/<url>(.*?)<\/url>/g)) {
    entries.set(/<loc>([^<]+)<\/loc>/.exec(url)![1]!, /<lastmod>([^<]+)<\/lastmod>/.exec(url)?.[1]);
  }
  return entries;
}

test("The HTML cache never holds /sitemap.xml, so a changed opening shows in the next one served", () => {
  expect(cacheKeyFor({ method: "GET", url: "/sitemap.xml", headers: {} })).toBeNull();
});

describe.each(testDatabases("sitemap"))("sitemap.xml on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL }));
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("jobOpenings");
  });

  test("An open opening is listed at its public page with lastmod from its last change", async () => {
    const created = await createOpening(null, opening("QA Engineer"), Date.UTC(2026, 10, 2, 9, 30));
    const entries = await sitemapEntries();
    expect(entries.get(`${APP_URL}/careers/${created.id}`)).toBe("2026-11-02T09:30:00.000Z");
    // The fixed public pages stay, without a lastmod.
    expect(entries.has(`${APP_URL}/careers`)).toBe(true);
    expect(entries.get(`${APP_URL}/service/saas`)).toBeUndefined();

    await updateOpening(null, created.id, opening("Senior QA Engineer"), Date.UTC(2026, 10, 5, 12, 0));
    expect((await sitemapEntries()).get(`${APP_URL}/careers/${created.id}`)).toBe("2026-11-05T12:00:00.000Z");
  });

  test("A closed opening is dropped from the sitemap and comes back when reopened", async () => {
    const kept = await createOpening(null, opening("Platform Engineer"));
    const closed = await createOpening(null, opening("Android Developer"));
    await setOpeningStatus(null, closed.id, "closed");
    let locs = [...(await sitemapEntries()).keys()];
    expect(locs).toContain(`${APP_URL}/careers/${kept.id}`);
    expect(locs).not.toContain(`${APP_URL}/careers/${closed.id}`);

    await setOpeningStatus(null, closed.id, "open");
    locs = [...(await sitemapEntries()).keys()];
    expect(locs).toContain(`${APP_URL}/careers/${closed.id}`);
  });

  test("An opening id with characters that mean something in XML or URLs is escaped", async () => {
    const now = Date.now();
    await db()
      .insertInto("jobOpenings")
      .values({
        id: "a&b c",
        title: "Odd",
        location: "x",
        type: "x",
        description: "x",
        salary: "",
        requirements: "[]",
        status: "open",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const body = await (await loader()).text();
    expect(body).toContain(`<loc>${APP_URL}/careers/a%26b%20c</loc>`);
    expect(body).not.toContain("a&b");
  });
});
