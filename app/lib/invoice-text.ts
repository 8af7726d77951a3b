import { formatCalendarDate } from "./dates";
import type { InvoiceDocument, InvoiceKind, TaxNote } from "./invoice-document";
import { formatMinorUnits } from "./money-format";

// The words an invoice document says, once for the PDF, the portal's HTML view and the mail, so
// the three read alike. Every amount goes through money-format.ts.

export const INVOICE_LABELS = {
  from: "From",
  billTo: "Bill to",
  taxId: "Tax ID",
  number: "Number",
  issueDate: "Issue date",
  dueDate: "Due date",
  draft: "Draft",
  description: "Description",
  quantity: "Qty",
  unitPrice: "Unit price",
  taxRate: "Tax",
  net: "Net",
  linesCaption: "Invoice lines",
  taxSummary: "Tax summary",
  taxableAmount: "Taxable amount",
  taxAmount: "Tax amount",
  subtotal: "Subtotal",
  discount: "Discount",
  tax: "Tax",
  total: "Total",
  paid: "Paid",
  balance: "Balance due",
  notes: "Notes",
  terms: "Terms",
  paymentInstructions: "How to pay",
  payOnline: "Pay online",
  page: "Page",
} as const;

const TITLES: Record<InvoiceKind, string> = { invoice: "Invoice", "credit-note": "Credit note" };

const TAX_NOTES: Record<TaxNote, string> = {
  "reverse-charge": "Reverse charge: the customer accounts for the tax (VAT) on this supply.",
  "zero-rated": "Zero-rated supply: no tax is charged.",
};

/** "Invoice" / "Credit note". */
export function documentTitle(kind: InvoiceKind): string {
  return TITLES[kind];
}

/** "Invoice INV-2026-0001", or "Invoice (draft)" before a number is given. */
export function documentHeading(doc: Pick<InvoiceDocument, "kind" | "number">): string {
  return doc.number ? `${documentTitle(doc.kind)} ${doc.number}` : `${documentTitle(doc.kind)} (${INVOICE_LABELS.draft.toLowerCase()})`;
}

/** "Corrects INV-2026-0001" on a credit note; null otherwise. */
export function correctsLine(doc: Pick<InvoiceDocument, "kind" | "correctsNumber">): string | null {
  return doc.kind === "credit-note" && doc.correctsNumber ? `Corrects ${doc.correctsNumber}` : null;
}

export function taxNoteText(note: TaxNote): string {
  return TAX_NOTES[note];
}

/** A document date (YYYY-MM-DD) in the agency's locale; "—" when there is none (a draft). */
export function documentDate(date: string | null, locale: string): string {
  return date ? formatCalendarDate(date, locale) : "—";
}

/** The totals block, in order, the zero rows left out (no discount, nothing paid yet). */
export function totalRows(
  doc: InvoiceDocument,
  display: "symbol" | "code" = "symbol",
): { label: string; amount: string; strong?: boolean }[] {
  const money = (minor: number) => formatMinorUnits(minor, doc.currency, doc.locale, { display });
  const rows: { label: string; amount: string; strong?: boolean }[] = [{ label: INVOICE_LABELS.subtotal, amount: money(doc.subtotal) }];
  if (doc.discount !== 0) rows.push({ label: INVOICE_LABELS.discount, amount: money(-doc.discount) });
  rows.push({ label: INVOICE_LABELS.tax, amount: money(doc.taxTotal) });
  rows.push({ label: INVOICE_LABELS.total, amount: money(doc.total), strong: doc.paid === 0 });
  if (doc.paid !== 0) {
    rows.push({ label: INVOICE_LABELS.paid, amount: money(-doc.paid) });
    rows.push({ label: INVOICE_LABELS.balance, amount: money(doc.balance), strong: true });
  }
  return rows;
}
