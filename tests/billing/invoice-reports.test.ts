import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { issueCreditNote } from "~/server/models/billing/credit-notes.server";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { recordPayment } from "~/server/models/billing/invoice-payments.server";
import {
  agingBucket,
  agingReport,
  BILLING_EXPORT_HEADER,
  eachBillingRow,
  revenuePerMonth,
} from "~/server/models/billing/invoice-reports.server";
import { getInvoice } from "~/server/models/billing/invoices-read.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { draftInput, FINANCE, insertCompany } from "./helpers";

// Issue 29, part 7: aging by days past due, money received per month, the accountant's CSV rows.

test("An open balance is current until its due date, then ages in 30-day buckets", () => {
  expect(agingBucket("2026-11-30", "2026-11-30")).toBe("current");
  expect(agingBucket("2026-11-29", "2026-11-30")).toBe("1-30");
  expect(agingBucket("2026-10-31", "2026-11-30")).toBe("1-30");
  expect(agingBucket("2026-10-30", "2026-11-30")).toBe("31-60");
  expect(agingBucket("2026-09-01", "2026-11-30")).toBe("61-90");
  expect(agingBucket("2026-08-01", "2026-11-30")).toBe("90+");
});

describe.each(testDatabases("billing reports"))("Billing reports on $name", (database) => {
  let cleanup: () => Promise<void>;
  let company: string;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    company = await insertCompany("Kestrel GmbH");
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => clearTables("invoicePayments", "invoiceLines", "invoiceNumberCounters", "invoices"));

  async function issued(issuedAt: number, fields: Parameters<typeof draftInput>[0] = {}) {
    const draft = await createInvoiceDraft(FINANCE, company, draftInput(fields), { now: issuedAt });
    await issueInvoice(FINANCE, draft.id, draft.version, { now: issuedAt });
    return getInvoice({ scope: "all", id: draft.id });
  }

  test("Aging puts each open balance in its bucket per currency, leaving paid and credited invoices out", async () => {
    const today = "2026-11-30";
    const at = (date: string) => Date.parse(`${date}T10:00:00Z`);
    const fresh = await issued(at("2026-11-25"));
    const late = await issued(at("2026-10-01"));
    const paid = await issued(at("2026-09-01"));
    await recordPayment(FINANCE, paid.id, { amount: paid.total, currency: "EUR", method: "cash", paidOn: "2026-09-05", reference: "" });
    const yen = await issued(at("2026-07-01"), {
      currency: "JPY",
      lines: [{ description: "Audit", quantityMilli: 1000, unitPrice: 50_000, taxRateBp: 1000 }],
    });
    const credited = await issued(at("2026-08-01"));
    await issueCreditNote(FINANCE, credited.id, { lines: "all", notes: "Cancelled" });

    expect(await agingReport({ scope: "all", today })).toEqual([
      {
        currency: "EUR",
        buckets: { current: fresh.balance, "1-30": 0, "31-60": late.balance, "61-90": 0, "90+": 0 },
        total: fresh.balance + late.balance,
        invoices: 2,
      },
      { currency: "JPY", buckets: { current: 0, "1-30": 0, "31-60": 0, "61-90": 0, "90+": yen.balance }, total: yen.balance, invoices: 1 },
    ]);
  });

  test("Revenue per month is what was received, less refunds, in each currency; the export lists invoices, then payments", async () => {
    const invoice = await issued(Date.parse("2026-10-01T10:00:00Z"));
    await recordPayment(FINANCE, invoice.id, {
      amount: 50_000,
      currency: "EUR",
      method: "bank-transfer",
      paidOn: "2026-10-20",
      reference: "SEPA 1",
    });
    await recordPayment(FINANCE, invoice.id, { amount: 20_000, currency: "EUR", method: "cash", paidOn: "2026-11-02", reference: "" });
    const months = await revenuePerMonth({ scope: "all", today: "2026-11-30", months: 3 });
    expect(months).toEqual([
      { month: "2026-09", currency: "EUR", received: 0 },
      { month: "2026-10", currency: "EUR", received: 50_000 },
      { month: "2026-11", currency: "EUR", received: 20_000 },
    ]);
    const rows: (string | number)[][] = [];
    for await (const row of eachBillingRow("all")) rows.push(row);
    expect(rows.map((r) => [r[0], r[1], r[10]])).toEqual([
      ["invoice", invoice.number, invoice.total],
      ["payment", invoice.number, 50_000],
      ["payment", invoice.number, 20_000],
    ]);
    for (const row of rows) expect(row).toHaveLength(BILLING_EXPORT_HEADER.length);
  });
});
