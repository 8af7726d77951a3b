// The portal's Billing (decision 0086): what its pages say. Money is formatted from minor units
// (money-format.ts); nothing here computes an amount.

export const BILLING_EMPTY = "No invoices yet";
export const PAYMENT_PENDING = "Payment received — it shows here once confirmed";
export const PAY_FAILURE = "We could not open the payment page. Try again, or pay by bank transfer.";

const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  issued: "Issued",
  sent: "Sent",
  viewed: "Viewed",
  "partially-paid": "Partially paid",
  paid: "Paid",
  void: "Void",
};

/** What a member reads as an invoice's status; an open invoice past its due date is "Overdue". */
export function invoiceStatusLabel(invoice: { status: string; overdue: boolean }): string {
  if (invoice.overdue) return "Overdue";
  return STATUS_LABELS[invoice.status] ?? invoice.status;
}

/** How a payment was made, in words. */
export function paymentMethodLabel(method: string): string {
  return { "bank-transfer": "Bank transfer", cash: "Cash", card: "Card", other: "Other" }[method] ?? method;
}
