import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { issueCreditNote } from "~/server/models/billing/credit-notes.server";
import { recordCardRefund } from "~/server/models/billing/card-reversals.server";
import { issueInvoice, voidInvoice } from "~/server/models/billing/invoice-issue.server";
import { listPayments, recordCardPayment, recordPayment, type PaymentInput } from "~/server/models/billing/invoice-payments.server";
import { companyBalance, getInvoice } from "~/server/models/billing/invoices-read.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { draftInput, FINANCE, insertCompany } from "./helpers";
import { refusalOf } from "../helpers/refusals";

const TOTAL = 176_625;
const bank = (amount: number, fields: Partial<PaymentInput> = {}): PaymentInput => ({
  amount,
  currency: "EUR",
  method: "bank-transfer",
  paidOn: "2026-11-20",
  reference: "SEPA 123",
  ...fields,
});

describe.each(testDatabases("invoice payments"))("Payments against invoices on $name", (database) => {
  let cleanup: () => Promise<void>;
  let kestrel: string;
  let invoiceId: string;
  const paid = () => db().selectFrom("invoicePayments").select(["amount", "method"]).where("invoiceId", "=", invoiceId).execute();

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    kestrel = await insertCompany("Kestrel GmbH");
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("auditLog", "invoicePayments", "invoiceLines", "invoiceNumberCounters");
    await db().updateTable("invoices").set({ correctsInvoiceId: null }).execute();
    await clearTables("invoices");
    const draft = await createInvoiceDraft(FINANCE, kestrel, draftInput());
    await issueInvoice(FINANCE, draft.id, draft.version);
    invoiceId = draft.id;
  });

  test("A partial payment leaves the invoice partly paid; the rest settles it; more than the balance is refused", async () => {
    expect(await recordPayment(FINANCE, invoiceId, bank(50_000))).toMatchObject({ status: "partially-paid", balance: TOTAL - 50_000 });
    expect(await getInvoice({ scope: "all", id: invoiceId })).toMatchObject({
      status: "partially-paid",
      paid: 50_000,
      balance: TOTAL - 50_000,
    });
    expect(await companyBalance({ companyId: kestrel })).toMatchObject([{ currency: "EUR", due: TOTAL - 50_000 }]);
    const over = await refusalOf(recordPayment(FINANCE, invoiceId, bank(TOTAL - 50_000 + 1)));
    expect(over).toMatchObject({ kind: "invalid", field: "amount" });
    expect(over.message).toMatch(/more than the balance of €1,266\.25/);
    expect(await recordPayment(FINANCE, invoiceId, bank(TOTAL - 50_000, { method: "cash", reference: "" }))).toMatchObject({
      status: "paid",
      balance: 0,
    });
    expect(await getInvoice({ scope: "all", id: invoiceId })).toMatchObject({ status: "paid", balance: 0 });
    expect(await refusalOf(recordPayment(FINANCE, invoiceId, bank(1)))).toMatchObject({
      kind: "conflict",
      message: "This invoice is already paid.",
    });
    expect(await refusalOf(voidInvoice(FINANCE, invoiceId, "No"))).toMatchObject({ kind: "conflict" });
    expect((await listPayments({ invoiceId })).map((p) => [p.amount, p.method])).toEqual([
      [50_000, "bank-transfer"],
      [TOTAL - 50_000, "cash"],
    ]);
    const actions = await db()
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "=", invoiceId)
      .where("action", "=", "invoice.payment")
      .execute();
    expect(actions).toHaveLength(2);
  });

  test("Another currency, zero, a negative amount, a draft, a void invoice and a credit note are refused, and nothing is written", async () => {
    expect(await refusalOf(recordPayment(FINANCE, invoiceId, bank(100, { currency: "USD" })))).toMatchObject({
      kind: "invalid",
      field: "currency",
    });
    expect(await refusalOf(recordPayment(FINANCE, invoiceId, bank(0)))).toMatchObject({ kind: "invalid", field: "amount" });
    expect(await refusalOf(recordPayment(FINANCE, invoiceId, bank(-100)))).toMatchObject({ kind: "invalid", field: "amount" });
    expect(await refusalOf(recordPayment(FINANCE, invoiceId, bank(100, { paidOn: "2026-02-30" })))).toMatchObject({ field: "paidOn" });
    const draft = await createInvoiceDraft(FINANCE, kestrel, draftInput());
    expect(await refusalOf(recordPayment(FINANCE, draft.id, bank(100)))).toMatchObject({ kind: "conflict" });
    const note = await issueCreditNote(FINANCE, invoiceId, { lines: "all", notes: "" });
    expect(await refusalOf(recordPayment(FINANCE, note.id, bank(100)))).toMatchObject({ kind: "conflict" });
    const other = await createInvoiceDraft(FINANCE, kestrel, draftInput());
    await issueInvoice(FINANCE, other.id, other.version);
    await voidInvoice(FINANCE, other.id, "Duplicate");
    expect(await refusalOf(recordPayment(FINANCE, other.id, bank(100)))).toMatchObject({
      kind: "conflict",
      message: "This invoice is void: it cannot be paid.",
    });
    expect(await db().selectFrom("invoicePayments").selectAll().execute()).toEqual([]);
  });

  test("Two payments at once that together pass the balance: one is recorded, the other refused", async () => {
    const results = await Promise.allSettled([
      recordPayment(FINANCE, invoiceId, bank(100_000)),
      recordPayment(FINANCE, invoiceId, bank(100_000)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await getInvoice({ scope: "all", id: invoiceId })).toMatchObject({ paid: 100_000, status: "partially-paid" });
  });

  test("A card payment counts once per payment intent, however often the webhook arrives; each refund event adds its share once", async () => {
    const payment = {
      invoiceId,
      amount: TOTAL,
      currency: "eur",
      stripeEventId: "evt_1",
      paymentIntentId: "pi_1",
      paidAt: new Date("2026-11-21T10:00:00Z"),
    };
    expect(await writeTransaction((trx) => recordCardPayment(trx, payment))).toBe("recorded");
    expect(await writeTransaction((trx) => recordCardPayment(trx, payment))).toBe("duplicate");
    expect(await writeTransaction((trx) => recordCardPayment(trx, { ...payment, stripeEventId: "evt_2" }))).toBe("duplicate");
    expect(await paid()).toEqual([{ amount: TOTAL, method: "card" }]);
    expect(await getInvoice({ scope: "all", id: invoiceId })).toMatchObject({ status: "paid", balance: 0 });

    expect(
      await writeTransaction((trx) => recordCardRefund(trx, { paymentIntentId: "pi_1", amount: 10_000, stripeEventId: "evt_3" })),
    ).toBe("recorded");
    expect(
      await writeTransaction((trx) => recordCardRefund(trx, { paymentIntentId: "pi_1", amount: 10_000, stripeEventId: "evt_3" })),
    ).toBe("duplicate");
    expect(await getInvoice({ scope: "all", id: invoiceId })).toMatchObject({
      status: "partially-paid",
      paid: TOTAL - 10_000,
      balance: 10_000,
    });
    expect(
      await writeTransaction((trx) => recordCardRefund(trx, { paymentIntentId: "pi_1", amount: TOTAL - 10_000, stripeEventId: "evt_4" })),
    ).toBe("recorded");
    // An older event arriving late changes nothing.
    expect(
      await writeTransaction((trx) => recordCardRefund(trx, { paymentIntentId: "pi_1", amount: 10_000, stripeEventId: "evt_3" })),
    ).toBe("duplicate");
    expect(await getInvoice({ scope: "all", id: invoiceId })).toMatchObject({ status: "issued", paid: 0, balance: TOTAL });
    expect(
      await refusalOf(
        writeTransaction((trx) => recordCardRefund(trx, { paymentIntentId: "pi_unknown", amount: 1, stripeEventId: "evt_5" })),
      ),
    ).toMatchObject({
      kind: "not-found",
    });
    expect(
      await refusalOf(
        writeTransaction((trx) => recordCardPayment(trx, { ...payment, paymentIntentId: "pi_2", stripeEventId: "evt_6", currency: "usd" })),
      ),
    ).toMatchObject({ kind: "invalid" });
  });
});
