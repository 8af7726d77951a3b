import { href, Link } from "react-router";
import type { Route } from "./+types/overview";
import { BarChart, ColumnChart } from "~/components/console/charts";
import { SectionError } from "~/components/console/section-error";
import { WorkspaceMirror } from "~/components/console/workspace-mirror";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { usePlace } from "~/lib/use-place";
import { agencyDay } from "~/server/brand/locale.server";
import { applicationsPerOpening, leadsPerWeek, overviewCounts } from "~/server/models/reports/overview.server";
import { workspaceOverview } from "~/server/models/projects/workspace-overview.server";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { mayUse, type ConsoleArea } from "~/lib/staff-roles";
import { listInvoices } from "~/server/models/billing/invoices-read.server";

/** "23 Nov": a week's Monday (YYYY-MM-DD, a calendar date, so read and written in UTC) in the locale's style. */
// Making a formatter costs far more than using one (a tenth of a millisecond, twelve bars a render).
const weekFormats = new Map<string, Intl.DateTimeFormat>();

function weekLabel(monday: string, locale: string): string {
  let format = weekFormats.get(locale);
  if (!format) weekFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" })));
  return format.format(Date.parse(`${monday}T00:00:00Z`));
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "overview");
  // Decision 0031: everyone lands here, and sees the numbers of their own role's sections only.
  const may = (area: ConsoleArea) => mayUse(user.staffRole, area);
  const { timeZone, today } = await agencyDay();
  const scope = await companyScope(user);
  const [all, weeks, openings, clientWork, overdue] = await Promise.all([
    overviewCounts(scope),
    may("leads") ? leadsPerWeek(scope) : null,
    may("applications") ? applicationsPerOpening() : null,
    // The mirror of the portal's "Waiting on you", for the roles that run projects.
    may("clients") ? workspaceOverview({ viewerId: user.id, today, scope }) : null,
    may("billing") ? listInvoices({ status: "overdue", limit: 1, today, scope }) : null,
  ]);
  const counts = {
    newLeads: may("leads") ? all.newLeads : null,
    unansweredSupport: may("support") ? all.unansweredSupport : null,
    newApplications: may("applications") ? all.newApplications : null,
    openOpenings: may("openings") ? all.openOpenings : null,
    overdueInvoices: overdue ? overdue.total : null,
  };
  // The chart's weeks are the agency's (Monday 00:00 in its zone), whatever the viewer's own zone.
  return { counts, weeks, openings, clientWork, viewerId: user.id, agencyZone: timeZone };
}

export default function ConsoleOverview({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["leads", "applications", "openings", "complaints", "projects", "billing"]);
  const { counts, weeks, openings, clientWork, viewerId, agencyZone } = loaderData;
  const { locale } = usePlace();
  const allCards = [
    {
      label: "New leads",
      value: counts.newLeads,
      to: `${href("/employee-dashboard/leads")}?status=new`,
    },
    {
      label: "Unanswered support requests",
      value: counts.unansweredSupport,
      to: href("/employee-dashboard/support"),
    },
    {
      label: "New applications",
      value: counts.newApplications,
      to: `${href("/employee-dashboard/applications")}?stage=new`,
    },
    {
      label: "Open openings",
      value: counts.openOpenings,
      to: href("/employee-dashboard/openings"),
    },
    {
      label: "Overdue invoices",
      value: counts.overdueInvoices,
      to: `${href("/employee-dashboard/billing")}?status=overdue`,
    },
  ];
  const cards = allCards.filter((card) => card.value !== null);
  return (
    <section aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Overview
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Today">
        {cards.map((card) => (
          <li key={card.label}>
            <Link
              to={card.to}
              className="block h-full rounded-xl border border-slate-200 p-4 hover:border-brand-500 hover:bg-brand-50 dark:border-slate-800 dark:hover:border-brand-400 dark:hover:bg-slate-900"
            >
              <span className="block text-3xl font-bold text-slate-900 tabular-nums dark:text-white">{card.value}</span>
              <span className="mt-1 block text-sm font-medium text-slate-700 dark:text-slate-300">{card.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      {clientWork ? <WorkspaceMirror owners={clientWork} viewerId={viewerId} /> : null}
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        {weeks ? (
          <ColumnChart
            title="Leads per week, last 12 weeks"
            unit="leads"
            category={`Week starting (Monday, ${agencyZone})`}
            data={weeks.map((w) => ({
              label: weekLabel(w.weekStart, locale),
              value: w.count,
            }))}
          />
        ) : null}
        {openings ? (
          <BarChart
            title="Applications per opening"
            unit="applications"
            category="Opening"
            data={openings.map((o) => ({
              label: o.status === "closed" ? `${o.title} (closed)` : o.title,
              value: o.count,
            }))}
          />
        ) : null}
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard")} backLabel="Back to Overview" />;
}
