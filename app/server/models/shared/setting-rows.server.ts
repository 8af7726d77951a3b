import type { Actor } from "~/server/auth/actor.server";
import type { Trx } from "~/server/db/db.server";
import { recordAudit } from "./audit.server";

// Every settings screen stores its fields as app_settings rows and audits each change the same
// way; the write lives here once so a new screen cannot forget the audit or the upsert.

/** Inserts or replaces one app_settings row. `at` is its version (updatedAt). */
export async function putSetting(trx: Trx, key: string, value: string, by: string, at: number): Promise<void> {
  await trx
    .insertInto("appSettings")
    .values({ key, value, updatedAt: at, updatedBy: by })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updatedAt: at, updatedBy: by }))
    .execute();
}

/**
 * Writes each field of `next` that differs from `current` to its row in `keys`, with one
 * "settings.change" audit row each (from → to). Returns whether anything changed.
 * `at` is the rows' version when the screen keeps one (strictly newer than the last), else now.
 */
export async function saveChangedSettings<T extends object>(
  trx: Trx,
  actor: Actor,
  fields: { keys: Record<keyof T, string>; current: T; next: T; value?: (field: keyof T, next: T[keyof T]) => string },
  now: number,
  at = now,
): Promise<boolean> {
  let changed = false;
  for (const name of Object.keys(fields.keys) as (keyof T)[]) {
    const from = fields.current[name];
    const to = fields.next[name];
    if (from === to) continue;
    changed = true;
    const key = fields.keys[name];
    await putSetting(trx, key, fields.value ? fields.value(name, to) : String(to), actor.id, at);
    await recordAudit(trx, actor, { action: "settings.change", entity: "settings", entityId: key, detail: { from, to } }, now);
  }
  return changed;
}
