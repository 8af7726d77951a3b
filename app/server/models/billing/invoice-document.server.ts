import type { InvoiceDocument, InvoiceKind, TaxNote } from "~/lib/invoice-document";
import { computeTotals } from "~/lib/money";
import { brandIn } from "~/server/brand/brand.server";
import { readPlace } from "~/server/brand/locale.server";
import { imageAsPng } from "~/server/images/image-png.server";
import type { Executor } from "~/server/db/db.server";
import { getBillingSettings } from "./billing-settings.server";
import { agencySnapshot, type AgencySnapshot } from "./invoice-issue.server";
import { workNames } from "./invoice-links.server";
import { balanceOf, invoiceForChange, linesOf } from "./invoice-views.server";

// The one shape an invoice takes for the PDF, the portal's view and the mail (lib/invoice-document.ts).
// An issued invoice reads the agency as frozen at issue; a draft's preview reads it as it is now.
// Not scoped: callers check who may see the invoice first (getInvoice / getCompanyInvoice).

// Twice the 160 × 48 points the PDF gives the logo, so it stays sharp when printed.
const PDF_LOGO_BOX = { width: 480, height: 144 };

export interface DocumentOptions {
  /** The portal's pay page, when online payment is on. */
  payUrl?: string | null;
  /** The document as it was at issue, before any payment: what the stored PDF shows. */
  asIssued?: boolean;
  /** Read the frozen logo's pixels (the PDF draws it; pages show the brand's own logo). */
  withLogo?: boolean;
}

export async function invoiceDocument(executor: Executor, invoiceId: string, options: DocumentOptions = {}): Promise<InvoiceDocument> {
  const row = await invoiceForChange(executor, invoiceId);
  const lines = await linesOf(executor, invoiceId);
  const work = await workNames(executor, lines);
  const brand = await brandIn(executor);
  const place = (await readPlace(executor)).value;
  const agency: AgencySnapshot = row.agencySnapshot
    ? (JSON.parse(row.agencySnapshot) as AgencySnapshot)
    : agencySnapshot(brand, await getBillingSettings(executor));
  const corrects = row.correctsInvoiceId
    ? await executor.selectFrom("invoices").select("number").where("id", "=", row.correctsInvoiceId).executeTakeFirst()
    : undefined;
  // The summary per rate is the sum of the stored lines: the same arithmetic that made them.
  const totals = computeTotals(
    lines.map((l) => ({ quantityMilli: Number(l.quantityMilli), unitPrice: Number(l.unitPrice), taxRateBp: l.taxRateBp })),
    row.discountBp,
  );
  const kind = row.kind as InvoiceKind;
  const open = kind === "invoice" && row.status !== "void" && row.status !== "draft";
  return {
    kind,
    number: row.number,
    currency: row.currency,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    correctsNumber: corrects?.number ?? null,
    agency: {
      name: agency.name,
      addressLines: agency.addressLines,
      taxId: agency.taxId,
      email: agency.email,
      logo: options.withLogo ? await imageAsPng(agency.logoImageId, PDF_LOGO_BOX) : null,
      colour: brand.primaryColor,
    },
    client: {
      name: row.billingName,
      addressLines: row.billingAddress
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
      taxId: row.clientTaxId || null,
      email: row.billingEmail || null,
    },
    lines: lines.map((l) => ({
      description: l.description,
      quantityMilli: Number(l.quantityMilli),
      unitPrice: Number(l.unitPrice),
      taxRateBp: l.taxRateBp,
      net: Number(l.net),
      tax: Number(l.tax),
      ...(work.has(l.id) ? { work: work.get(l.id) } : {}),
    })),
    subtotal: Number(row.subtotal),
    discount: Number(row.discount),
    taxSummary: totals.taxSummary,
    taxTotal: Number(row.taxTotal),
    total: Number(row.total),
    paid: options.asIssued ? 0 : Number(row.paid),
    balance: !open ? 0 : options.asIssued ? Number(row.total) : balanceOf(row),
    taxNote: row.taxNote as TaxNote | null,
    notes: row.notes || null,
    terms: row.terms || (kind === "invoice" ? `Payment due within ${row.netDays} days` : null),
    paymentInstructions: kind === "invoice" ? agency.bankDetails : [],
    payUrl: open && (options.asIssued || balanceOf(row) > 0) ? (options.payUrl ?? null) : null,
    locale: place.locale,
  };
}
