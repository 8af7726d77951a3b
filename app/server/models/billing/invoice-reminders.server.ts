import { parseReminderDays } from "~/lib/billing-settings";
import type { Actor } from "~/server/auth/actor.server";
import { getBrand } from "~/server/brand/brand.server";
import { agencyDay } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { enqueueMail, notifyMailEnqueued } from "~/server/mail/outbox.server";
import { invoiceReminderMail } from "~/server/mail/invoice-mails.server";
import { onlinePaymentsEnabled } from "~/server/payments/stripe.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import { billingContacts } from "./billing-contacts.server";
import { getBillingSettings } from "./billing-settings.server";
import { invoicePortalUrl } from "./invoice-delivery.server";
import { invoiceDocument } from "./invoice-document.server";
import { OPEN_STATUSES } from "./invoice-views.server";

// payment reminders on the schedule in Settings (days from the due date). A run
// (daily, one instance under a lease: invoice-reminder-schedule) sends each open invoice the latest
// step it has reached, once: the outbox's idempotency key `invoice-reminder:{id}:{step}:{to}` keeps
// it to one mail per invoice, step and person however many runs or instances see it. A step whose
// day came before the invoice was issued is never sent (the invoice mail itself said it), and an
// earlier step a stopped server missed is not sent late once a later one applies.

export const REMINDER_ACTOR: Actor = { id: "system:reminders", email: "scheduled reminders", name: "Payment reminders" };

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The step an invoice has reached on `today`, or null: the latest of `days` on or before it, after the issue day. */
export function reminderStep(days: number[], { issueDate, dueDate }: { issueDate: string; dueDate: string }, today: string): number | null {
  const fromDue = dayNumber(today) - dayNumber(dueDate);
  const issuedFromDue = dayNumber(issueDate) - dayNumber(dueDate);
  const reached = days.filter((d) => d <= fromDue && d > issuedFromDue);
  return reached.length > 0 ? reached[reached.length - 1]! : null;
}

/** Queues the reminders due today; returns how many mails were newly queued. */
export async function sendDueReminders({ now = Date.now() }: { now?: number } = {}): Promise<{ invoices: number; mails: number }> {
  const settings = await getBillingSettings();
  const days = parseReminderDays(settings.reminderDays);
  if (typeof days === "string" || days.length === 0) return { invoices: 0, mails: 0 };
  const { today } = await agencyDay(now);
  const open = await db()
    .selectFrom("invoices")
    .select(["id", "companyId", "issueDate", "dueDate", "billingEmail", "total", "credited", "paid"])
    .where("kind", "=", "invoice")
    .where("status", "in", [...OPEN_STATUSES])
    .where("dueDate", "is not", null)
    .where("issueDate", "is not", null)
    .execute();
  const brand = await getBrand();
  let invoices = 0;
  let mails = 0;
  for (const invoice of open) {
    if (Number(invoice.total) - Number(invoice.credited) - Number(invoice.paid) <= 0) continue;
    const step = reminderStep(days, { issueDate: invoice.issueDate!, dueDate: invoice.dueDate! }, today);
    if (step === null) continue;
    const contacts = (await billingContacts({ companyId: invoice.companyId })).map((c) => c.email);
    const to = [...new Set([...contacts, ...(invoice.billingEmail ? [invoice.billingEmail] : [])].map((e) => e.toLowerCase()))];
    if (to.length === 0) continue;
    const url = invoicePortalUrl(invoice.id);
    const doc = await invoiceDocument(db(), invoice.id, { payUrl: onlinePaymentsEnabled() ? url : null });
    const mail = invoiceReminderMail(doc, step, url, brand);
    const queued = await writeTransaction(async (trx) => {
      let count = 0;
      for (const address of to) {
        const key = `invoice-reminder:${invoice.id}:${step}:${address}`.slice(0, 200);
        const before = await trx.selectFrom("mailOutbox").select("id").where("idempotencyKey", "=", key).executeTakeFirst();
        if (before) continue;
        await enqueueMail(trx, { ...mail, to: address, idempotencyKey: key }, now);
        count++;
      }
      if (count > 0)
        await recordAudit(
          trx,
          REMINDER_ACTOR,
          { action: "invoice.reminder", entity: "invoice", entityId: invoice.id, detail: { number: doc.number, step, to: count } },
          now,
        );
      return count;
    });
    if (queued > 0) invoices++;
    mails += queued;
  }
  if (mails > 0) notifyMailEnqueued();
  return { invoices, mails };
}
