import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { ConfirmStep, DangerSubmit } from "~/components/console/confirm-step";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";
import { linkValue, type LinkableProject } from "~/lib/invoice-links";
import { amountInput, formatQuantity, formatRate } from "~/lib/money";
import { formatMinorUnits } from "~/lib/money-format";
import { usePlace } from "~/lib/use-place";
import { InvoiceDraftForm, type DraftFormValue, EMPTY_LINE } from "./invoice-draft-form";
import { RetainerForm } from "./retainer-form";

/** What the draft's page needs of the stored draft (the console's invoice detail has it all). */
export interface DraftInvoice {
  id: string;
  version: number;
  currency: string;
  netDays: number;
  discountBp: number;
  billingName: string;
  billingAddress: string;
  billingEmail: string;
  clientTaxId: string;
  taxNote: string | null;
  notes: string;
  terms: string;
  subtotal: number;
  discount: number;
  taxTotal: number;
  total: number;
  lines: {
    description: string;
    quantityMilli: number;
    unitPrice: number;
    taxRateBp: number;
    projectId: string | null;
    milestoneId: string | null;
  }[];
}

function draftValue(invoice: DraftInvoice): DraftFormValue {
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
            link: linkValue(l),
          }))
        : [EMPTY_LINE],
  };
}

/**
 * A draft's page: its editor, the totals as saved, issue and delete (their confirmations are page
 * states, ?issue=1 and ?delete=1, so they work without JavaScript) and "Repeat as a retainer".
 */
export function InvoiceDraftView({
  invoice,
  work,
  today,
  self,
  outcomeOf,
}: {
  invoice: DraftInvoice;
  work: LinkableProject[];
  today: string;
  self: string;
  outcomeOf: (intent: string) => FormResult | undefined;
}) {
  const { locale } = usePlace();
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const pending = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const money = (minor: number) => formatMinorUnits(minor, invoice.currency, locale);
  const saved = outcomeOf("save");
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
      <InvoiceDraftForm
        key={invoice.version}
        formId={`invoice-${invoice.id}`}
        defaultValue={draftValue(invoice)}
        work={work}
        lastResult={saved?.result}
        outcome={saved}
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
  );
}
