import { href, Link } from "react-router";
import type { Route } from "./+types/applications";
import { FilterSelect, ListFilters, SearchField } from "~/components/console/list-filters";
import { ListTable } from "~/components/console/list-table";
import { Pager } from "~/components/console/pager";
import { PipelineBadge } from "~/components/console/pipeline-badge";
import { ResultCount } from "~/components/console/result-count";
import { Marked, MatchSnippet, SearchSortField } from "~/components/console/search-results";
import { SectionError } from "~/components/console/section-error";
import { pageFrom } from "~/lib/pagination";
import {
  APPLICATION_STAGES,
  APPLICATION_STAGE_LABELS,
  applicationFilterFrom,
  applicationFilterQuery,
  applicationStageLabel,
} from "~/lib/schemas/applications-staff";
import { noResultsFor, searchSortFrom } from "~/lib/search";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { listApplicants, listOpeningChoices } from "~/server/models/pipeline/applications-staff.server";
import { requireStaff } from "~/server/auth/session.server";
import { ConsoleListPage } from "~/components/console/list-page";
import { Time } from "~/components/time";

const STAGE_OPTIONS = APPLICATION_STAGES.map((s) => ({ value: s, label: APPLICATION_STAGE_LABELS[s] }));

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "applications");
  const url = new URL(request.url);
  const filter = applicationFilterFrom(url.searchParams);
  const { page, limit, offset } = pageFrom(url);
  const sort = searchSortFrom(url.searchParams.get("sort"));
  const [{ applicants, total }, openings] = await Promise.all([listApplicants(filter, { limit, offset, sort }), listOpeningChoices()]);
  return {
    filter,
    page,
    total,
    sort,
    openings,
    applicants: applicants.map(({ id, name, email, openingTitle, submittedAt, stage, hasResume, match }) => ({
      match,
      id,
      name,
      email,
      openingTitle,
      submittedAt,
      stage,
      hasResume,
    })),
  };
}

export default function ConsoleApplications({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["applications", "openings"]);
  const { filter, applicants, openings, page, total, sort } = loaderData;
  const filtered = Boolean(filter.q || filter.opening || filter.stage);
  return (
    <ConsoleListPage
      headingId="applications-heading"
      title="Applications"
      action={
        <a href={`${href("/employee-dashboard/applications/export")}${applicationFilterQuery(filter)}`} className="btn-secondary" download>
          Export CSV<span className="sr-only"> of the applications shown</span>
        </a>
      }
    >
      <ListFilters
        role="search"
        label="Search applications"
        gap="gap-3"
        submitLabel="Apply"
        clearTo={filtered ? href("/employee-dashboard/applications") : undefined}
      >
        <SearchField
          id="applications-q"
          label="Search name, e-mail, opening or message"
          defaultValue={filter.q ?? ""}
          maxLength={200}
          className="min-w-56 flex-1"
        />
        <FilterSelect
          id="applications-opening"
          name="opening"
          label="Opening"
          defaultValue={filter.opening ?? ""}
          allLabel="All openings"
          options={openings.map((o) => ({ value: o.id, label: o.status === "closed" ? `${o.title} (closed)` : o.title }))}
          className="field-input max-w-md"
        />
        <FilterSelect
          id="applications-stage"
          name="stage"
          label="Stage"
          defaultValue={filter.stage ?? ""}
          allLabel="All stages"
          options={STAGE_OPTIONS}
        />
        {filter.q ? <SearchSortField id="applications-sort" defaultValue={sort} listLabel="Newest first" /> : null}
      </ListFilters>
      <ResultCount total={total} singular="application" plural="applications" detail={filtered ? " match" : ""} announce="status" />
      <ListTable
        caption="Applications, newest first"
        columns={["Received", "Candidate", "Opening", "Resume", "Stage"]}
        items={applicants}
        empty={
          filter.q
            ? noResultsFor(filter.q)
            : filtered
              ? "No applications match this filter."
              : "No applications yet. They appear here as candidates apply."
        }
        row={(a) => (
          <tr key={a.id} className="border-t border-slate-200 align-top dark:border-slate-800">
            <td className="py-3 pr-4 whitespace-nowrap">
              <Time at={a.submittedAt} withTime />
            </td>
            <th scope="row" className="py-3 pr-4 font-semibold">
              <Link
                to={href("/employee-dashboard/applications/:id", { id: a.id })}
                className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              >
                <Marked text={a.match?.title ?? a.name} />
              </Link>
              <span className="block font-normal break-all text-slate-600 dark:text-slate-400">{a.email}</span>
              {a.match ? <MatchSnippet snippet={a.match.snippet} /> : null}
            </th>
            <td className="py-3 pr-4">{a.openingTitle || "Removed opening"}</td>
            <td className="py-3 pr-4">{a.hasResume ? "Yes" : "No"}</td>
            <td className="py-3">
              <PipelineBadge value={a.stage} label={applicationStageLabel(a.stage)} />
            </td>
          </tr>
        )}
      />
      <Pager page={page} total={total} />
    </ConsoleListPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/applications")} backLabel="Back to Applications" />;
}
