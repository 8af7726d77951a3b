import { startLeasedSchedule } from "~/server/db/leased-schedule.server";
import { newLeaseHolder, releaseLease, takeLease } from "~/server/db/leases.server";
import { fileMissingPdfs } from "./invoice-delivery.server";
import { purgeExpiredInvoices } from "./invoice-purge.server";
import { sendDueReminders } from "./invoice-reminders.server";
import { runRecurringInvoices } from "./recurring-invoices.server";

// INVOICE_REMINDER_SCHEDULE (cron, in the agency's time zone; "off" stops it): the daily billing
// run, on one instance per occurrence under its lease: first the retainers whose day has come write
// their invoices, then the reminders go, then invoices past their legal retention are purged and
// issued invoices whose PDF a stopped server never filed get it. Each step is safe to repeat
// (recurring-invoices.server.ts, invoice-reminders.server.ts, invoice-purge.server.ts), so a lease
// lost to a slow run duplicates nothing.

const LEASE = "invoice-reminders";
const LEASE_TTL_MS = 10 * 60_000;

export function startInvoiceReminderSchedule(pattern: string, timeZone?: string): { stop(): void } {
  return startLeasedSchedule<{ written: number; issued: number; invoices: number; mails: number; purged: number; filed: number }>(pattern, {
    name: "invoice-reminders",
    timeZone,
    describe: (result) => ({ ...result }),
    run: async (slot) => {
      const holder = newLeaseHolder();
      if (!(await takeLease(LEASE, { holder, ttlMs: LEASE_TTL_MS, slot }))) return null;
      try {
        const retainers = await runRecurringInvoices();
        const reminders = await sendDueReminders();
        const purge = await purgeExpiredInvoices();
        const filed = await fileMissingPdfs();
        return { ...retainers, ...reminders, purged: purge.invoices + purge.creditNotes, filed };
      } finally {
        await releaseLease(LEASE, holder);
      }
    },
  });
}
