import { formatDateTime } from "~/lib/dates";
import type { Zoned } from "~/lib/place";
import { placeForRecipient } from "~/server/brand/locale.server";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import type { ContentData, ContentTypeDef } from "~/lib/site-content";
import type { Actor } from "~/server/auth/actor.server";
import type { Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { recordAudit } from "../shared/audit.server";
import { findSiteItem, parseData, type SiteItemDetail } from "./content.server";
import { forgetPublishedContent } from "./content-read.server";
import { checkMarkdown } from "./markdown.server";

// Draft → publish for site content. Every save is a numbered version (the newest is the draft);
// publishing points the item at the newest; restoring copies an old version's data into a new
// draft, which the editor previews and publishes like any other (nothing goes public on restore).
// Each write checks the counter the editor's form carried (optimistic locking): a second editor
// is told who changed the item and when, and their text stays in their form.

export type WriteOutcome = "saved" | "unchanged";

/** Only the type's own fields, in its order: what is stored and compared. */
export function normalise(def: ContentTypeDef, input: Record<string, unknown>): ContentData {
  const out: ContentData = {};
  for (const field of def.fields) {
    const value = input[field.name];
    if (field.type === "boolean") out[field.name] = value === true;
    else if (field.type === "number") out[field.name] = typeof value === "number" ? value : 0;
    else if (field.type === "list") out[field.name] = Array.isArray(value) ? value.map(String) : [];
    else out[field.name] = typeof value === "string" ? value : "";
  }
  return out;
}

function conflict(item: SiteItemDetail, zoned: Zoned): Refusal {
  const who = item.updatedBy ?? "another editor";
  return new Refusal(
    "conflict",
    `Changed by ${who} at ${formatDateTime(item.updatedAt, zoned)}; your text is kept below. Compare it with the history, then save again to replace their version.`,
  );
}

async function current(trx: Trx, actor: Actor, def: ContentTypeDef, id: string, lockVersion: number): Promise<SiteItemDetail> {
  const item = await findSiteItem(def, id, trx);
  if (!item) throw new Refusal("not-found", `That ${def.singular} no longer exists.`);
  // The time in the editor's own zone (else the agency's), as their pages show it.
  if (item.lockVersion !== lockVersion) throw conflict(item, await placeForRecipient(actor.id, trx));
  return item;
}

/** Refuses what the schema cannot see: script links in Markdown, a slug another item holds. */
async function checkContent(trx: Trx, def: ContentTypeDef, id: string, data: ContentData): Promise<void> {
  for (const field of def.fields) {
    if (field.type === "markdown") checkMarkdown(field.name, String(data[field.name] ?? ""));
  }
  const slugField = def.fields.find((f) => f.type === "slug");
  if (!slugField) return;
  const slug = String(data[slugField.name] ?? "");
  const others = await trx
    .selectFrom("siteItems")
    .select(["slug", "draftData"])
    .where("type", "=", def.type)
    .where("id", "<>", id)
    .execute();
  if (others.some((o) => o.slug === slug || parseData(o.draftData)[slugField.name] === slug))
    throw new Refusal("invalid", `Another ${def.singular} already uses the slug “${slug}”. Choose another.`, { field: slugField.name });
}

async function addVersion(trx: Trx, actor: Actor, itemId: string, data: ContentData, now: number, restoredFrom: number | null = null) {
  const last = await trx
    .selectFrom("siteVersions")
    .select((eb) => eb.fn.max("number").as("max"))
    .where("itemId", "=", itemId)
    .executeTakeFirst();
  const number = last?.max == null ? 1 : Number(last.max) + 1;
  const json = JSON.stringify(data);
  await trx
    .insertInto("siteVersions")
    .values({ id: newId(), itemId, number, data: json, restoredFrom, createdBy: actor.id, createdAt: now, publishedAt: null })
    .execute();
  await trx
    .updateTable("siteItems")
    .set((eb) => ({ draftData: json, lockVersion: eb("lockVersion", "+", 1), updatedAt: now, updatedBy: actor.id }))
    .where("id", "=", itemId)
    .execute();
  return number;
}

/** A new item, its first version as the draft; nothing is public until it is published. */
export async function createSiteItem(actor: Actor, def: ContentTypeDef, input: Record<string, unknown>, now = Date.now()): Promise<string> {
  if (def.fixed) throw new Refusal("refused", `There is a fixed set of ${def.label.toLowerCase()}; edit one of them instead.`);
  const data = normalise(def, input);
  const id = newId();
  await writeTransaction(async (trx) => {
    await checkContent(trx, def, id, data);
    await trx
      .insertInto("siteItems")
      .values({
        id,
        type: def.type,
        slug: null,
        sortOrder: Number(data.order ?? 0),
        visible: 0,
        publishedVersionId: null,
        draftData: JSON.stringify(data),
        lockVersion: 0,
        origin: "staff",
        createdAt: now,
        updatedAt: now,
        updatedBy: actor.id,
      })
      .execute();
    await addVersion(trx, actor, id, data, now);
    await recordAudit(trx, actor, { action: "site.create", entity: `site.${def.type}`, entityId: id }, now);
  });
  return id;
}

/** Saves the editor's data as the new draft, when it differs from the current one. */
export async function saveSiteDraft(
  actor: Actor,
  def: ContentTypeDef,
  id: string,
  input: Record<string, unknown>,
  lockVersion: number,
  now = Date.now(),
): Promise<WriteOutcome> {
  const data = normalise(def, input);
  return writeTransaction(async (trx) => {
    const item = await current(trx, actor, def, id, lockVersion);
    if (JSON.stringify(data) === JSON.stringify(normalise(def, item.draft))) return "unchanged";
    await checkContent(trx, def, id, data);
    const number = await addVersion(trx, actor, id, data, now);
    await recordAudit(trx, actor, { action: "site.save", entity: `site.${def.type}`, entityId: id, detail: { version: number } }, now);
    return "saved";
  });
}

/** Puts the newest version on the public site; a changed slug keeps redirecting from the old one. */
export async function publishSiteItem(
  actor: Actor,
  def: ContentTypeDef,
  id: string,
  lockVersion: number,
  now = Date.now(),
): Promise<WriteOutcome> {
  const outcome = await writeTransaction(async (trx): Promise<WriteOutcome> => {
    const item = await current(trx, actor, def, id, lockVersion);
    const newest = await trx
      .selectFrom("siteVersions")
      .select(["id", "number", "data", "publishedAt"])
      .where("itemId", "=", id)
      .orderBy("number", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    const published = await trx.selectFrom("siteItems").select("publishedVersionId").where("id", "=", id).executeTakeFirstOrThrow();
    if (published.publishedVersionId === newest.id) return "unchanged";
    const data = normalise(def, parseData(newest.data));
    // Checked again: another item may have taken the slug since this draft was saved.
    await checkContent(trx, def, id, data);
    const slugField = def.fields.find((f) => f.type === "slug");
    // A type without a slug field keeps the one its items were given (the legal pages' paths).
    const slug = slugField ? String(data[slugField.name]) : item.slug;
    if (item.slug && slug && item.slug !== slug) {
      await trx
        .insertInto("siteRedirects")
        .values({ fromKey: `${def.type}/${item.slug}`, itemId: id, createdAt: now })
        .onConflict((oc) => oc.column("fromKey").doUpdateSet({ itemId: id, createdAt: now }))
        .execute();
    }
    // The live page wins over an old redirect that pointed elsewhere.
    if (slug) await trx.deleteFrom("siteRedirects").where("fromKey", "=", `${def.type}/${slug}`).execute();
    await trx.updateTable("siteVersions").set({ publishedAt: now }).where("id", "=", newest.id).execute();
    await trx
      .updateTable("siteItems")
      .set((eb) => ({
        publishedVersionId: newest.id,
        slug,
        sortOrder: Number(data.order ?? 0),
        visible: data.visible === false ? 0 : 1,
        lockVersion: eb("lockVersion", "+", 1),
        updatedAt: now,
        updatedBy: actor.id,
      }))
      .where("id", "=", id)
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: "site.publish", entity: `site.${def.type}`, entityId: id, detail: { version: Number(newest.number), slug } },
      now,
    );
    return "saved";
  });
  if (outcome === "saved") siteChanged();
  return outcome;
}

