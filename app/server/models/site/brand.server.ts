import type { Brand, MailIdentity } from "~/lib/brand";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { BRAND_KEY, forgetBrand, MAIL_IDENTITY_KEY, readBrand, readMailIdentity, type Stored } from "~/server/brand/brand.server";
import type { Db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { putSetting } from "~/server/models/shared/setting-rows.server";
import { recordAudit } from "~/server/models/shared/audit.server";

// Saving the brand and the mail identity (console → Settings → Brand). Each is one appSettings row
// of JSON whose updatedAt is its version: a save names the version its form was loaded with, and a
// newer row refuses it ("conflict"), so two admins never overwrite each other unseen. After the
// commit every instance drops its cached copy and the HTML cache (event "site.changed").

export const BRAND_CONFLICT =
  "Someone else saved the brand meanwhile. Your changes are still in the form: reload to see theirs, then save again.";
export const MAIL_CONFLICT =
  "Someone else saved the mail settings meanwhile. Your changes are still in the form: reload to see theirs, then save again.";

/** Fields whose value differs, for the audit row. */
function changes(before: object, after: object): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = (before as Record<string, unknown>)[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) out[key] = { from, to };
  }
  return out;
}

async function save<T extends object>(
  actor: Actor,
  spec: { key: string; read: (executor: Db) => Promise<Stored<T>>; conflict: string; entity: string },
  next: T,
  expectedVersion: number,
  now: number,
): Promise<Stored<T>> {
  const saved = await writeTransaction(async (trx) => {
    const current = await spec.read(trx);
    if (current.version !== expectedVersion) throw new Refusal("conflict", spec.conflict);
    const changed = changes(current.value, next);
    if (Object.keys(changed).length === 0) return current;
    // Strictly newer than the version replaced, even within one millisecond.
    const version = Math.max(now, current.version + 1);
    const value = JSON.stringify(next);
    await putSetting(trx, spec.key, value, actor.id, version);
    await recordAudit(trx, actor, { action: "settings.change", entity: spec.entity, entityId: spec.key, detail: changed }, now);
    return { value: next, version };
  });
  if (saved.version !== expectedVersion) {
    forgetBrand();
    events().publish({ type: "site.changed" });
  }
  return saved;
}

/** Saves the public brand; refuses ("conflict") when the stored one is not `expectedVersion`. */
export function saveBrand(actor: Actor, next: Brand, expectedVersion: number, now = Date.now()): Promise<Stored<Brand>> {
  return save(actor, { key: BRAND_KEY, read: readBrand, conflict: BRAND_CONFLICT, entity: "brand" }, next, expectedVersion, now);
}

/** Saves the mail sender and inboxes; refuses ("conflict") when the stored one is not `expectedVersion`. */
export function saveMailIdentity(
  actor: Actor,
  next: MailIdentity,
  expectedVersion: number,
  now = Date.now(),
): Promise<Stored<MailIdentity>> {
  return save(
    actor,
    { key: MAIL_IDENTITY_KEY, read: readMailIdentity, conflict: MAIL_CONFLICT, entity: "brand" },
    next,
    expectedVersion,
    now,
  );
}
