import { href, Link } from "react-router";
import type { Route } from "./+types/proposals";
import { ColumnChart } from "~/components/console/charts";
import { FilterSelect, ListFilters } from "~/components/console/list-filters";
import { ListTable } from "~/components/console/list-table";
import { ConsoleListPage } from "~/components/console/list-page";
import { ResultCount } from "~/components/console/result-count";
import { SectionError } from "~/components/console/section-error";
import { ProposalStatusBadge } from "~/components/proposals/proposal-status";
import { Time } from "~/components/time";
import { formatMinorUnits } from "~/lib/money-format";
import { PROPOSAL_STATUSES } from "~/lib/proposals";
import { PROPOSAL_STATUS_LABELS, proposalStatusFrom } from "~/lib/schemas/proposals";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { usePlace } from "~/lib/use-place";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { agencyDay } from "~/server/brand/locale.server";
import { listProposals, proposalStats } from "~/server/models/proposals/proposals-read.server";

// Console → Proposals (part of Leads): every proposal with the status the client meets, and how
// they end month by month (win rate, median time to sign).

const STATUS_OPTIONS = PROPOSAL_STATUSES.map((value) => ({ value, label: PROPOSAL_STATUS_LABELS[value] }));

/** "Nov 2026": a YYYY-MM month in the locale's style. */
function monthLabel(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "leads");
  const scope = await companyScope(user);
  const status = proposalStatusFrom(new URL(request.url).searchParams.get("status"));
  const { today, timeZone } = await agencyDay();
  const [proposals, months] = await Promise.all([listProposals({ today, status, scope }), proposalStats({ today, timeZone, scope })]);
  return { status: status ?? null, proposals, months, timeZone };
}

export default function ConsoleProposals({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["proposals"]);
  const { status, proposals, months, timeZone } = loaderData;
  const { locale } = usePlace();
  return (
    <ConsoleListPage
      headingId="proposals-heading"
      title="Proposals"
      intro="Write one from a lead's page; the client signs it online."
      action={
        <Link to={href("/employee-dashboard/leads")} className="btn-secondary">
          Choose a lead
        </Link>
      }
    >
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ColumnChart
          title="Win rate per month, last 6 months"
          unit="win rate"
          category={`Month (${timeZone})`}
          format={(v) => `${v} %`}
          data={months.map((m) => ({ label: monthLabel(m.month, locale), value: m.winRate ?? 0 }))}
        />
        <ColumnChart
          title="Median days to sign, last 6 months"
          unit="days"
          category={`Month (${timeZone})`}
          data={months.map((m) => ({ label: monthLabel(m.month, locale), value: m.medianDaysToSign ?? 0 }))}
        />
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Win rate: accepted out of accepted, declined and expired in the month. Time to sign: from the first sending to the signature.
      </p>
      <div className="mt-6">
        <ListFilters
          label="Filter proposals"
          gap="gap-3"
          submitLabel="Apply"
          clearTo={status ? href("/employee-dashboard/proposals") : undefined}
        >
          <FilterSelect
            id="proposals-status"
            name="status"
            label="Status"
            defaultValue={status ?? ""}
            allLabel="All statuses"
            options={STATUS_OPTIONS}
          />
        </ListFilters>
      </div>
      <ResultCount total={proposals.length} singular="proposal" plural="proposals" detail={status ? " match" : ""} announce="status" />
      <ListTable
        caption="Proposals, latest change first"
        columns={["Client", "Title", "Status", "Value", "Owner", "Updated"]}
        items={proposals}
        empty={status ? "No proposals with this status." : "No proposals yet. Write the first one from a lead's page."}
        row={(p) => (
          <tr key={p.id} className="border-t border-slate-200 align-top dark:border-slate-800">
            <td className="py-3 pr-4">{p.companyName ?? p.clientName}</td>
            <th scope="row" className="py-3 pr-4 font-semibold">
              <Link
                to={href("/employee-dashboard/proposals/:id", { id: p.id })}
                className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              >
                {p.title}
              </Link>
            </th>
            <td className="py-3 pr-4">
              <ProposalStatusBadge status={p.status} />
            </td>
            <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{formatMinorUnits(p.value, p.currency, locale)}</td>
            <td className="py-3 pr-4">{p.ownerName ?? "—"}</td>
            <td className="py-3 whitespace-nowrap">
              <Time at={p.updatedAt} />
            </td>
          </tr>
        )}
      />
    </ConsoleListPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/proposals")} backLabel="Back to Proposals" />;
}
