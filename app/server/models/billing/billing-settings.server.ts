import {
  BILLING_KEYS,
  billingSettingsFromRows,
  numberFormatProblem,
  parseReminderDays,
  type BillingSettings,
} from "~/lib/billing-settings";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { db, type Executor } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "~/server/models/shared/audit.server";

// The agency's billing settings, one app_settings row each (the pattern of
// models/shared/settings.server.ts). Not cached: issuing reads them inside its own transaction.

export type { BillingSettings };

/** The settings in force, as `executor` sees them (pass the transaction inside a write). */
export async function getBillingSettings(executor: Executor = db()): Promise<BillingSettings> {
  const rows = await executor.selectFrom("appSettings").select(["key", "value"]).where("key", "in", Object.values(BILLING_KEYS)).execute();
  return billingSettingsFromRows(rows);
}

/** Saves what changed, one audit row each; refuses an unusable number format. */
export async function updateBillingSettings(actor: Actor, next: BillingSettings, now = Date.now()): Promise<BillingSettings> {
  for (const field of ["invoiceNumberFormat", "creditNoteNumberFormat"] as const) {
    const problem = numberFormatProblem(next[field]);
    if (problem) throw new Refusal("invalid", problem, { field });
  }
  const reminders = parseReminderDays(next.reminderDays);
  if (typeof reminders === "string") throw new Refusal("invalid", reminders, { field: "reminderDays" });
  if (next.invoiceNumberFormat.replace(/\{[^}]*\}/g, "") === next.creditNoteNumberFormat.replace(/\{[^}]*\}/g, ""))
    throw new Refusal("invalid", "Credit notes need a prefix of their own, so their numbers never look like an invoice's.", {
      field: "creditNoteNumberFormat",
    });
  await writeTransaction(async (trx) => {
    const current = await getBillingSettings(trx);
    for (const name of Object.keys(BILLING_KEYS) as (keyof BillingSettings)[]) {
      if (current[name] === next[name]) continue;
      const key = BILLING_KEYS[name];
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
  return getBillingSettings();
}
