import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { contentType, type ContentTypeDef } from "~/lib/site-content";
import { siteContentSchema } from "~/lib/schemas/site-content";
import { findSiteItem, type SiteItemDetail } from "~/server/models/site/content.server";

// What the Site routes share: the content type named in the URL, the item, the editor's parse.

export function requireContentType(type: string | undefined): ContentTypeDef {
  const def = type ? contentType(type) : undefined;
  if (!def) throw data("There is no such kind of site content.", { status: 404, statusText: "Not found" });
  return def;
}

export async function requireSiteItem(def: ContentTypeDef, id: string): Promise<SiteItemDetail> {
  const item = await findSiteItem(def, id);
  if (!item) throw data(`There is no ${def.singular} with this id.`, { status: 404, statusText: "Not found" });
  return item;
}

export function parseSiteForm(def: ContentTypeDef, formData: FormData) {
  return parseWithZod(formData, { schema: siteContentSchema(def) });
}

/** The lock counter a post carried (0 when missing: never matches a stored item). */
export function postedLockVersion(formData: FormData): number {
  const value = Number(formData.get("lockVersion"));
  return Number.isInteger(value) && value >= 0 ? value : -1;
}
