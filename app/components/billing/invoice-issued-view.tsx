import { Form, href, Link, useNavigation, useSearchParams } from "react-router";
import { CalendarTime } from "~/components/time";
import type { FormResult } from "~/lib/form-result";
import { disputeLabel } from "~/lib/card-disputes";
import type { InvoiceDocument } from "~/lib/invoice-document";
import { formatMinorUnits } from "~/lib/money-format";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { usePlace } from "~/lib/use-place";
import { ActionMessage } from "~/components/forms/action-message";
import { InvoiceDocumentView } from "./invoice-document";
import { CreditNoteForm, PaymentForm, VoidForm, type CreditableLine } from "./invoice-staff-forms";

/** What an issued invoice's (or credit note's) page needs of it. */
export interface IssuedInvoice {
  id: string;
  kind: "invoice" | "credit-note";
  status: string;
  currency: string;
  companyName: string;
  total: number;
  paid: number;
  balance: number;
  sentAt: number | null;
  voidReason: string | null;
  lines: CreditableLine[];
}

interface Payment {
  id: string;
  paidOn: string;
  method: string;
  reference: string | null;
  amount: number;
  refunded: number;
  disputeLost: number;
  disputeStatus: string | null;
}

/**
 * An issued invoice or credit note in the console: its figures, send / PDF / credit note / void
 * (confirmations are page states, ?credit=1 and ?void=1), the document as the client sees it, its
 * payments and credit notes. It follows payments and sends live.
 */
export function InvoiceIssuedView({
  invoice,
  doc,
  payments,
  creditNotes,
  today,
  self,
  outcomeOf,
}: {
  invoice: IssuedInvoice;
  doc: InvoiceDocument | null;
  payments: Payment[];
  creditNotes: { id: string; number: string | null; total: number }[];
  today: string;
  self: string;
  outcomeOf: (intent: string) => FormResult | undefined;
}) {
  useLiveRevalidation("/events/console", ["billing"]);
  const { locale } = usePlace();
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "send";
  const money = (minor: number) => formatMinorUnits(minor, invoice.currency, locale);
  const open = invoice.kind === "invoice" && invoice.status !== "void";
  const figures: [string, number, string?][] = [
    ["Total", invoice.total],
    ["Paid", invoice.paid],
    ["Balance", invoice.balance, "invoice-balance"],
  ];
  return (
    <div className="space-y-8">
      <dl className="grid gap-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Client</dt>
          <dd className="font-medium text-slate-900 dark:text-white">{invoice.companyName}</dd>
        </div>
        {figures.map(([label, amount, testId]) => (
          <div key={label}>
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums dark:text-white" data-testid={testId}>
              {money(amount)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-start gap-3">
        {open ? (
          <Form method="post" action={self}>
            <input type="hidden" name="intent" value="send" />
            <button type="submit" className="btn-secondary" disabled={sending}>
              {sending ? "Sending..." : invoice.sentAt ? "Send again" : "Send to client"}
            </button>
          </Form>
        ) : null}
        <a href={href("/employee-dashboard/billing/:id/pdf", { id: invoice.id })} className="btn-secondary" download>
          Download PDF
        </a>
        {open ? (
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
      {search.has("void") && open ? (
        <section aria-labelledby="void-heading" className="rounded-xl border border-red-200 p-4 dark:border-red-900">
          <h3 id="void-heading" className="font-semibold text-slate-900 dark:text-white">
            Void this invoice
          </h3>
          <VoidForm cancelTo={self} outcome={outcomeOf("void")} />
        </section>
      ) : null}
      {search.has("credit") && open ? (
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
  );
}
