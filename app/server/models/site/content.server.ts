import type { ContentData, ContentTypeDef, SiteItemSummary, SiteVersion } from "~/lib/site-content";
import { db, type Executor } from "~/server/db/db.server";

// The console's reads of site content: every item of a type with its state, one item's draft and
// published data, its version history with who and when.

export interface SiteItemDetail extends SiteItemSummary {
  draft: ContentData;
  published: ContentData | null;
  lockVersion: number;
  /** Who saved last (name, or e-mail when unnamed); null for the seed or a removed account. */
  updatedBy: string | null;
  origin: string;
}

export function parseData(json: string): ContentData {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as ContentData) : {};
  } catch {
    return {};
  }
}

function titleOf(def: ContentTypeDef, data: ContentData): string {
  const title = data[def.titleField];
  return typeof title === "string" && title.trim() ? title : `Untitled ${def.singular}`;
}

function itemQuery(executor: Executor) {
  return executor
    .selectFrom("siteItems")
    .leftJoin("siteVersions", "siteVersions.id", "siteItems.publishedVersionId")
    .leftJoin("users", "users.id", "siteItems.updatedBy")
    .select([
      "siteItems.id",
      "siteItems.type",
      "siteItems.slug",
      "siteItems.sortOrder",
      "siteItems.visible",
      "siteItems.draftData",
      "siteItems.lockVersion",
      "siteItems.origin",
      "siteItems.updatedAt",
      "siteVersions.number as publishedNumber",
      "siteVersions.data as publishedData",
      "users.name as updatedByName",
      "users.email as updatedByEmail",
    ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>["executeTakeFirstOrThrow"]>>;

function toDetail(def: ContentTypeDef, row: ItemRow): SiteItemDetail {
  const draft = parseData(row.draftData);
  return {
    id: row.id,
    type: row.type,
    title: titleOf(def, draft),
    slug: row.slug,
    order: Number(row.sortOrder),
    visible: Boolean(Number(row.visible)),
    publishedNumber: row.publishedNumber == null ? null : Number(row.publishedNumber),
    hasDraft: row.publishedData !== row.draftData,
    updatedAt: Number(row.updatedAt),
    draft,
    published: row.publishedData == null ? null : parseData(row.publishedData),
    lockVersion: Number(row.lockVersion),
    updatedBy: row.updatedByName || row.updatedByEmail || null,
    origin: row.origin,
  };
}

/** Every item of a type, in the public order (unpublished ones last). */
export async function listSiteItems(def: ContentTypeDef): Promise<SiteItemSummary[]> {
  const rows = await itemQuery(db())
    .where("siteItems.type", "=", def.type)
    .orderBy("siteItems.sortOrder")
    .orderBy("siteItems.createdAt")
    .orderBy("siteItems.id")
    .execute();
  return rows.map((row) => {
    const { draft: _draft, published: _published, lockVersion: _lock, updatedBy: _by, origin: _origin, ...summary } = toDetail(def, row);
    return summary;
  });
}

export async function findSiteItem(def: ContentTypeDef, id: string, executor: Executor = db()): Promise<SiteItemDetail | undefined> {
  const row = await itemQuery(executor).where("siteItems.type", "=", def.type).where("siteItems.id", "=", id).executeTakeFirst();
  return row ? toDetail(def, row) : undefined;
}

/** Newest first. */
export async function listSiteVersions(itemId: string): Promise<SiteVersion[]> {
  const rows = await db()
    .selectFrom("siteVersions")
    .leftJoin("users", "users.id", "siteVersions.createdBy")
    .select([
      "siteVersions.id",
      "siteVersions.number",
      "siteVersions.createdAt",
      "siteVersions.publishedAt",
      "siteVersions.restoredFrom",
      "users.name",
      "users.email",
    ])
    .where("siteVersions.itemId", "=", itemId)
    .orderBy("siteVersions.number", "desc")
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    number: Number(row.number),
    createdAt: Number(row.createdAt),
    createdBy: row.name || row.email || null,
    publishedAt: row.publishedAt == null ? null : Number(row.publishedAt),
    restoredFrom: row.restoredFrom == null ? null : Number(row.restoredFrom),
  }));
}
