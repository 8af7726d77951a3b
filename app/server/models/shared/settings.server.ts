import type { Kysely } from "kysely";
import { SETTING_KEYS, settingsFromRows, type AppSettings } from "~/lib/app-settings";
import { RETENTION_KEYS, retentionFromRows, type RetentionSettings } from "~/lib/retention";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { saveChangedSettings } from "./setting-rows.server";

// The operator's switches, stored in the database (every instance reads the same
// row; nothing is cached, so a change applies at once everywhere) and changed from the console's
// Settings page (admin only), audited.

export type { AppSettings };

export async function getSettings(): Promise<AppSettings> {
  return settingsFromRows(await db().selectFrom("appSettings").select(["key", "value"]).execute());
}

/**
 * Saves the switches that changed, with one audit row each; returns the settings now in force.
 * Switches left out keep their value (callers written before a switch existed stay right).
 */
export async function updateSettings(actor: Actor, changes: Partial<AppSettings>, now = Date.now()): Promise<AppSettings> {
  await writeTransaction(async (trx) => {
    const current = settingsFromRows(await trx.selectFrom("appSettings").select(["key", "value"]).execute());
    const next = { ...current, ...changes };
    const keys = Object.fromEntries(SETTING_KEYS.map((key) => [key, key])) as Record<keyof AppSettings, string>;
    await saveChangedSettings(trx, actor, { keys, current, next, value: (_, on) => (on ? "on" : "off") }, now);
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
    await saveChangedSettings(trx, actor, { keys: RETENTION_KEYS, current: await getRetentionSettings(trx), next }, now);
  });
  return getRetentionSettings();
}
