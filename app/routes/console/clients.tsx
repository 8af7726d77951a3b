import { href, Link } from "react-router";
import type { Route } from "./+types/clients";
import { ListFilters, SearchField } from "~/components/console/list-filters";
import { boxedCell, ListTable } from "~/components/console/list-table";
import { Pager } from "~/components/console/pager";
import { ResultCount } from "~/components/console/result-count";
import { Marked, MatchSnippet, SearchSortField } from "~/components/console/search-results";
import { SectionError } from "~/components/console/section-error";
import { PAGE_SIZE, pageFrom } from "~/lib/pagination";
import { listSearchFrom, noResultsFor, SEARCH_MAX_LENGTH } from "~/lib/search";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { listCompanies } from "~/server/models/companies/companies-staff.server";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { ConsoleListPage } from "~/components/console/list-page";
import { Time } from "~/components/time";
import { privateMeta } from "~/lib/seo";

// Clients are companies. The route keeps its path and the navigation its label.

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Clients | Employee Dashboard", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "clients");
  const url = new URL(request.url);
  const { q: search, sort } = listSearchFrom(url.searchParams);
  const { page, limit, offset } = pageFrom(url);
  const { companies, total, capped = false } = await listCompanies({ scope: await companyScope(user), search, sort, limit, offset });
  return { companies, total, capped, page, search, sort, pageSize: PAGE_SIZE };
}

export default function ClientsSection({ loaderData }: Route.ComponentProps) {
  const { companies, total, capped, page, search, sort, pageSize } = loaderData;
  // Projects and support requests change the counts.
  useLiveRevalidation("/events/console", ["projects", "complaints"]);
  return (
    <ConsoleListPage
      headingId="clients-heading"
      title="Clients"
      action={
        <Link to={href("/employee-dashboard/clients/new")} className="btn-primary">
          New company
        </Link>
      }
      actionGap="gap-3"
    >
      <ListFilters role="search" gap="gap-2" submitLabel="Search" clearTo={search ? "." : undefined}>
        <SearchField
          id="client-search"
          label="Search by company, website, country, or a member's name or e-mail"
          defaultValue={search}
          maxLength={SEARCH_MAX_LENGTH}
          className="min-w-64 flex-1"
        />
        {search ? <SearchSortField id="client-sort" defaultValue={sort} listLabel="Open, then newest" /> : null}
      </ListFilters>
      <ResultCount
        total={total}
        capped={capped}
        singular="company"
        plural="companies"
        detail={search ? ` matching “${search}”` : ""}
        announce="polite"
      />
      <ListTable
        boxed
        caption="Client companies, open ones first, newest first"
        columns={["Company", "Country", "Members", "Projects", "Open requests", "Since"]}
        items={companies}
        empty={search ? noResultsFor(search) : "No client companies yet. Create one with “New company”."}
        row={(c) => (
          <tr key={c.id}>
            <th scope="row" className={`${boxedCell} font-normal`}>
              <Link
                to={href("/employee-dashboard/clients/:id", { id: c.id })}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              >
                <Marked text={c.match?.title ?? c.name} />
              </Link>
              {c.match ? <MatchSnippet snippet={c.match.snippet} /> : null}
              {c.website ? <span className="block break-all text-slate-600 dark:text-slate-400">{c.website}</span> : null}
              {c.closedAt !== null ? <span className="block text-xs font-semibold text-red-700 dark:text-red-300">Closed</span> : null}
            </th>
            <td className={boxedCell}>{c.country || "—"}</td>
            <td className={`${boxedCell} tabular-nums`}>{c.memberCount}</td>
            <td className={`${boxedCell} tabular-nums`}>{c.projectCount}</td>
            <td className={`${boxedCell} tabular-nums`}>{c.openRequestCount}</td>
            <td className={boxedCell}>
              <Time at={c.createdAt} />
            </td>
          </tr>
        )}
      />
      <Pager page={page} total={total} pageSize={pageSize} />
    </ConsoleListPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard")} backLabel="Back to Overview" />;
}
