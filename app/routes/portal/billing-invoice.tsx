import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/billing-invoice";
import { InvoiceDocumentView } from "~/components/billing/invoice-document";
import { ActionMessage } from "~/components/forms/action-message";
import { PanelError, PanelHeader } from "~/components/portal/panel";
import { CalendarTime } from "~/components/time";
import { invoiceStatusLabel, PAYMENT_PENDING, paymentMethodLabel } from "~/lib/billing-portal";
import { billingLink, portalInvoicePdfLink } from "~/lib/links";
import { formatMinorUnits } from "~/lib/money-format";
import { portalMeta } from "~/lib/portal";
import { isRefusal } from "~/lib/refusal";
import { refusalResponse } from "~/server/http/refusal.server";
import { checkoutPending, payable } from "~/server/models/billing/invoice-checkout.server";
import { openCompanyInvoice } from "~/server/models/billing/invoice-portal.server";
import { payAction, requireBillingMember } from "./billing.server";

export function meta({ data, matches }: Route.MetaArgs) {
  return portalMeta(data?.invoice.number ? `Invoice ${data.invoice.number}` : "Invoice", matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBillingMember(request);
  let page;
  try {
    page = await openCompanyInvoice(user, { id: params.id, companyId: user.companyId });
  } catch (error) {
    if (isRefusal(error)) throw refusalResponse(error, "Not found");
    throw error;
  }
  const { invoice, document, payments } = page;
  const search = new URL(request.url).searchParams;
  const returned = search.get("paid") === "1";
  return {
    invoice: { id: invoice.id, number: invoice.number, status: invoice.status, overdue: invoice.overdue, balance: invoice.balance },
    // The page shows the brand's name; the logo's bytes are for the PDF only.
    document: { ...document, agency: { ...document.agency, logo: null } },
    // A dispute the agency lost went back to the payer like a refund.
    payments: payments.map(({ id, amount, currency, method, paidOn, refunded, disputeLost }) => ({
      id,
      amount,
      currency,
      method,
      paidOn,
      refunded: refunded + disputeLost,
    })),
    canPay: payable(invoice),
    // Back from Checkout: the webhook may not have landed yet; the stream reloads the page when it
    // does. A session Stripe reported expired is not pending: Pay is offered again.
    pending:
      returned &&
      invoice.balance > 0 &&
      invoice.status !== "void" &&
      (await checkoutPending({ invoiceId: invoice.id, sessionId: search.get("session") })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBillingMember(request);
  return payAction(user, params.id, request);
}

export default function PortalInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice, document, payments, canPay, pending } = loaderData;
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";
  const money = (minor: number) => formatMinorUnits(minor, document.currency, document.locale);
  return (
    <section aria-label={invoice.number ? `Invoice ${invoice.number}` : "Invoice"}>
      <PanelHeader
        title={invoice.number ? `Invoice ${invoice.number}` : "Invoice"}
        intro={
          <>
            <Link to={billingLink()} className="text-brand-700 underline dark:text-brand-300">
              Billing
            </Link>{" "}
            · Status: <strong data-testid="invoice-status">{invoiceStatusLabel(invoice)}</strong>
          </>
        }
        action={
          <a href={portalInvoicePdfLink(invoice.id)} download className="btn-secondary">
            Download PDF
          </a>
        }
      />
      {pending ? (
        <p role="status" className="mb-6 rounded-lg bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          {PAYMENT_PENDING}
        </p>
      ) : null}
      {canPay && !pending ? (
        <Form method="post" className="mb-6 flex flex-wrap items-center gap-4">
          <input type="hidden" name="intent" value="pay" />
          <p className="text-slate-800 dark:text-slate-200">
            Balance due: <strong className="tabular-nums">{money(invoice.balance)}</strong>
          </p>
          <button type="submit" className="btn-primary" disabled={paying}>
            {paying ? "Opening payment..." : `Pay ${money(invoice.balance)}`}
          </button>
        </Form>
      ) : null}
      {actionData ? (
        <div className="mb-6">
          <ActionMessage outcome={actionData} />
        </div>
      ) : null}
      <InvoiceDocumentView doc={document} />
      <section aria-labelledby="receipts-heading" className="mt-8">
        <h2 id="receipts-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Payments
        </h2>
        {payments.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">No payments yet.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {payments.map((p) => (
              <li key={p.id} className="text-slate-800 dark:text-slate-200">
                <CalendarTime date={p.paidOn} /> · {paymentMethodLabel(p.method)} ·{" "}
                <span className="tabular-nums">{formatMinorUnits(p.amount, p.currency, document.locale)}</span>
                {p.refunded > 0 ? (
                  <span className="text-slate-600 dark:text-slate-400">
                    {" "}
                    ({formatMinorUnits(p.refunded, p.currency, document.locale)} refunded)
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
