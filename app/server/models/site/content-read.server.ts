import type { ContentData } from "~/lib/site-content";
import { db, type Db } from "~/server/db/db.server";
import { events, type EventBus } from "~/server/events/bus.server";

// Public reads of published content: every anonymous page build asks, so each type's list is
// held in memory and dropped when `site.changed` arrives (a publish here or, through the
// PostgreSQL bus, on any instance) — the pattern of brand/brand.server.ts. Only routes read it.

export interface PublishedItem {
  id: string;
  slug: string | null;
  data: ContentData;
  /** The published version's number (a privacy consent records it). */
  number: number;
  publishedAt: number;
}

let cache = new Map<string, Promise<PublishedItem[]>>();
let watched: EventBus | null = null;
// The database the cache was filled from: another one (a restore swapping it, tests) starts afresh.
let source: Db | null = null;

function watch(): void {
  if (source !== db()) {
    source = db();
    cache = new Map();
  }
  const bus = events();
  if (watched === bus) return;
  watched = bus;
  bus.subscribe((event) => {
    if (event.type === "site.changed") cache = new Map();
  });
}

async function load(type: string): Promise<PublishedItem[]> {
  const rows = await db()
    .selectFrom("siteItems")
    .innerJoin("siteVersions", "siteVersions.id", "siteItems.publishedVersionId")
    .select(["siteItems.id", "siteItems.slug", "siteVersions.data", "siteVersions.number", "siteVersions.publishedAt"])
    .where("siteItems.type", "=", type)
    .where("siteItems.visible", "=", 1)
    .orderBy("siteItems.sortOrder")
    .orderBy("siteItems.createdAt")
    .orderBy("siteItems.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    data: JSON.parse(row.data) as ContentData,
    number: Number(row.number),
    publishedAt: Number(row.publishedAt),
  }));
}

/** The visible, published items of a type, in their order. */
export function publishedItems(type: string): Promise<PublishedItem[]> {
  watch();
  let entry = cache.get(type);
  if (!entry) {
    entry = load(type).catch((error: unknown) => {
      cache.delete(type);
      throw error;
    });
    cache.set(type, entry);
  }
  return entry;
}

export async function publishedBySlug(type: string, slug: string): Promise<PublishedItem | undefined> {
  return (await publishedItems(type)).find((item) => item.slug === slug);
}

/** The slug an old address of `type` now redirects to, when an item left it behind. */
export async function redirectedSlug(type: string, slug: string): Promise<string | null> {
  const row = await db()
    .selectFrom("siteRedirects")
    .innerJoin("siteItems", "siteItems.id", "siteRedirects.itemId")
    .select(["siteItems.slug", "siteItems.visible"])
    .where("siteRedirects.fromKey", "=", `${type}/${slug}`)
    .executeTakeFirst();
  return row?.slug && row.visible ? row.slug : null;
}

/** Drops this instance's copy (tests; a publish calls it right after its own commit too). */
export function forgetPublishedContent(): void {
  cache = new Map();
}
