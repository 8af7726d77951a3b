import type { Kysely } from "kysely";
import { SETTING_KEYS, settingsFromRows, type AppSettings } from "~/lib/app-settings";
import { RETENTION_KEYS, retentionFromRows, type RetentionSettings } from "~/lib/retention";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "./audit.server";

// The operator's switches, stored in the database (every instance reads the same
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
      await recordAudit(
        trx,
        actor,
        { action: "settings.change", entity: "settings", entityId: key, detail: { from: current[key], to: next[key] } },
        now,
      );
    }
  });
  return getSettings();
}

/** The days each kind is kept (defaults where unset). */
export async function getRetentionSettings(executor: Kysely<Database> = db()): Promise<RetentionSettings> {
  const keys = Object.values(RETENTION_KEYS);
  return retentionFromRows(await executor.selectFrom("appSettings").select(["key", "value"]).where("key", "in", keys).execute());
}

/** Saves the retention days that changed, with one audit row each; returns the values now in force. */
export async function updateRetentionSettings(actor: Actor, next: RetentionSettings, now = Date.now()): Promise<RetentionSettings> {
  await writeTransaction(async (trx) => {
    const current = await getRetentionSettings(trx);
    for (const name of Object.keys(RETENTION_KEYS) as (keyof RetentionSettings)[]) {
      if (current[name] === next[name]) continue;
      const key = RETENTION_KEYS[name];
      const value = String(next[name]);
      await trx
        .insertInto("appSettings")
        .values({ key, value, updatedAt: now, updatedBy: actor.id })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, updatedAt: now, updatedBy: actor.id }))
        .execute();
      await recordAudit(
        trx,
        actor,
        { action: "settings.change", entity: "settings", entityId: key, detail: { from: current[name], to: next[name] } },
        now,
      );
    }
  });
  return getRetentionSettings();
}
