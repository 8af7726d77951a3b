import type { InvoiceDocument } from "~/lib/invoice-document";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";
import { db } from "~/server/db/db.server";
import { invoiceDocument } from "./invoice-document.server";

// What the console's Billing screens read besides the invoices themselves: the clients they offer
// (a new invoice is for an open company; the list's filter names every one) and, for staff who may
// see any invoice, the document view of one.

export interface BillableCompany {
  id: string;
  name: string;
  closed: boolean;
}

/** Every company the viewer may see by name, open ones first; `openOnly` for the "New invoice" choice. */
export async function listBillableCompanies({
  openOnly = false,
  scope,
}: {
  openOnly?: boolean;
  scope: CompanyScope;
}): Promise<BillableCompany[]> {
  let query = db()
    .selectFrom("companies")
    .select(["id", "name", "closedAt"])
    .where((eb) => companyIn(eb, "companies.id", scope));
  if (openOnly) query = query.where("closedAt", "is", null);
  const rows = await query.orderBy("name").orderBy("id").limit(1000).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, closed: r.closedAt !== null })).sort((a, b) => Number(a.closed) - Number(b.closed));
}

/** A document as a page shows it: the logo's bytes stay on the server. */
export type PageDocument = Omit<InvoiceDocument, "agency"> & { agency: Omit<InvoiceDocument["agency"], "logo"> & { logo: null } };

/**
 * Staff: the invoice as its document (the same content as its PDF), for a page: without the logo's
 * bytes, which only the PDF draws. Callers guard the billing area.
 */
export async function staffInvoiceDocument(id: string): Promise<PageDocument> {
  const doc = await invoiceDocument(db(), id);
  return { ...doc, agency: { ...doc.agency, logo: null } };
}
