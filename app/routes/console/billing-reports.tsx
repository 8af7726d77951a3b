import { href, Link } from "react-router";
import type { Route } from "./+types/billing-reports";
import { ColumnChart } from "~/components/console/charts";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { SectionError } from "~/components/console/section-error";
import { AGING_BUCKET_LABELS, AGING_BUCKETS } from "~/lib/billing-reports";
import { formatMinorUnits } from "~/lib/money-format";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { usePlace } from "~/lib/use-place";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { agencyDay } from "~/server/brand/locale.server";
import { agingReport, revenuePerMonth } from "~/server/models/billing/invoice-reports.server";

// what is owed by age and what came in per month, per currency, for finance.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "billing");
  const scope = await companyScope(user);
  const { today, timeZone } = await agencyDay();
  const [aging, revenue] = await Promise.all([agingReport({ today, scope }), revenuePerMonth({ today, months: 12, scope })]);
  return { aging, revenue, today, timeZone };
}

export function meta() {
  return [{ title: "Billing reports | Employee Dashboard" }, { name: "robots", content: "noindex" }];
}

/** "Nov 2026" in the agency's locale, for a "2026-11" month. */
function monthLabel(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
}

export default function BillingReports({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["billing"]);
  const { aging, revenue, today, timeZone } = loaderData;
  const { locale } = usePlace();
  const currencies = [...new Set(revenue.map((r) => r.currency))];
  return (
    <ConsoleEditPage
      headingId="billing-reports-heading"
      backTo={href("/employee-dashboard/billing")}
      backLabel="← All invoices"
      title="Billing reports"
      summary={
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Open balances by how late they are, and the money received each month, as of {today} ({timeZone}).{" "}
          <a
            href={href("/employee-dashboard/billing/export")}
            className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          >
            Export CSV for the accountant
          </a>
        </p>
      }
    >
      <section aria-labelledby="aging-heading" className="space-y-3">
        <h3 id="aging-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          What is owed, by age
        </h3>
        {aging.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
            Nothing is owed: every issued invoice is paid, credited or void.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Open balances by days past their due date, one row per currency</caption>
              <thead className="border-b border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Currency
                  </th>
                  {AGING_BUCKETS.map((b) => (
                    <th key={b} scope="col" className="py-2 pr-4 text-right font-medium">
                      {AGING_BUCKET_LABELS[b]}
                    </th>
                  ))}
                  <th scope="col" className="py-2 text-right font-medium">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
                {aging.map((row) => (
                  <tr key={row.currency}>
                    <th scope="row" className="py-2 pr-4 font-medium">
                      {row.currency} ({row.invoices} {row.invoices === 1 ? "invoice" : "invoices"})
                    </th>
                    {AGING_BUCKETS.map((b) => (
                      <td key={b} className="py-2 pr-4 text-right tabular-nums">
                        {formatMinorUnits(row.buckets[b], row.currency, locale)}
                      </td>
                    ))}
                    <td className="py-2 text-right font-semibold tabular-nums">{formatMinorUnits(row.total, row.currency, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="text-sm">
          <Link
            to={`${href("/employee-dashboard/billing")}?status=overdue`}
            className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          >
            See the overdue invoices
          </Link>
        </p>
      </section>
      <section aria-labelledby="revenue-heading" className="mt-8 space-y-3">
        <h3 id="revenue-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Money received per month
        </h3>
        {currencies.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
            No payments in the last 12 months yet.
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            {currencies.map((currency) => (
              <ColumnChart
                key={currency}
                title={`Received in ${currency}, last 12 months`}
                unit="received"
                category="Month"
                format={(value) => formatMinorUnits(value, currency, locale)}
                data={revenue
                  .filter((r) => r.currency === currency)
                  .map((r) => ({ label: monthLabel(r.month, locale), value: r.received }))}
              />
            ))}
          </div>
        )}
      </section>
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/billing")} backLabel="Back to Billing" />;
}