/** Copies an old version's data into a new draft; publishing it is the editor's next step. */
export async function restoreSiteVersion(
  actor: Actor,
  def: ContentTypeDef,
  id: string,
  number: number,
  lockVersion: number,
  now = Date.now(),
): Promise<number> {
  return writeTransaction(async (trx) => {
    await current(trx, actor, def, id, lockVersion);
    const old = await trx
      .selectFrom("siteVersions")
      .select("data")
      .where("itemId", "=", id)
      .where("number", "=", number)
      .executeTakeFirst();
    if (!old) throw new Refusal("not-found", `There is no version ${number} of this ${def.singular}.`);
    const data = normalise(def, parseData(old.data));
    await checkContent(trx, def, id, data);
    const created = await addVersion(trx, actor, id, data, now, number);
    await recordAudit(
      trx,
      actor,
      { action: "site.restore", entity: `site.${def.type}`, entityId: id, detail: { from: number, version: created } },
      now,
    );
    return created;
  });
}

/** Removes an item with its history and redirects; its page answers 404 from now on. */
export async function deleteSiteItem(actor: Actor, def: ContentTypeDef, id: string, lockVersion: number, now = Date.now()): Promise<void> {
  if (def.fixed) throw new Refusal("refused", `A ${def.singular} cannot be deleted; edit its text instead.`);
  await writeTransaction(async (trx) => {
    const item = await current(trx, actor, def, id, lockVersion);
    await trx.deleteFrom("siteRedirects").where("itemId", "=", id).execute();
    await trx.deleteFrom("siteVersions").where("itemId", "=", id).execute();
    await trx.deleteFrom("siteItems").where("id", "=", id).execute();
    await recordAudit(trx, actor, { action: "site.delete", entity: `site.${def.type}`, entityId: id, detail: { title: item.title } }, now);
  });
  siteChanged();
}

/** After a commit that changed public content: this instance's caches at once, every instance's through the bus. */
export function siteChanged(): void {
  forgetPublishedContent();
  events().publish({ type: "site.changed" });
}
