import { startLeasedSchedule } from "~/server/db/leased-schedule.server";
import { newLeaseHolder, releaseLease, takeLease } from "~/server/db/leases.server";
import { sendDueReminders } from "./invoice-reminders.server";

// INVOICE_REMINDER_SCHEDULE (cron, in the agency's time zone; "off" stops reminders): one instance
// runs each occurrence under the reminders lease. The outbox's keys keep each reminder to one mail
// even if two runs overlapped (invoice-reminders.server.ts).

const LEASE = "invoice-reminders";
const LEASE_TTL_MS = 10 * 60_000;

export function startInvoiceReminderSchedule(pattern: string, timeZone?: string): { stop(): void } {
  return startLeasedSchedule<{ invoices: number; mails: number }>(pattern, {
    name: "invoice-reminders",
    timeZone,
    describe: (result) => ({ ...result }),
    run: async (slot) => {
      const holder = newLeaseHolder();
      if (!(await takeLease(LEASE, { holder, ttlMs: LEASE_TTL_MS, slot }))) return null;
      try {
        return await sendDueReminders();
      } finally {
        await releaseLease(LEASE, holder);
      }
    },
  });
}
