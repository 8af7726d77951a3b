import type { Executor } from "~/server/db/db.server";

// The legal pages as versioned content: what a consent records (decision 0051, issue 27).

/** The privacy policy's published version number, read inside the caller's transaction; null when none is. */
export async function privacyVersionIn(executor: Executor): Promise<number | null> {
  const row = await executor
    .selectFrom("siteItems")
    .innerJoin("siteVersions", "siteVersions.id", "siteItems.publishedVersionId")
    .select("siteVersions.number")
    .where("siteItems.id", "=", "privacy")
    .where("siteItems.type", "=", "legal")
    .executeTakeFirst();
  return row ? Number(row.number) : null;
}
