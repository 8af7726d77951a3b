import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDb, db } from "~/server/db/db.server";
import { issueCreditNote } from "~/server/models/billing/credit-notes.server";
import { fileMissingPdfs, issueAndFile } from "~/server/models/billing/invoice-delivery.server";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { recordPayment } from "~/server/models/billing/invoice-payments.server";
import { lastPurgedYear, purgeExpiredInvoices } from "~/server/models/billing/invoice-purge.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { erase } from "~/server/models/privacy/erasure.server";
import { fileStore } from "~/server/storage/storage.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { draftInput, FINANCE, insertCompany } from "./helpers";

// Invoices leave when their legal retention ends (decision 0091): retentionYears (8 by default)
// full calendar years after the year of issue, with lines, payments, credit notes, PDFs, their
// audit rows and mails; an erased company's row goes with its last invoice; drafts never go.

const at = (date: string) => Date.parse(`${date}T12:00:00Z`);
const NOW = at("2027-03-01");

async function storedExists(key: string): Promise<boolean> {
  return (
    (await fileStore()
      .stat(key)
      .catch(() => null)) !== null
  );
}

describe.each(testDatabases("invoice purge"))("Invoices past their legal retention are purged on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  }, 60_000);
  afterAll(async () => cleanup());

  const issuedOn = async (companyId: string, date: string) => {
    const draft = await createInvoiceDraft(FINANCE, companyId, draftInput(), { now: at(date) });
    await issueInvoice(FINANCE, draft.id, draft.version, { now: at(date) });
    return draft.id;
  };
  const exists = async (id: string) => Boolean(await db().selectFrom("invoices").select("id").where("id", "=", id).executeTakeFirst());

  test("Retention counts full calendar years after the year of issue", () => {
    expect(lastPurgedYear("2027-01-01", 8)).toBe(2018);
    expect(lastPurgedYear("2026-12-31", 8)).toBe(2017);
  });

  test("An old invoice goes with its lines, payments, PDF and history; a recent one, a draft and an old invoice with a recent credit note stay", async () => {
    const companyId = await insertCompany(`Purge ${database.name}`);
    const oldDraft = await createInvoiceDraft(FINANCE, companyId, draftInput(), { now: at("2017-05-01") });
    const old = await createInvoiceDraft(FINANCE, companyId, draftInput(), { now: at("2018-12-30") });
    await issueAndFile(FINANCE, old.id, old.version, { now: at("2018-12-30") });
    await recordPayment(FINANCE, old.id, { amount: 1_000, currency: "EUR", method: "bank-transfer", paidOn: "2019-01-10", reference: "" });
    const oldRow = await db().selectFrom("invoices").select("pdfFileKey").where("id", "=", old.id).executeTakeFirstOrThrow();
    expect(await storedExists(oldRow.pdfFileKey!)).toBe(true);
    const recent = await issuedOn(companyId, "2019-01-02");
    const keptByCredit = await issuedOn(companyId, "2018-06-01");
    const credit = await issueCreditNote(FINANCE, keptByCredit, { lines: "all", notes: "Refund" }, { now: at("2019-02-01") });

    const counts = await purgeExpiredInvoices({ now: NOW });
    expect(counts).toMatchObject({ invoices: 1, creditNotes: 0, lines: 2, payments: 1, files: 1 });
    expect(await exists(old.id)).toBe(false);
    expect(await storedExists(oldRow.pdfFileKey!)).toBe(false);
    expect(await db().selectFrom("invoiceLines").select("id").where("invoiceId", "=", old.id).execute()).toHaveLength(0);
    expect(await db().selectFrom("invoicePayments").select("id").where("invoiceId", "=", old.id).execute()).toHaveLength(0);
    expect(await db().selectFrom("auditLog").select("id").where("entityId", "=", old.id).execute()).toHaveLength(0);
    for (const id of [recent, keptByCredit, credit.id, oldDraft.id]) expect(await exists(id)).toBe(true);
    const audit = await db().selectFrom("auditLog").selectAll().where("action", "=", "invoice.retention-purge").execute();
    expect(audit).toHaveLength(1);
    // Counts only: no number, name or amount of what went.
    expect(JSON.parse(String(audit[0]!.detail))).toMatchObject({ invoices: 1, lines: 2, payments: 1, files: 1, retentionYears: 8 });
    expect(String(audit[0]!.detail)).not.toContain("Kestrel");

    // A year later the credit note's group is due too, and goes whole.
    expect(await purgeExpiredInvoices({ now: at("2028-01-01") })).toMatchObject({ invoices: 2, creditNotes: 1 });
    for (const id of [recent, keptByCredit, credit.id]) expect(await exists(id)).toBe(false);
    expect(await exists(oldDraft.id)).toBe(true);
  });

  test("An erased company's row, kept for its invoices, goes with the last of them", async () => {
    const companyId = await insertCompany(`Erased later ${database.name}`);
    await issuedOn(companyId, "2016-03-01");
    await erase(FINANCE, { kind: "company", id: companyId }, "delete");
    expect(await db().selectFrom("companies").select("name").where("id", "=", companyId).executeTakeFirst()).toMatchObject({
      name: "Erased",
    });
    const counts = await purgeExpiredInvoices({ now: NOW });
    expect(counts.companies).toBe(1);
    expect(await db().selectFrom("companies").select("id").where("id", "=", companyId).executeTakeFirst()).toBeUndefined();
  });

  test("Two runs at once purge each invoice once: their counts add up to what was there", async () => {
    const companyId = await insertCompany(`Race ${database.name}`);
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await issuedOn(companyId, "2015-0" + (i + 1) + "-10"));
    const other = createDb(process.env.DATABASE_URL);
    try {
      const [a, b] = await Promise.all([purgeExpiredInvoices({ now: NOW }), purgeExpiredInvoices({ now: NOW, database: other })]);
      expect(a.invoices + b.invoices).toBe(6);
      expect(a.lines + b.lines).toBe(12);
      for (const id of ids) expect(await exists(id)).toBe(false);
      expect(await purgeExpiredInvoices({ now: NOW })).toMatchObject({ invoices: 0, lines: 0 });
    } finally {
      await other.destroy();
    }
  });

  test("The daily run files the PDF of an issued invoice a stopped server never filed", async () => {
    const companyId = await insertCompany(`Unfiled ${database.name}`);
    const id = await issuedOn(companyId, "2026-11-01");
    expect(await fileMissingPdfs({ now: NOW })).toBeGreaterThanOrEqual(1);
    const row = await db().selectFrom("invoices").select(["pdfFileKey", "pdfSha256"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.pdfFileKey).toMatch(new RegExp(`^invoices/${id}/`));
    expect(await storedExists(row.pdfFileKey!)).toBe(true);
  });
});
