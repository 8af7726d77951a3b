import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { listBillableCompanies, staffInvoiceDocument } from "~/server/models/billing/invoice-console.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { draftInput, FINANCE, insertCompany } from "./helpers";

// Console → Billing's reads beside the invoices: the clients it offers, and an invoice as a page shows it.

describe.each(testDatabases("invoice console"))("The Billing screens' reads, on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  }, 60_000);
  afterAll(async () => cleanup());

  test("A new invoice is offered for open clients only, while the list's filter names closed ones too, after the open ones", async () => {
    const open = await insertCompany(`Open Heron ${database.name}`);
    const closed = await insertCompany(`Closed Heron ${database.name}`);
    await db().updateTable("companies").set({ closedAt: Date.now() }).where("id", "=", closed).execute();
    const choices = (await listBillableCompanies({ scope: "all", openOnly: true })).map((c) => c.id);
    expect(choices).toContain(open);
    expect(choices).not.toContain(closed);
    const all = await listBillableCompanies({ scope: "all" });
    const names = all.map((c) => c.id);
    expect(names).toContain(closed);
    expect(names.indexOf(open)).toBeLessThan(names.indexOf(closed));
    expect(all.find((c) => c.id === closed)?.closed).toBe(true);
  });

  test("An issued invoice's page reads its document as issued: its number and its lines", async () => {
    const company = await insertCompany(`Page Heron ${database.name}`);
    const draft = await createInvoiceDraft(FINANCE, company, draftInput());
    const { number } = await issueInvoice(FINANCE, draft.id, draft.version);
    const doc = await staffInvoiceDocument(draft.id);
    expect(doc.number).toBe(number);
    expect(doc.lines.map((l) => l.description)).toEqual(draftInput().lines.map((l) => l.description));
  });
});
