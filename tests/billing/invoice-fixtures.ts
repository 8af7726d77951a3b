import type { InvoiceDocument, InvoiceDocumentLine } from "~/lib/invoice-document";

// Invoice documents for the rendering tests: amounts as the billing models would compute them
// (integers in minor units), written out by hand so the tests do not depend on that arithmetic.

export function line(description: string, quantityMilli: number, unitPrice: number, taxRateBp: number): InvoiceDocumentLine {
  const net = (quantityMilli * unitPrice) / 1000;
  if (!Number.isInteger(net)) throw new Error("fixture lines must have whole nets");
  return { description, quantityMilli, unitPrice, taxRateBp, net, tax: Math.round((net * taxRateBp) / 10000) };
}

/** A document whose totals follow from its lines (no discount unless given). */
export function invoiceDocument(fields: Partial<InvoiceDocument> & { lines: InvoiceDocumentLine[] }): InvoiceDocument {
  const rates = [...new Set(fields.lines.map((l) => l.taxRateBp))].sort((a, b) => a - b);
  const taxSummary = rates.map((taxRateBp) => {
    const at = fields.lines.filter((l) => l.taxRateBp === taxRateBp);
    return { taxRateBp, net: at.reduce((s, l) => s + l.net, 0), tax: at.reduce((s, l) => s + l.tax, 0) };
  });
  const subtotal = fields.lines.reduce((s, l) => s + l.net, 0);
  const discount = fields.discount ?? 0;
  const taxTotal = taxSummary.reduce((s, r) => s + r.tax, 0);
  const total = subtotal - discount + taxTotal;
  const paid = fields.paid ?? 0;
  return {
    kind: "invoice",
    number: "INV-2026-0042",
    currency: "EUR",
    issueDate: "2026-11-29",
    dueDate: "2026-12-13",
    correctsNumber: null,
    agency: {
      name: "Indigo Kite Technologies",
      addressLines: ["12 Harbour Street", "Bristol BS1 4ST", "United Kingdom"],
      taxId: "GB123456789",
      email: "billing@indigokite.dev",
      logo: null,
      colour: "#3730a3",
    },
    client: {
      name: "Zoë Müller GmbH",
      addressLines: ["Königstraße 5", "70173 Stuttgart", "Germany"],
      taxId: "DE811907980",
      email: "accounts@zoe-mueller.example",
    },
    subtotal,
    discount,
    taxSummary,
    taxTotal,
    total,
    paid,
    balance: total - paid,
    taxNote: null,
    notes: null,
    terms: "Payment due within 14 days",
    paymentInstructions: ["Bank: Example Bank", "IBAN: GB33 BUKB 2020 1555 5555 55", "Reference: INV-2026-0042"],
    payUrl: "https://agency.example/portal/billing/inv_1",
    locale: "en-GB",
    ...fields,
  };
}
