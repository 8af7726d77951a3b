import { newId } from "~/lib/ids";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import type { InvoiceDraftInput, InvoiceLineInput } from "~/server/models/billing/invoices.server";

// Billing suites' cast: companies made as rows (the models are scoped by company id), staff as
// actors (invoices keep actor ids without a foreign key, like the audit log).

export const FINANCE: Actor = { id: "finance-1", email: "fiona@indigokite.dev", name: "Fiona Finance" };
export const OTHER_EDITOR: Actor = { id: "finance-2", email: "omar@indigokite.dev", name: "Omar Finance" };

export async function insertCompany(name: string): Promise<string> {
  const id = newId();
  const now = Date.now();
  await db().insertInto("companies").values({ id, name, createdAt: now, updatedAt: now }).execute();
  return id;
}

export const designLine = (fields: Partial<InvoiceLineInput> = {}): InvoiceLineInput => ({
  description: "Design, hours",
  quantityMilli: 10_000,
  unitPrice: 8_000,
  taxRateBp: 2000,
  ...fields,
});

/** 10 h × €80 at 20 % and 1.5 days × €500 at 7.5 %: net 800 + 750, tax 160 + 56.25 → 56.25 rounds to 56.25 (5625 cents). */
export const draftInput = (fields: Partial<InvoiceDraftInput> = {}): InvoiceDraftInput => ({
  currency: "EUR",
  netDays: 14,
  discountBp: 0,
  notes: "",
  terms: "",
  taxNote: null,
  clientTaxId: "DE123456789",
  billingName: "Kestrel GmbH",
  billingAddress: "Hauptstraße 1\n10115 Berlin\nGermany",
  billingEmail: "accounts@kestrel.example",
  lines: [designLine(), designLine({ description: "Development, days", quantityMilli: 1500, unitPrice: 50_000, taxRateBp: 750 })],
  ...fields,
});
