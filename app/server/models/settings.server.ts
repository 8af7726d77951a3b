import { SETTING_KEYS, settingsFromRows, type AppSettings } from "~/lib/app-settings";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "./audit.server";

// Issue 16 part 5: the operator's switches, stored in the database (every instance reads the same
// row; nothing is cached, so a change applies at once everywhere) and changed from the console's
// Settings page (admin only), audited.

export type { AppSettings };

export async function getSettings(): Promise<AppSettings> {
  return settingsFromRows(await db().selectFrom("appSettings").select(["key", "value"]).execute());
}

/** Saves the switches that changed, with one audit row each; returns the settings now in force. */
export async function updateSettings(actor: Actor, next: AppSettings, now = Date.now()): Promise<AppSettings> {
  await writeTransaction(async (trx) => {
    const current = settingsFromRows(await trx.selectFrom("appSettings").select(["key", "value"]).execute());
    for (const key of SETTING_KEYS) {
      if (current[key] === next[key]) continue;
      const value = next[key] ? "on" : "off";
      await trx
        .insertInto("appSettings")
        .values({ key, value, updatedAt: now, updatedBy: actor.id })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, updatedAt: now, updatedBy: actor.id }))
        .execute();
      await recordAudit(trx, actor, { action: "settings.change", entity: "settings", entityId: key, detail: { from: current[key], to: next[key] } }, now);
    }
  });
  return getSettings();
}
