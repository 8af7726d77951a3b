import { Refusal } from "~/lib/refusal";
import { createCheckoutSession, onlinePaymentsEnabled } from "~/server/payments/stripe.server";
import { getCompanyInvoice } from "./invoices-read.server";
import { OPEN_STATUSES } from "./invoice-views.server";

// The portal's Pay (decision 0086): a Checkout session for the balance of one of the member's
// company's invoices. Nothing is recorded here; the payment counts when Stripe's signed webhook
// says so (decision 0084).

export interface PayRequest {
  invoiceId: string;
  companyId: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

/** Whether the portal offers Pay for an invoice with this status and balance. */
export function payable(invoice: { kind: string; status: string; balance: number }): boolean {
  return onlinePaymentsEnabled() && invoice.kind === "invoice" && OPEN_STATUSES.includes(invoice.status as never) && invoice.balance > 0;
}

/** The Checkout page's address for the invoice's whole balance; another company's is not found. */
export async function startCardPayment(request: PayRequest): Promise<string> {
  const invoice = await getCompanyInvoice({ id: request.invoiceId, companyId: request.companyId });
  if (!onlinePaymentsEnabled()) throw new Refusal("refused", "Online card payment is not set up. Please pay by bank transfer.");
  if (!payable(invoice)) throw new Refusal("conflict", "This invoice has nothing left to pay.");
  const session = await createCheckoutSession({
    invoiceId: invoice.id,
    invoiceNumber: invoice.number ?? invoice.id,
    amount: invoice.balance,
    currency: invoice.currency,
    customerEmail: request.email,
    successUrl: request.successUrl,
    cancelUrl: request.cancelUrl,
  });
  return session.url;
}
