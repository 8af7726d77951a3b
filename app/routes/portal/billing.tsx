import type { Route } from "./+types/billing";
import { PortalInvoiceTable } from "~/components/billing/portal-invoice-table";
import { PanelError, PanelHeader } from "~/components/portal/panel";
import { BILLING_EMPTY } from "~/lib/billing-portal";
import { formatMinorUnits } from "~/lib/money-format";
import { portalMeta } from "~/lib/portal";
import { agencyToday, getPlace } from "~/server/brand/locale.server";
import { companyBalance, listCompanyInvoices } from "~/server/models/billing/invoices-read.server";
import { OPEN_STATUSES } from "~/server/models/billing/invoice-views.server";
import { requireBillingMember } from "./billing.server";

export function meta({ matches }: Route.MetaArgs) {
  return portalMeta("Billing", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBillingMember(request);
  const today = await agencyToday();
  const [invoices, balances, place] = await Promise.all([
    listCompanyInvoices({ companyId: user.companyId, today }),
    companyBalance({ companyId: user.companyId, today }),
    getPlace(),
  ]);
  const isOpen = (i: (typeof invoices)[number]) => i.kind === "invoice" && OPEN_STATUSES.includes(i.status) && i.balance > 0;
  // Open ones first, overdue at the top, then by due date; the rest as they came (newest first).
  const open = invoices
    .filter(isOpen)
    .sort((a, b) => Number(b.overdue) - Number(a.overdue) || (a.dueDate ?? "").localeCompare(b.dueDate ?? ""));
  const past = invoices.filter((i) => !isOpen(i));
  const pick = ({ id, kind, number, status, overdue, currency, issueDate, dueDate, total, balance }: (typeof invoices)[number]) => ({
    id,
    kind,
    number,
    status,
    overdue,
    currency,
    issueDate,
    dueDate,
    total,
    balance,
  });
  return {
    open: open.map(pick),
    past: past.map(pick),
    balances: [...balances].sort((a, b) => b.overdue - a.overdue || a.currency.localeCompare(b.currency)),
    locale: place.locale,
  };
}

export default function PortalBilling({ loaderData }: Route.ComponentProps) {
  const { open, past, balances, locale } = loaderData;
  const none = open.length + past.length === 0;
  return (
    <section aria-label="Billing">
      <PanelHeader title="Billing" intro="Your company's invoices, what is due and what was paid." />
      {none ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {BILLING_EMPTY}
        </p>
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="balance-heading">
            <h2 id="balance-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
              Balance due
            </h2>
            {balances.length === 0 ? (
              <p className="mt-2 text-slate-700 dark:text-slate-300">Nothing is due. Thank you!</p>
            ) : (
              <ul className="mt-2 flex flex-wrap gap-4">
                {balances.map((b) => (
                  <li key={b.currency} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                    <p className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">
                      {formatMinorUnits(b.due, b.currency, locale)}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {b.openInvoices === 1 ? "1 open invoice" : `${b.openInvoices} open invoices`}
                    </p>
                    {b.overdue > 0 ? (
                      <p className="text-sm font-semibold text-red-700 dark:text-red-300">
                        {formatMinorUnits(b.overdue, b.currency, locale)} overdue
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="open-heading">
            <h2 id="open-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
              Open invoices
            </h2>
            <PortalInvoiceTable caption="Open invoices" invoices={open} locale={locale} empty="No open invoices." />
          </section>
          <section aria-labelledby="past-heading">
            <h2 id="past-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
              Past invoices
            </h2>
            <PortalInvoiceTable caption="Past invoices and credit notes" invoices={past} locale={locale} empty="No past invoices." />
          </section>
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
