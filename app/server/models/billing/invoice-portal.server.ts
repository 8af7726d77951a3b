import type { InvoiceDocument } from "~/lib/invoice-document";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { invoiceDocument } from "./invoice-document.server";
import { markInvoiceViewed } from "./invoice-issue.server";
import { listCompanyPayments, type PaymentView } from "./invoice-payments.server";
import { getCompanyInvoice } from "./invoices-read.server";
import type { InvoiceDetail } from "./invoice-views.server";

// What the portal's invoice page reads (decision 0086): access is proved by getCompanyInvoice
// (another company's id, or a draft, is "not found") before the unscoped document is read.

export interface CompanyInvoicePage {
  invoice: InvoiceDetail;
  document: InvoiceDocument;
  payments: PaymentView[];
}

/** A member opens one of their company's invoices; the first opening marks it viewed. */
export async function openCompanyInvoice(member: Actor, { id, companyId }: { id: string; companyId: string }): Promise<CompanyInvoicePage> {
  let invoice = await getCompanyInvoice({ id, companyId });
  if (invoice.viewedAt === null && invoice.kind === "invoice") {
    await markInvoiceViewed(member, { id, companyId });
    invoice = await getCompanyInvoice({ id, companyId });
  }
  const [document, payments] = await Promise.all([invoiceDocument(db(), id), listCompanyPayments({ invoiceId: id, companyId })]);
  return { invoice, document, payments };
}
