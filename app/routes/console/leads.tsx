import { href, Link } from "react-router";
import type { Route } from "./+types/leads";
import { FilterSelect, ListFilters, SearchField } from "~/components/console/list-filters";
import { ListTable } from "~/components/console/list-table";
import { Pager } from "~/components/console/pager";
import { PipelineBadge } from "~/components/console/pipeline-badge";
import { ResultCount } from "~/components/console/result-count";
import { Marked, MatchSnippet, SearchSortField } from "~/components/console/search-results";
import { SectionError } from "~/components/console/section-error";
import { pageFrom } from "~/lib/pagination";
import { LEAD_STATUSES, LEAD_STATUS_LABELS, leadFilterFrom, leadFilterQuery, leadStatusLabel } from "~/lib/schemas/quotes-staff";
import { noResultsFor, searchSortFrom } from "~/lib/search";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { listLeads } from "~/server/models/pipeline/quotes-staff.server";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { ConsoleListPage } from "~/components/console/list-page";
import { Time } from "~/components/time";

const EXCERPT = 120;
const STATUS_OPTIONS = LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }));

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "leads");
  const url = new URL(request.url);
  const filter = leadFilterFrom(url.searchParams);
  const { page, limit, offset } = pageFrom(url);
  const sort = searchSortFrom(url.searchParams.get("sort"));
  const { leads, total, capped = false } = await listLeads(filter, { limit, offset, sort, scope: await companyScope(user) });
  return {
    filter,
    page,
    total,
    capped,
    sort,
    leads: leads.map(({ id, name, email, phone, requirement, status, submittedAt, match }) => ({
      match,
      id,
      name,
      email,
      phone,
      status,
      submittedAt,
      requirement: requirement.length > EXCERPT ? `${requirement.slice(0, EXCERPT - 1)}…` : requirement,
    })),
  };
}

export default function ConsoleLeads({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["leads"]);
  const { filter, leads, page, total, capped, sort } = loaderData;
  const filtered = Boolean(filter.q || filter.status);
  return (
    <ConsoleListPage
      headingId="leads-heading"
      title="Leads"
      action={
        <a href={`${href("/employee-dashboard/leads/export")}${leadFilterQuery(filter)}`} className="btn-secondary" download>
          Export CSV<span className="sr-only"> of the leads shown</span>
        </a>
      }
    >
      <ListFilters
        role="search"
        label="Search leads"
        gap="gap-3"
        submitLabel="Apply"
        clearTo={filtered ? href("/employee-dashboard/leads") : undefined}
      >
        <SearchField
          id="leads-q"
          label="Search name, e-mail, phone or requirement"
          defaultValue={filter.q ?? ""}
          maxLength={200}
          className="min-w-56 flex-1"
        />
        <FilterSelect
          id="leads-status"
          name="status"
          label="Status"
          defaultValue={filter.status ?? ""}
          allLabel="All statuses"
          options={STATUS_OPTIONS}
        />
        {filter.q ? <SearchSortField id="leads-sort" defaultValue={sort} listLabel="Newest first" /> : null}
      </ListFilters>
      <ResultCount total={total} capped={capped} singular="lead" plural="leads" detail={filtered ? " match" : ""} announce="status" />
      <ListTable
        caption="Leads, newest first"
        columns={["Received", "Name", "Contact", "Requirement", "Status"]}
        items={leads}
        empty={
          filter.q
            ? noResultsFor(filter.q)
            : filtered
              ? "No leads match this search."
              : "No leads yet. Quote requests appear here as they arrive."
        }
        row={(lead) => (
          <tr key={lead.id} className="border-t border-slate-200 align-top dark:border-slate-800">
            <td className="py-3 pr-4 whitespace-nowrap">
              <Time at={lead.submittedAt} withTime />
            </td>
            <th scope="row" className="py-3 pr-4 font-semibold">
              <Link
                to={href("/employee-dashboard/leads/:id", { id: lead.id })}
                className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              >
                <Marked text={lead.match?.title ?? lead.name} />
              </Link>
            </th>
            <td className="py-3 pr-4">
              <span className="block break-all">{lead.email}</span>
              <span className="block text-slate-600 dark:text-slate-400">{lead.phone}</span>
            </td>
            <td className="py-3 pr-4 text-slate-700 dark:text-slate-300">
              {lead.match ? <MatchSnippet snippet={lead.match.snippet} /> : lead.requirement}
            </td>
            <td className="py-3">
              <PipelineBadge value={lead.status} label={leadStatusLabel(lead.status)} />
            </td>
          </tr>
        )}
      />
      <Pager page={page} total={total} />
    </ConsoleListPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/leads")} backLabel="Back to Leads" />;
}
