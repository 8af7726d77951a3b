import { href } from "react-router";
import type { Route } from "./+types/search";
import { ListFilters, SearchField } from "~/components/console/list-filters";
import { ConsoleListPage } from "~/components/console/list-page";
import { SectionError } from "~/components/console/section-error";
import { EverywhereResults } from "~/components/console/everywhere-results";
import { EVERYWHERE_HINT, EVERYWHERE_MAX_LENGTH, noMatchesFor } from "~/lib/search-everywhere";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { searchEverywhere } from "~/server/models/search/everywhere.server";

// Search everywhere (decision 0078): the command palette loads this loader's data with a fetcher;
// without JavaScript the top bar's search form opens this page, which shows the same results.
// Any staff member may search; the role decides which groups are searched at all.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, EVERYWHERE_MAX_LENGTH);
  return { q, results: await searchEverywhere({ staffRole: user.staffRole, scope: await companyScope(user) }, q) };
}

export function meta() {
  return [{ title: "Search | Employee Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function ConsoleSearch({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  return (
    <ConsoleListPage headingId="search-heading" title="Search" intro={EVERYWHERE_HINT}>
      <ListFilters role="search" label="Search everywhere" gap="gap-3" submitLabel="Search">
        <SearchField
          id="search-q"
          label="Name, e-mail or number"
          defaultValue={q}
          maxLength={EVERYWHERE_MAX_LENGTH}
          className="min-w-56 flex-1"
        />
      </ListFilters>
      <div className="mt-6">
        {!q ? null : results.length === 0 ? (
          <p role="status" className="text-slate-700 dark:text-slate-300">
            {noMatchesFor(q)}
          </p>
        ) : (
          <EverywhereResults results={results} />
        )}
      </div>
    </ConsoleListPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard")} backLabel="Back to the Overview" />;
}
