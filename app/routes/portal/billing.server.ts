import { redirect } from "react-router";
import { PAY_FAILURE } from "~/lib/billing-portal";
import { isRefusal } from "~/lib/refusal";
import { portalInvoiceLink } from "~/lib/links";
import { requireClient, type ClientUser } from "~/server/auth/session.server";
import { absoluteUrl } from "~/server/env.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { clientMayUseBilling } from "~/server/models/billing/billing-contacts.server";
import { startCardPayment } from "~/server/models/billing/invoice-checkout.server";

/**
 * Guard: a client member who may use Billing (decision 0086: the company's client admins and the
 * members who receive its invoices). Anyone else is answered 404, as if the page were not there.
 */
export async function requireBillingMember(request: Request): Promise<ClientUser> {
  const user = await requireClient(request);
  if (!clientMayUseBilling(user)) throw new Response("Not found", { status: 404, statusText: "Not found" });
  return user;
}

/** Pay: opens Checkout for the invoice's balance and sends the member there (303). */
export async function payAction(user: ClientUser, invoiceId: string, request: Request) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["pay"]);
  const page = portalInvoiceLink(invoiceId);
  try {
    const url = await startCardPayment({
      invoiceId,
      companyId: user.companyId,
      email: user.email,
      // Stripe fills in the session's id: the page shows "pending" only while that session is open.
      successUrl: absoluteUrl(`${page}?paid=1&session={CHECKOUT_SESSION_ID}`),
      cancelUrl: absoluteUrl(page),
    });
    return redirect(url, 303);
  } catch (error) {
    if (isRefusal(error, "not-found")) throw new Response("Not found", { status: 404, statusText: "Not found" });
    if (isRefusal(error)) return refusalResult(error, { intent });
    logger.error({ err: error, invoiceId }, "checkout session failed");
    return formResult({ intent, status: "error", message: PAY_FAILURE }, 502);
  }
}
