import { data, Form, href, Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/billing-invoice";
import { InvoiceDocumentView } from "~/components/billing/invoice-document";
import { InvoiceDraftForm, type DraftFormValue, EMPTY_LINE } from "~/components/billing/invoice-draft-form";
import { RetainerForm } from "~/components/billing/retainer-form";
import { InvoiceStatusBadge } from "~/components/billing/invoice-status";
import { CreditNoteForm, PaymentForm, VoidForm } from "~/components/billing/invoice-staff-forms";
import { ConfirmStep, DangerSubmit } from "~/components/console/confirm-step";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { CalendarTime } from "~/components/time";
import { disputeLabel } from "~/lib/card-disputes";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { amountInput, formatQuantity, formatRate } from "~/lib/money";
import { formatMinorUnits } from "~/lib/money-format";
import { isRefusal } from "~/lib/refusal";
import { privateMeta } from "~/lib/seo";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { usePlace } from "~/lib/use-place";
import { requireStaff } from "~/server/auth/session.server";
import { agencyToday } from "~/server/brand/locale.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { refusalResponse } from "~/server/http/refusal.server";
import { staffInvoiceDocument } from "~/server/models/billing/invoice-console.server";
import { listPayments } from "~/server/models/billing/invoice-payments.server";
import { getInvoice, listInvoices } from "~/server/models/billing/invoices-read.server";
import { INVOICE_INTENTS, invoiceAction } from "./billing-invoice.server";

// One invoice in the console. A draft is its editor (issue, delete); an issued invoice or credit
// note is its document, with its payments, credit notes and the staff's actions on it. Confirm
// steps are page states (?issue=1, ?delete=1, ?void=1, ?credit=1), so they work without JavaScript.

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "billing");
  const today = await agencyToday();
  const invoice = await getInvoice({ id: params.id, today }).catch((error: unknown) => {
    if (isRefusal(error)) throw data(error.message, { status: 404, statusText: "Invoice not found" });
    throw error;
  });
  if (invoice.status === "draft") return { invoice, today, doc: null, payments: [], creditNotes: [] };
  const [doc, payments, credit] = await Promise.all([
    staffInvoiceDocument(invoice.id),
    listPayments({ invoiceId: invoice.id }),
    invoice.kind === "invoice" ? listInvoices({ correctsInvoiceId: invoice.id, today }) : Promise.resolve({ invoices: [] }),
  ]);
  return { invoice, today, doc, payments, creditNotes: credit.invoices };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "billing");
  const formData = await readForm(request);
  const intent = requireIntent(formData, INVOICE_INTENTS);
  try {
    return await invoiceAction(user, params.id, intent, formData);
  } catch (error) {
    throw refusalResponse(error);
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return privateMeta(`${loaderData?.invoice.number ?? "Draft invoice"} | Billing`, matches);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGES_FAILURE);
}

/** An issued invoice's page follows payments and sends live; a draft's editor never reloads under its typing. */
function LiveInvoice() {
  useLiveRevalidation("/events/console", ["billing"]);
  return null;
}

function draftValue(invoice: Route.ComponentProps["loaderData"]["invoice"]): DraftFormValue {
  return {
    version: String(invoice.version),
    currency: invoice.currency,
    netDays: String(invoice.netDays),
    discount: formatRate(invoice.discountBp),
    billingName: invoice.billingName,
    billingAddress: invoice.billingAddress,
    billingEmail: invoice.billingEmail,
    clientTaxId: invoice.clientTaxId,
    taxNote: invoice.taxNote ?? "",
    notes: invoice.notes,
    terms: invoice.terms,
    lines:
      invoice.lines.length > 0
        ? invoice.lines.map((l) => ({
            description: l.description,
            quantity: formatQuantity(l.quantityMilli),
            unitPrice: amountInput(l.unitPrice, invoice.currency),
            taxRate: formatRate(l.taxRateBp),
            projectId: l.projectId ?? "",
            milestoneId: l.milestoneId ?? "",
          }))
        : [EMPTY_LINE],
  };
}

