import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { issueAndFile } from "~/server/models/billing/invoice-delivery.server";
import { recordPayment } from "~/server/models/billing/invoice-payments.server";
import { reminderStep, sendDueReminders } from "~/server/models/billing/invoice-reminders.server";
import { getInvoice } from "~/server/models/billing/invoices-read.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { draftInput, FINANCE, insertCompany } from "./helpers";

// Issue 29, part 5: reminders on the schedule's days from the due date, one mail per invoice, step
// and person however often the run comes.

const DAY = 86_400_000;
const DAYS = [-3, 0, 7, 14];

test("The step an invoice has reached is the latest day passed, never one before it was issued", () => {
  const dates = { issueDate: "2026-11-01", dueDate: "2026-11-15" };
  expect(reminderStep(DAYS, dates, "2026-11-11")).toBeNull();
  expect(reminderStep(DAYS, dates, "2026-11-12")).toBe(-3);
  expect(reminderStep(DAYS, dates, "2026-11-15")).toBe(0);
  expect(reminderStep(DAYS, dates, "2026-11-21")).toBe(0);
  expect(reminderStep(DAYS, dates, "2026-11-22")).toBe(7);
  expect(reminderStep(DAYS, dates, "2027-01-30")).toBe(14);
  // Issued on its due date: the day's own reminder was the invoice mail itself.
  expect(reminderStep(DAYS, { issueDate: "2026-11-15", dueDate: "2026-11-15" }, "2026-11-15")).toBeNull();
  expect(reminderStep(DAYS, { issueDate: "2026-11-15", dueDate: "2026-11-15" }, "2026-11-22")).toBe(7);
});

describe.each(testDatabases("invoice reminders"))("Payment reminders on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  }, 60_000);
  afterAll(async () => cleanup());

  const reminders = (invoiceId: string) =>
    db()
      .selectFrom("mailOutbox")
      .select(["toAddress", "subject"])
      .where("idempotencyKey", "like", `invoice-reminder:${invoiceId}:%`)
      .orderBy("subject")
      .execute();

  test("An open invoice gets each step's reminder once, overdue ones say so, and a paid invoice gets none", async () => {
    const issuedAt = Date.parse("2026-11-01T10:00:00Z");
    const company = await insertCompany(`Kestrel ${database.name}`);
    const email = `accounts-${database.name}@kestrel.example`;
    const open = await createInvoiceDraft(FINANCE, company, draftInput({ billingEmail: email }));
    const { number } = await issueAndFile(FINANCE, open.id, open.version, { now: issuedAt });
    const paid = await createInvoiceDraft(FINANCE, company, draftInput({ billingEmail: email }));
    await issueAndFile(FINANCE, paid.id, paid.version, { now: issuedAt });
    const { balance } = await getInvoice({ scope: "all", id: paid.id });
    await recordPayment(FINANCE, paid.id, { amount: balance, currency: "EUR", method: "cash", paidOn: "2026-11-02", reference: "" });

    expect(await sendDueReminders({ now: issuedAt + 10 * DAY })).toEqual({ invoices: 0, mails: 0 });
    expect(await sendDueReminders({ now: issuedAt + 11 * DAY })).toEqual({ invoices: 1, mails: 1 });
    // Later the same day, or on another instance: nothing more.
    const again = await Promise.all([
      sendDueReminders({ now: issuedAt + 11 * DAY + 3600_000 }),
      sendDueReminders({ now: issuedAt + 12 * DAY }),
    ]);
    expect(again.map((r) => r.mails)).toEqual([0, 0]);
    await sendDueReminders({ now: issuedAt + 21 * DAY });
    expect(await reminders(open.id)).toEqual([
      { toAddress: email, subject: `Overdue: Invoice ${number} from Indigo Kite Technologies` },
      { toAddress: email, subject: `Reminder: Invoice ${number} from Indigo Kite Technologies` },
    ]);
    expect(await reminders(paid.id)).toEqual([]);
  });
});
