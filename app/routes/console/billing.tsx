import { href, Link } from "react-router";
import type { Route } from "./+types/billing";
import { InvoiceStatusBadge, INVOICE_STATUS_FILTERS } from "~/components/billing/invoice-status";
import { ListFilters, FilterSelect, SearchField } from "~/components/console/list-filters";
import { ConsoleListPage } from "~/components/console/list-page";
import { RuledTableHead } from "~/components/console/list-table";
import { Pager } from "~/components/console/pager";
import { SectionError } from "~/components/console/section-error";
import { CalendarTime } from "~/components/time";
import { formatMinorUnits } from "~/lib/money-format";
import { pageFrom } from "~/lib/pagination";
import { privateMeta } from "~/lib/seo";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { usePlace } from "~/lib/use-place";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope, inScope } from "~/server/models/shared/company-scope.server";
import { listBillableCompanies } from "~/server/models/billing/invoice-console.server";
import { companyBalance, listInvoices, type InvoiceFilters } from "~/server/models/billing/invoices-read.server";

const STATUSES: readonly string[] = INVOICE_STATUS_FILTERS.map((s) => s.value);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "billing");
  const scope = await companyScope(user);
  const url = new URL(request.url);
  const { page, limit, offset } = pageFrom(url);
  const status = url.searchParams.get("status") ?? "";
  const companyId = url.searchParams.get("client") ?? "";
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const filters: InvoiceFilters = {
    status: STATUSES.includes(status) ? (status as InvoiceFilters["status"]) : undefined,
    companyId: /^[\w-]{1,64}$/.test(companyId) ? companyId : undefined,
    search: q || undefined,
    limit,
    offset,
    scope,
  };
  const [{ invoices, total }, companies, balances] = await Promise.all([
    listInvoices(filters),
    listBillableCompanies({ scope }),
    filters.companyId && inScope(scope, filters.companyId) ? companyBalance({ companyId: filters.companyId }) : Promise.resolve(null),
  ]);
  return { invoices, total, page, companies, balances, filter: { status: filters.status ?? "", client: filters.companyId ?? "", q } };
}

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Billing", matches);
}

export default function ConsoleBilling({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["billing"]);
  const { invoices, total, page, companies, balances, filter } = loaderData;
  const clientName = companies.find((c) => c.id === filter.client)?.name;
  const { locale } = usePlace();
  const filtered = filter.status !== "" || filter.client !== "" || filter.q !== "";
  const link = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300";
  return (
    <ConsoleListPage
      headingId="billing-heading"
      title="Billing"
      intro="Invoices and credit notes, newest first. Amounts are in each invoice's currency."
      action={
        <div className="flex flex-wrap items-center gap-3">
          <Link to={href("/employee-dashboard/billing/reports")} className="btn-secondary">
            Reports
          </Link>
          <Link to={href("/employee-dashboard/billing/retainers")} className="btn-secondary">
            Retainers
          </Link>
          <Link to={href("/employee-dashboard/billing/settings")} className="btn-secondary">
            Settings
          </Link>
          <a href={href("/employee-dashboard/billing/export")} className="btn-secondary">
            Export CSV
          </a>
          <Link to={href("/employee-dashboard/billing/new")} className="btn-primary">
            New invoice
          </Link>
        </div>
      }
    >
      <ListFilters
        role="search"
        label="Filter invoices"
        gap="gap-3"
        submitLabel="Filter"
        clearTo={filtered ? href("/employee-dashboard/billing") : undefined}
      >
        <SearchField id="billing-q" label="Search number or client" defaultValue={filter.q} maxLength={200} className="min-w-56" />
        <FilterSelect
          id="billing-status"
          name="status"
          label="Status"
          defaultValue={filter.status}
          allLabel="All statuses"
          options={INVOICE_STATUS_FILTERS}
        />
        <FilterSelect
          id="billing-client"
          name="client"
          label="Client"
          defaultValue={filter.client}
          allLabel="All clients"
          options={companies.map((c) => ({ value: c.id, label: c.closed ? `${c.name} (closed)` : c.name }))}
        />
      </ListFilters>
      {balances && clientName ? (
        <p className="mt-4 text-sm text-slate-800 dark:text-slate-200" data-testid="client-balance">
          <span className="font-semibold">{clientName} owes </span>
          {balances.length === 0
            ? "nothing."
            : balances
                .map(
                  (b) =>
                    `${formatMinorUnits(b.due, b.currency, locale)}${b.overdue > 0 ? ` (${formatMinorUnits(b.overdue, b.currency, locale)} overdue)` : ""}`,
                )
                .join(" · ")}
        </p>
      ) : null}
      {invoices.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {filtered ? "No invoice matches these filters." : "No invoices yet. Create the first one with “New invoice”."}
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Invoices, newest first, {total} in total</caption>
            <RuledTableHead columns={["Number", "Client", "Issued", "Due", "Total", "Balance", "Status"]} />
            <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
              {invoices.map((i) => (
                <tr key={i.id}>
                  <td className="py-3 pr-4 whitespace-nowrap">
                    <Link to={href("/employee-dashboard/billing/:id", { id: i.id })} className={link}>
                      {i.number ?? "Draft"}
                    </Link>
                    {i.kind === "credit-note" ? <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">Credit note</span> : null}
                  </td>
                  <td className="py-3 pr-4">{i.companyName}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{i.issueDate ? <CalendarTime date={i.issueDate} /> : "—"}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{i.dueDate ? <CalendarTime date={i.dueDate} /> : "—"}</td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{formatMinorUnits(i.total, i.currency, locale)}</td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{formatMinorUnits(i.balance, i.currency, locale)}</td>
                  <td className="py-3 pr-4">
                    <InvoiceStatusBadge status={i.status} overdue={i.overdue} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} total={total} />
    </ConsoleListPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard")} backLabel="Back to the overview" />;
}
