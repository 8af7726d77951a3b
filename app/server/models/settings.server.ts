import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "./audit.server";

// Issue 16 part 5: the operator's switches, stored in the database (every instance reads the same
// row; nothing is cached, so a change applies at once everywhere) and changed from the console's
// Settings page (admin only), audited.

export interface AppSettings {
  /** SPEC: anyone may register at /login. Off: /login offers sign-in only. */
  selfRegistration: boolean;
  /** SPEC "My Projects": a client may create a project. Off: only staff create them. */
  clientProjects: boolean;
}

const DEFAULTS: AppSettings = { selfRegistration: true, clientProjects: true };
const KEYS = Object.keys(DEFAULTS) as (keyof AppSettings)[];

export async function getSettings(): Promise<AppSettings> {
  const rows = await db().selectFrom("appSettings").select(["key", "value"]).execute();
  const settings = { ...DEFAULTS };
  for (const row of rows) if ((KEYS as string[]).includes(row.key)) settings[row.key as keyof AppSettings] = row.value === "on";
  return settings;
}

/** Saves the switches that changed, with one audit row each; returns the settings now in force. */
export async function updateSettings(actor: Actor, next: AppSettings, now = Date.now()): Promise<AppSettings> {
  await writeTransaction(async (trx) => {
    const rows = await trx.selectFrom("appSettings").select(["key", "value"]).execute();
    const current = { ...DEFAULTS };
    for (const row of rows) if ((KEYS as string[]).includes(row.key)) current[row.key as keyof AppSettings] = row.value === "on";
    for (const key of KEYS) {
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
