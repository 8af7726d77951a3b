import { href, Link, useLocation } from "react-router";
import type { Route } from "./+types/support";
import { FilterSelect, ListFilters, SearchField } from "~/components/console/list-filters";
import { boxedCell, ListTable } from "~/components/console/list-table";
import { Pager } from "~/components/console/pager";
import { PriorityBadge } from "~/components/console/priority-badge";
import { ResultCount } from "~/components/console/result-count";
import { Marked, MatchSnippet } from "~/components/console/search-results";
import { SectionError } from "~/components/console/section-error";
import { SupportViews } from "~/components/console/support-views";
import { WaitingSince } from "~/components/console/waiting-since";
import { ActionMessage } from "~/components/forms/action-message";
import { IntentButton } from "~/components/forms/intent-button";
import { StatusBadge } from "~/components/portal/status-badge";
import { TurnBadge } from "~/components/support/turn-badge";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { PAGE_SIZE, pageFrom } from "~/lib/pagination";
import { COMPLAINT_STATUSES } from "~/lib/schemas/complaints-staff";
import { supportFilterFrom } from "~/lib/schemas/support-desk";
import { listSearchFrom, noResultsFor, SEARCH_MAX_LENGTH } from "~/lib/search";
import { PRIORITIES, PRIORITY_LABELS, SUPPORT_SORTS, SUPPORT_SORT_LABELS } from "~/lib/support-desk";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { listComplaintsForStaff } from "~/server/models/support/complaints-staff.server";
import { assignToMe } from "./support.server";
import { ConsoleListPage } from "~/components/console/list-page";
import { Time } from "~/components/time";
import { privateMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Support inbox | Employee Dashboard", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "support");
  const url = new URL(request.url);
  const filter = supportFilterFrom(url.searchParams, COMPLAINT_STATUSES);
  const { page, limit, offset } = pageFrom(url);
  // A search ranks best match first unless another sort is picked (one "sort" field for both).
  const { q } = listSearchFrom(url.searchParams);
  const rank = q !== "" && (url.searchParams.get("sort") ?? "relevance") === "relevance";
  const {
    entries,
    total,
    capped = false,
  } = await listComplaintsForStaff({ scope: await companyScope(user), filter, me: user.id, q, rank, limit, offset });
  return { entries, total, capped, page, filter, q, rank, meId: user.id, now: Date.now(), pageSize: PAGE_SIZE };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "support");
  return assignToMe(user, request);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { "assign-to-me": CHANGE_FAILURE });
}

const STATUS_OPTIONS = COMPLAINT_STATUSES.map((s) => ({ value: s, label: s }));
const PRIORITY_OPTIONS = PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }));

export default function SupportInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, total, capped, page, filter, q, rank, meId, now, pageSize } = loaderData;
  const { pathname, search } = useLocation();
  useLiveRevalidation("/events/console", ["complaints"]);
  const filtered = Boolean(filter.status || filter.priority || filter.waiting);
  const describe = [
    filter.status ? ` marked ${filter.status}` : "",
    filter.priority ? ` of ${PRIORITY_LABELS[filter.priority]} priority` : "",
    filter.waiting ? " waiting for a reply" : "",
  ].join("");
  return (
    <ConsoleListPage
      headingId="support-heading"
      title="Support inbox"
      action={
        <Link to={href("/employee-dashboard/saved-replies")} className="btn-secondary">
          Saved replies
        </Link>
      }
      intro="Every client request, unresolved first, then newest."
    >
      <SupportViews current={filter.view} />
      <ListFilters
        role="search"
        label="Search and filter support requests"
        gap="gap-2"
        submitLabel="Filter"
        clearTo={q || filtered || filter.sort !== "default" ? `${pathname}?view=${filter.view}` : undefined}
      >
        <input type="hidden" name="view" value={filter.view} />
        <SearchField
          id="support-q"
          label="Search subject, messages and notes"
          defaultValue={q}
          maxLength={SEARCH_MAX_LENGTH}
          className="min-w-64 flex-1"
        />
        <FilterSelect
          id="status-filter"
          name="status"
          label="Status"
          defaultValue={filter.status ?? ""}
          allLabel="All"
          options={STATUS_OPTIONS}
        />
        <FilterSelect
          id="priority-filter"
          name="priority"
          label="Priority"
          defaultValue={filter.priority ?? ""}
          allLabel="Any"
          options={PRIORITY_OPTIONS}
        />
        <div>
          <label htmlFor="sort" className="field-label">
            Sort
          </label>
          <select id="sort" name="sort" defaultValue={rank ? "relevance" : filter.sort} className="field-input">
            {q ? <option value="relevance">Best match</option> : null}
            {SUPPORT_SORTS.map((s) => (
              <option key={s} value={s}>
                {SUPPORT_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <label className="inline-flex items-center gap-2 pb-2 text-sm text-slate-900 dark:text-slate-100">
          <input type="checkbox" name="waiting" value="1" defaultChecked={filter.waiting} /> Waiting for us only
        </label>
      </ListFilters>
      <ActionMessage outcome={actionData} />
      <ResultCount
        total={total}
        capped={capped}
        singular="request"
        plural="requests"
        detail={`${describe}${q ? ` matching “${q}”` : ""}`}
        announce="polite"
      />
      <ListTable
        boxed
        caption="Support requests"
        columns={["Request", "Client", "Status", "Priority", "Assignee", "Replies", "Raised"]}
        items={entries}
        empty={
          q ? (
            noResultsFor(q)
          ) : (
            <>
              No support requests{describe}
              {filter.view === "mine" ? " assigned to you" : filter.view === "unassigned" ? " without an assignee" : ""}.
            </>
          )
        }
        row={(e) => (
          <tr key={e.id}>
            <th scope="row" className={`${boxedCell} font-normal`}>
              <Link
                to={href("/employee-dashboard/support/:id", { id: e.id })}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              >
                <Marked text={e.match?.title ?? e.subject} />
              </Link>
              {e.match ? <MatchSnippet snippet={e.match.snippet} /> : null}
              {e.status === "Pending" && e.waitingSince !== null ? (
                <span className="block">
                  <WaitingSince since={e.waitingSince} now={now} />
                </span>
              ) : null}
            </th>
            <td className={boxedCell}>
              {e.companyName ? <span className="block">{e.companyName}</span> : null}
              <span className="text-slate-600 dark:text-slate-400">{e.createdByName || e.createdByEmail || "A former member"}</span>
            </td>
            <td className={boxedCell}>
              <span className="flex flex-wrap gap-1">
                <StatusBadge status={e.status} />
                <TurnBadge turn={e.turn} />
              </span>
            </td>
            <td className={boxedCell}>
              <PriorityBadge priority={e.priority} />
            </td>
            <td className={boxedCell}>
              {e.assigneeId === meId ? "You" : (e.assigneeName ?? <span className="text-slate-600 dark:text-slate-400">Unassigned</span>)}
              {e.assigneeId !== meId ? (
                <span className="block pt-1">
                  <IntentButton
                    intent="assign-to-me"
                    id={e.id}
                    label="Assign to me"
                    pendingLabel="Assigning..."
                    accessibleLabel={`Assign ${e.subject} to me`}
                    action={`${pathname}${search}`}
                  />
                </span>
              ) : null}
            </td>
            <td className={`${boxedCell} tabular-nums`}>{e.replyCount}</td>
            <td className={boxedCell}>
              <Time at={e.createdAt} withTime />
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
