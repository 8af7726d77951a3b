// What an invoice (or credit note) says, once, for every place that shows it: the PDF stored at
// issue, the portal's HTML view and the mail. Both renderings take this shape and nothing else, so
// the two cannot drift apart. Amounts are integers in the currency's minor unit; the
// renderings format them, they never compute them.

export type InvoiceKind = "invoice" | "credit-note";

/** A note the law asks for when no tax is charged on a line. */
export type TaxNote = "reverse-charge" | "zero-rated";

export interface InvoiceParty {
  name: string;
  /** Street, city, postcode, country: one line each, as the party typed them. */
  addressLines: string[];
  taxId: string | null;
  email: string | null;
}

export interface InvoiceDocumentLine {
  description: string;
  /** Thousandths of a unit: 1500 is 1.5 (hours, days, items). */
  quantityMilli: number;
  /** Minor units per whole unit. */
  unitPrice: number;
  /** Basis points: 2000 is 20 %. */
  taxRateBp: number;
  /** Minor units, after the line's share of the discount, before tax. */
  net: number;
  /** Minor units, the line's tax rounded once per line (decision 0081). */
  tax: number;
  /** The project (and milestone) the line bills, "Website · Launch"; the HTML views show it, the PDF does not. */
  work?: string;
}

export interface InvoiceTaxSummaryRow {
  taxRateBp: number;
  /** Sum of the nets of the lines at this rate. */
  net: number;
  /** Sum of the taxes of the lines at this rate. */
  tax: number;
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  /** "INV-2026-0001"; null only on a draft's preview. */
  number: string | null;
  /** ISO 4217, upper case. */
  currency: string;
  /** Dates as YYYY-MM-DD, in the agency's time zone on the day of issue. */
  issueDate: string | null;
  dueDate: string | null;
  /** The invoice a credit note corrects, by number. */
  correctsNumber: string | null;
  agency: InvoiceParty & {
    /** The logo as stored (PNG or JPEG bytes usable by the PDF), or null for a text heading. */
    logo: { bytes: Uint8Array; type: "image/png" | "image/jpeg" } | null;
    /** Primary brand colour, "#RRGGBB". */
    colour: string;
  };
  client: InvoiceParty;
  lines: InvoiceDocumentLine[];
  /** Minor units: the sum of the lines' nets before the discount. */
  subtotal: number;
  /** Minor units taken off (zero when none). */
  discount: number;
  taxSummary: InvoiceTaxSummaryRow[];
  taxTotal: number;
  /** subtotal − discount + taxTotal. */
  total: number;
  /** Minor units paid so far (credit notes: 0). */
  paid: number;
  /** total − paid. */
  balance: number;
  taxNote: TaxNote | null;
  notes: string | null;
  /** "Payment due within 14 days", as the invoice's terms read. */
  terms: string | null;
  /** Bank details as the agency typed them in settings, one line each; empty when not set. */
  paymentInstructions: string[];
  /** Where the client pays online (the portal's invoice page); null when online payment is off. */
  payUrl: string | null;
  /** The agency's locale for number and date formatting, e.g. "en-GB". */
  locale: string;
}
