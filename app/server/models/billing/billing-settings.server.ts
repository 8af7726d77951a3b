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
import { saveChangedSettings } from "~/server/models/shared/setting-rows.server";

// The agency's billing settings, one app_settings row each. Not cached: issuing reads them inside its own transaction.

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
    await saveChangedSettings(trx, actor, { keys: BILLING_KEYS, current: await getBillingSettings(trx), next }, now);
  });
  return getBillingSettings();
}