export default function InvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice, doc, payments, creditNotes, today } = loaderData;
  const { locale } = usePlace();
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const pending = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const money = (minor: number) => formatMinorUnits(minor, invoice.currency, locale);
  const self = href("/employee-dashboard/billing/:id", { id: invoice.id });
  const outcomeOf = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const title = invoice.number ?? `Draft for ${invoice.companyName}`;
  const notice = search.get("issued")
    ? `Invoice ${search.get("issued")} issued: its number and amounts are final.`
    : search.get("credited")
      ? `Credit note ${search.get("credited")} issued.`
      : search.get("voided")
        ? "Invoice voided."
        : undefined;

  return (
    <ConsoleEditPage
      headingId="invoice-heading-console"
      backTo={href("/employee-dashboard/billing")}
      backLabel="← All invoices"
      title={title}
      badges={<InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />}
    >
      {notice && !actionData ? (
        <div className="mb-6">
          <ActionMessage outcome={{ status: "success", message: notice }} />
        </div>
      ) : null}
      {invoice.status === "draft" ? (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
          <InvoiceDraftForm
            key={invoice.version}
            formId={`invoice-${invoice.id}`}
            defaultValue={draftValue(invoice)}
            lastResult={outcomeOf("save")?.result}
            outcome={outcomeOf("save")}
          />
          <aside aria-labelledby="draft-totals" className="space-y-6">
            <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <h3 id="draft-totals" className="font-semibold text-slate-900 dark:text-white">
                Totals as saved
              </h3>
              <dl className="mt-2 grid grid-cols-2 gap-y-1 text-sm text-slate-800 tabular-nums dark:text-slate-200">
                <dt>Subtotal</dt>
                <dd className="text-right" data-testid="draft-subtotal">
                  {money(invoice.subtotal)}
                </dd>
                <dt>Discount</dt>
                <dd className="text-right">{money(-invoice.discount)}</dd>
                <dt>Tax</dt>
                <dd className="text-right">{money(invoice.taxTotal)}</dd>
                <dt className="font-semibold">Total</dt>
                <dd className="text-right font-semibold" data-testid="draft-total">
                  {money(invoice.total)}
                </dd>
              </dl>
            </section>
            <section aria-labelledby="draft-actions" className="space-y-3">
              <h3 id="draft-actions" className="font-semibold text-slate-900 dark:text-white">
                Issue or delete
              </h3>
              <ActionMessage outcome={outcomeOf("issue") ?? outcomeOf("delete")} />
              {search.has("issue") ? (
                <Form method="post" action={self}>
                  <input type="hidden" name="intent" value="issue" />
                  <input type="hidden" name="version" value={invoice.version} />
                  <ConfirmStep
                    id="issue-question"
                    question="Issue this invoice as saved? It takes the next number and can no longer change."
                    cancelTo={self}
                  >
                    <button type="submit" className="btn-primary" disabled={pending("issue")} autoFocus>
                      {pending("issue") ? "Issuing..." : "Issue invoice"}
                    </button>
                  </ConfirmStep>
                </Form>
              ) : search.has("delete") ? (
                <Form method="post" action={self}>
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="version" value={invoice.version} />
                  <ConfirmStep id="delete-question" question="Delete this draft? It has no number, so nothing is skipped." cancelTo={self}>
                    <DangerSubmit pending={pending("delete")} label="Delete draft" pendingLabel="Deleting..." />
                  </ConfirmStep>
                </Form>
              ) : (
                <div className="flex flex-wrap gap-3">
                  <Link to={`${self}?issue=1`} className="btn-primary" preventScrollReset>
                    Issue…
                  </Link>
                  <Link to={`${self}?delete=1`} className="btn-danger" preventScrollReset>
                    Delete draft…
                  </Link>
                </div>
              )}
              <p className="text-xs text-slate-600 dark:text-slate-400">Save your changes first: issuing takes the draft as saved.</p>
            </section>
            <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <RetainerForm today={today} outcome={outcomeOf("retainer")} />
            </section>
          </aside>
        </div>
      ) : (
        <div className="space-y-8">
          <LiveInvoice />
          <dl className="grid gap-4 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Client</dt>
              <dd className="font-medium text-slate-900 dark:text-white">{invoice.companyName}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Total</dt>
              <dd className="font-medium text-slate-900 tabular-nums dark:text-white">{money(invoice.total)}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Paid</dt>
              <dd className="font-medium text-slate-900 tabular-nums dark:text-white">{money(invoice.paid)}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Balance</dt>
              <dd className="font-medium text-slate-900 tabular-nums dark:text-white" data-testid="invoice-balance">
                {money(invoice.balance)}
              </dd>
            </div>
          </dl>
          <div className="flex flex-wrap items-start gap-3">
            {invoice.kind === "invoice" && invoice.status !== "void" ? (
              <Form method="post" action={self}>
                <input type="hidden" name="intent" value="send" />
                <button type="submit" className="btn-secondary" disabled={pending("send")}>
                  {pending("send") ? "Sending..." : invoice.sentAt ? "Send again" : "Send to client"}
                </button>
              </Form>
            ) : null}
            <a href={href("/employee-dashboard/billing/:id/pdf", { id: invoice.id })} className="btn-secondary" download>
              Download PDF
            </a>
            {invoice.kind === "invoice" && invoice.status !== "void" ? (
              <>
                <Link to={`${self}?credit=1`} className="btn-secondary" preventScrollReset>
                  Credit note…
                </Link>
                <Link to={`${self}?void=1`} className="btn-danger" preventScrollReset>
                  Void…
                </Link>
              </>
            ) : null}
          </div>
          <ActionMessage outcome={outcomeOf("send")} />
          {search.has("void") && invoice.kind === "invoice" && invoice.status !== "void" ? (
            <section aria-labelledby="void-heading" className="rounded-xl border border-red-200 p-4 dark:border-red-900">
              <h3 id="void-heading" className="font-semibold text-slate-900 dark:text-white">
                Void this invoice
              </h3>
              <VoidForm cancelTo={self} outcome={outcomeOf("void")} />
            </section>
          ) : null}
          {search.has("credit") && invoice.kind === "invoice" && invoice.status !== "void" ? (
            <section aria-labelledby="credit-heading" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <h3 id="credit-heading" className="font-semibold text-slate-900 dark:text-white">
                Credit note
              </h3>
              <CreditNoteForm lines={invoice.lines} cancelTo={self} outcome={outcomeOf("credit")} />
            </section>
          ) : null}
          {invoice.voidReason ? (
            <p className="text-sm text-slate-800 dark:text-slate-200">
              <span className="font-semibold">Void:</span> {invoice.voidReason}
            </p>
          ) : null}
          {doc ? <InvoiceDocumentView doc={doc} /> : null}
          {invoice.kind === "invoice" ? (
            <section aria-labelledby="payments-heading" className="grid gap-8 lg:grid-cols-2">
              <div>
                <h3 id="payments-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
                  Payments
                </h3>
                {payments.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No payment recorded yet.</p>
                ) : (
                  <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
                    {payments.map((p) => (
                      <li key={p.id} className="flex flex-wrap justify-between gap-x-4 py-2 text-slate-800 dark:text-slate-200">
                        <span>
                          <CalendarTime date={p.paidOn} /> · {p.method.replace("-", " ")}
                          {p.reference ? ` · ${p.reference}` : ""}
                        </span>
                        <span className="tabular-nums">
                          {money(p.amount)}
                          {p.refunded > 0 ? ` (refunded ${money(p.refunded)})` : ""}
                          {p.disputeLost > 0 ? ` (lost in a dispute ${money(p.disputeLost)})` : ""}
                        </span>
                        {p.disputeStatus ? (
                          <strong className="basis-full text-amber-800 dark:text-amber-300" data-testid="payment-dispute">
                            Disputed by the cardholder: {disputeLabel(p.disputeStatus)}
                          </strong>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                )}
                {creditNotes.length > 0 ? (
                  <>
                    <h3 className="mt-6 text-lg font-semibold text-slate-900 dark:text-white">Credit notes</h3>
                    <ul className="mt-2 space-y-1 text-sm">
                      {creditNotes.map((c) => (
                        <li key={c.id}>
                          <Link
                            to={href("/employee-dashboard/billing/:id", { id: c.id })}
                            className="font-medium text-brand-700 underline dark:text-brand-300"
                          >
                            {c.number}
                          </Link>{" "}
                          <span className="tabular-nums text-slate-800 dark:text-slate-200">{money(c.total)}</span>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </div>
              {invoice.status !== "void" && invoice.balance > 0 ? (
                <PaymentForm key={payments.length} currency={invoice.currency} today={today} outcome={outcomeOf("payment")} />
              ) : null}
            </section>
          ) : null}
        </div>
      )}
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/billing")} backLabel="Back to Billing" />;
}
