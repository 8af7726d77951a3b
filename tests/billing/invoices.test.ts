import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { calendarDateIn } from "~/lib/zoned-time";
import { db } from "~/server/db/db.server";
import { issueCreditNote } from "~/server/models/billing/credit-notes.server";
import { invoiceDocument } from "~/server/models/billing/invoice-document.server";
import { issueInvoice, markInvoiceViewed, voidInvoice } from "~/server/models/billing/invoice-issue.server";
import {
  companyBalance,
  getCompanyInvoice,
  getInvoice,
  listCompanyInvoices,
  listInvoices,
} from "~/server/models/billing/invoices-read.server";
import {
  createInvoiceDraft,
  deleteInvoiceDraft,
  ISSUED_IS_FINAL,
  STALE_DRAFT,
  updateInvoiceDraft,
} from "~/server/models/billing/invoices.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { designLine, draftInput, FINANCE, insertCompany, OTHER_EDITOR } from "./helpers";
import { refusalOf } from "../helpers/refusals";

describe.each(testDatabases("invoices"))("Invoices from draft to issue on $name", (database) => {
  let cleanup: () => Promise<void>;
  let kestrel: string;
  let heron: string;
  const year = () => calendarDateIn(Date.now(), "UTC").slice(0, 4);
  const audit = (id: string) =>
    db().selectFrom("auditLog").select("action").where("entityId", "=", id).orderBy("createdAt").orderBy("id").execute();

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    kestrel = await insertCompany("Kestrel GmbH");
    heron = await insertCompany("Heron Ltd");
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("auditLog", "invoicePayments", "invoiceLines", "invoiceNumberCounters");
    await db().updateTable("invoices").set({ correctsInvoiceId: null }).execute();
    await clearTables("invoices");
  });

  test("A draft has no number and its totals are computed on the server; issuing numbers it and freezes it", async () => {
    const { id, version } = await createInvoiceDraft(FINANCE, kestrel, draftInput());
    let invoice = await getInvoice({ scope: "all", id });
    expect(invoice).toMatchObject({
      status: "draft",
      number: null,
      subtotal: 155_000,
      discount: 0,
      taxTotal: 21_625,
      total: 176_625,
      balance: 0,
    });
    expect(invoice.lines.map((l) => [l.net, l.tax])).toEqual([
      [80_000, 16_000],
      [75_000, 5_625],
    ]);

    const issued = await issueInvoice(FINANCE, id, version);
    expect(issued.number).toBe(`INV-${year()}-0001`);
    invoice = await getInvoice({ scope: "all", id });
    expect(invoice).toMatchObject({
      status: "issued",
      number: issued.number,
      issueDate: issued.issueDate,
      balance: 176_625,
      overdue: false,
    });
    expect(issued.dueDate > issued.issueDate).toBe(true);
    const second = await createInvoiceDraft(FINANCE, heron, draftInput({ billingName: "Heron Ltd" }));
    expect((await issueInvoice(FINANCE, second.id, second.version)).number).toBe(`INV-${year()}-0002`);
    expect((await audit(id)).map((a) => a.action)).toEqual(["invoice.create", "invoice.issue"]);

    expect(await refusalOf(updateInvoiceDraft(FINANCE, id, invoice.version, draftInput({ notes: "changed" })))).toEqual({
      kind: "conflict",
      message: ISSUED_IS_FINAL,
      field: undefined,
    });
    expect(await refusalOf(deleteInvoiceDraft(FINANCE, id, invoice.version))).toMatchObject({ kind: "conflict" });
    expect(await refusalOf(issueInvoice(FINANCE, id, invoice.version))).toMatchObject({ kind: "conflict" });
    expect(await getInvoice({ scope: "all", id })).toEqual(invoice);
  });

  test("Bad lines are refused with the field at fault and nothing stored", async () => {
    const bad = [
      draftInput({ currency: "XYZ" }),
      draftInput({ lines: [designLine({ quantityMilli: -1000 })] }),
      draftInput({ lines: [designLine({ unitPrice: -1 })] }),
      draftInput({ lines: [designLine({ taxRateBp: 10_001 })] }),
      draftInput({ lines: [designLine({ quantityMilli: 2_000_000, unitPrice: Number.MAX_SAFE_INTEGER })] }),
    ];
    for (const input of bad) expect(await refusalOf(createInvoiceDraft(FINANCE, kestrel, input))).toMatchObject({ kind: "invalid" });
    expect(await db().selectFrom("invoices").select("id").execute()).toEqual([]);
    const empty = await createInvoiceDraft(FINANCE, kestrel, draftInput({ lines: [] }));
    expect(await refusalOf(issueInvoice(FINANCE, empty.id, empty.version))).toMatchObject({ kind: "invalid", field: "lines" });
    expect(await db().selectFrom("invoiceNumberCounters").selectAll().execute()).toEqual([]);
    const closed = await insertCompany("Closed Co");
    await db().updateTable("companies").set({ closedAt: Date.now() }).where("id", "=", closed).execute();
    expect(await refusalOf(createInvoiceDraft(FINANCE, closed, draftInput()))).toMatchObject({ kind: "conflict" });
    expect(await refusalOf(createInvoiceDraft(FINANCE, "no-such-company", draftInput()))).toMatchObject({ kind: "not-found" });
  });

  test("Two editors of one draft: the second is told it changed since they opened it, and nothing of theirs is written", async () => {
    const { id, version } = await createInvoiceDraft(FINANCE, kestrel, draftInput());
    expect(await updateInvoiceDraft(FINANCE, id, version, draftInput({ notes: "First" }))).toEqual({ version: 2 });
    expect(await refusalOf(updateInvoiceDraft(OTHER_EDITOR, id, version, draftInput({ notes: "Second" })))).toMatchObject({
      kind: "conflict",
      message: STALE_DRAFT,
    });
    expect((await getInvoice({ scope: "all", id })).notes).toBe("First");
    // At the same moment: exactly one wins.
    const results = await Promise.allSettled([
      updateInvoiceDraft(FINANCE, id, 2, draftInput({ notes: "A" })),
      updateInvoiceDraft(OTHER_EDITOR, id, 2, draftInput({ notes: "B" })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await getInvoice({ scope: "all", id })).version).toBe(3);
    // Issuing what an editor saw before a change is refused too.
    expect(await refusalOf(issueInvoice(FINANCE, id, 2))).toMatchObject({ kind: "conflict", message: STALE_DRAFT });
  });

  test("A void needs a reason and only takes an unpaid invoice; a void invoice leaves the balance", async () => {
    const { id, version } = await createInvoiceDraft(FINANCE, kestrel, draftInput());
    await issueInvoice(FINANCE, id, version);
    expect(await refusalOf(voidInvoice(FINANCE, id, "  "))).toMatchObject({ kind: "invalid", field: "reason" });
    await voidInvoice(FINANCE, id, "Sent to the wrong company");
    expect(await getInvoice({ scope: "all", id })).toMatchObject({
      status: "void",
      voidReason: "Sent to the wrong company",
      balance: 0,
      overdue: false,
    });
    expect(await refusalOf(voidInvoice(FINANCE, id, "Again"))).toMatchObject({ kind: "conflict" });
    expect(await companyBalance({ companyId: kestrel })).toEqual([]);
    expect((await audit(id)).map((a) => a.action)).toEqual(["invoice.create", "invoice.issue", "invoice.void"]);
    const draft = await createInvoiceDraft(FINANCE, kestrel, draftInput());
    expect(await refusalOf(voidInvoice(FINANCE, draft.id, "Not needed"))).toMatchObject({ kind: "conflict" });
  });

  test("Credit notes have their own series, take back lines in part or whole, and never more than is left", async () => {
    const { id, version } = await createInvoiceDraft(FINANCE, kestrel, draftInput());
    const { number } = await issueInvoice(FINANCE, id, version);
    const lines = (await getInvoice({ scope: "all", id })).lines;
    const partial = await issueCreditNote(FINANCE, id, {
      lines: [{ lineId: lines[0]!.id, quantityMilli: 2500 }],
      notes: "2.5 hours not worked",
    });
    expect(partial.number).toBe(`CN-${year()}-0001`);
    // 2.5 h × €80 = €200 net, €40 tax.
    expect(partial.total).toBe(-24_000);
    expect(await getInvoice({ scope: "all", id })).toMatchObject({ credited: 24_000, balance: 176_625 - 24_000, status: "issued" });
    const note = await getInvoice({ scope: "all", id: partial.id });
    expect(note).toMatchObject({ kind: "credit-note", status: "issued", correctsInvoiceId: id, total: -24_000, balance: 0 });
    expect(note.lines[0]).toMatchObject({ quantityMilli: -2500, unitPrice: 8000, net: -20_000, tax: -4_000, correctsLineId: lines[0]!.id });
    expect((await invoiceDocument(db(), partial.id)).correctsNumber).toBe(number);

    expect(
      await refusalOf(issueCreditNote(FINANCE, id, { lines: [{ lineId: lines[0]!.id, quantityMilli: 7501 }], notes: "" })),
    ).toMatchObject({
      kind: "conflict",
    });
    const rest = await issueCreditNote(FINANCE, id, { lines: "all", notes: "Cancelled" });
    expect(rest.number).toBe(`CN-${year()}-0002`);
    expect(rest.total).toBe(-(176_625 - 24_000));
    expect(await getInvoice({ scope: "all", id })).toMatchObject({ credited: 176_625, balance: 0 });
    expect((await listInvoices({ scope: "all", correctsInvoiceId: id })).invoices.map((n) => n.number).sort()).toEqual([
      partial.number,
      rest.number,
    ]);
    expect(await refusalOf(issueCreditNote(FINANCE, id, { lines: "all", notes: "" }))).toMatchObject({ kind: "conflict" });
    expect(await refusalOf(voidInvoice(FINANCE, id, "Too late"))).toMatchObject({ kind: "conflict" });
    const nextInvoice = await createInvoiceDraft(FINANCE, kestrel, draftInput());
    expect((await issueInvoice(FINANCE, nextInvoice.id, nextInvoice.version)).number).toBe(`INV-${year()}-0002`);
  });

  test("A member sees their company's issued invoices only: another company's and drafts are not found", async () => {
    const mine = await createInvoiceDraft(FINANCE, kestrel, draftInput());
    await issueInvoice(FINANCE, mine.id, mine.version);
    const draft = await createInvoiceDraft(FINANCE, kestrel, draftInput());
    const theirs = await createInvoiceDraft(FINANCE, heron, draftInput({ billingName: "Heron Ltd" }));
    await issueInvoice(FINANCE, theirs.id, theirs.version);

    expect((await listCompanyInvoices({ companyId: kestrel })).map((i) => i.id)).toEqual([mine.id]);
    expect((await getCompanyInvoice({ id: mine.id, companyId: kestrel })).id).toBe(mine.id);
    expect(await refusalOf(getCompanyInvoice({ id: theirs.id, companyId: kestrel }))).toMatchObject({ kind: "not-found" });
    expect(await refusalOf(getCompanyInvoice({ id: draft.id, companyId: kestrel }))).toMatchObject({ kind: "not-found" });
    expect(await refusalOf(markInvoiceViewed(FINANCE, { id: theirs.id, companyId: kestrel }))).toMatchObject({ kind: "not-found" });
    await markInvoiceViewed(FINANCE, { id: mine.id, companyId: kestrel });
    expect((await getInvoice({ scope: "all", id: mine.id })).status).toBe("viewed");
    expect((await getInvoice({ scope: "all", id: theirs.id })).status).toBe("issued");
  });

  test("Staff filter the list by status, company, search and overdue; the balance is per currency", async () => {
    const a = await createInvoiceDraft(FINANCE, kestrel, draftInput());
    const issued = await issueInvoice(FINANCE, a.id, a.version);
    const b = await createInvoiceDraft(
      FINANCE,
      heron,
      draftInput({ billingName: "Heron Ltd", currency: "JPY", lines: [designLine({ unitPrice: 12_000 })] }),
    );
    await issueInvoice(FINANCE, b.id, b.version);
    await createInvoiceDraft(FINANCE, heron, draftInput({ billingName: "Heron Ltd" }));
    const ids = async (f: Parameters<typeof listInvoices>[0]) => (await listInvoices(f)).invoices.map((i) => i.id);

    expect((await listInvoices({ scope: "all" })).total).toBe(3);
    expect(await ids({ scope: "all", status: "draft" })).toHaveLength(1);
    expect(await ids({ scope: "all", companyId: kestrel })).toEqual([a.id]);
    expect(await ids({ scope: "all", search: "heron" })).toHaveLength(2);
    expect(await ids({ scope: "all", search: issued.number })).toEqual([a.id]);
    expect(await ids({ scope: "all", status: "overdue" })).toEqual([]);
    const later = "2999-01-01";
    expect((await ids({ scope: "all", status: "overdue", today: later })).sort()).toEqual([a.id, b.id].sort());
    expect(await companyBalance({ companyId: heron, today: later })).toEqual([
      { currency: "JPY", due: 144_000, overdue: 144_000, openInvoices: 1 },
    ]);
  });

  test("The invoice document carries the frozen parties, lines, tax summary and totals", async () => {
    const { id, version } = await createInvoiceDraft(FINANCE, kestrel, draftInput({ taxNote: "reverse-charge", discountBp: 1000 }));
    await issueInvoice(FINANCE, id, version);
    const doc = await invoiceDocument(db(), id, { payUrl: "https://example.test/pay" });
    expect(doc).toMatchObject({
      kind: "invoice",
      currency: "EUR",
      client: { name: "Kestrel GmbH", addressLines: ["Hauptstraße 1", "10115 Berlin", "Germany"], taxId: "DE123456789" },
      subtotal: 155_000,
      discount: 15_500,
      taxNote: "reverse-charge",
      payUrl: "https://example.test/pay",
      paid: 0,
      terms: "Payment due within 14 days",
    });
    expect(doc.agency.logo).toBeNull();
    expect(doc.agency.colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(doc.taxSummary).toEqual([
      { taxRateBp: 750, net: 67_500, tax: 5_063 },
      { taxRateBp: 2000, net: 72_000, tax: 14_400 },
    ]);
    expect(doc.taxTotal).toBe(5_063 + 14_400);
    expect(doc.total).toBe(doc.subtotal - doc.discount + doc.taxTotal);
    expect(doc.balance).toBe(doc.total);
  });
});
