import { href, Link } from "react-router";
import type { Route } from "./+types/support";
import { FilterSelect, ListFilters } from "~/components/console/list-filters";
import { boxedCell, ListTable } from "~/components/console/list-table";
import { Pager } from "~/components/console/pager";
import { ResultCount } from "~/components/console/result-count";
import { SectionError } from "~/components/console/section-error";
import { StatusBadge } from "~/components/portal/status-badge";
import { site } from "~/content/site";
import { formatDateTime, isoDate } from "~/lib/dates";
import { PAGE_SIZE, pageFrom } from "~/lib/pagination";
import { COMPLAINT_STATUSES, isComplaintStatus } from "~/lib/schemas/complaints-staff";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { listInbox } from "~/server/models/complaints-staff.server";

export const meta = () => [{ title: `Support inbox | Employee Dashboard | ${site.name}` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "support");
  const url = new URL(request.url);
  const raw = url.searchParams.get("status");
  const status = isComplaintStatus(raw) ? raw : "";
  const { page, limit, offset } = pageFrom(url);
  const { entries, total } = await listInbox({ status: status || undefined, limit, offset });
  return { entries, total, page, status, pageSize: PAGE_SIZE };
}

const STATUS_OPTIONS = COMPLAINT_STATUSES.map((s) => ({ value: s, label: s }));

export default function SupportInbox({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, status, pageSize } = loaderData;
  useLiveRevalidation("/events/console", ["complaints"]);
  return (
    <section aria-labelledby="support-heading">
      <h2 id="support-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Support inbox
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Every client request, unresolved first, then newest.</p>
      <ListFilters gap="gap-2" submitLabel="Filter">
        <FilterSelect id="status-filter" name="status" label="Status" defaultValue={status} allLabel="All" options={STATUS_OPTIONS} />
      </ListFilters>
      <ResultCount total={total} singular="request" plural="requests" detail={status ? ` marked ${status}` : ""} announce="polite" />
      <ListTable
        boxed
        caption="Support requests, unresolved first, then newest"
        columns={["Request", "Client", "Status", "Replies", "Raised"]}
        items={entries}
        empty={<>No support requests{status ? ` marked ${status}` : ""}.</>}
        row={(e) => (
          <tr key={e.id}>
            <th scope="row" className={`${boxedCell} font-normal`}>
              <Link to={href("/employee-dashboard/support/:id", { id: e.id })} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                {e.subject}
              </Link>
              {e.status !== "Resolved" && (e.lastSender === null || e.lastSender === "user") ? (
                <span className="block text-xs font-medium text-amber-800 dark:text-amber-300">Awaiting our reply</span>
              ) : null}
            </th>
            <td className={boxedCell}>
              {e.companyName ? <span className="block">{e.companyName}</span> : null}
              <span className="text-slate-600 dark:text-slate-400">{e.createdByName || e.createdByEmail || "A former member"}</span>
            </td>
            <td className={boxedCell}>
              <StatusBadge status={e.status} />
            </td>
            <td className={`${boxedCell} tabular-nums`}>{e.replyCount}</td>
            <td className={boxedCell}>
              <time dateTime={isoDate(e.createdAt)}>{formatDateTime(e.createdAt)}</time>
            </td>
          </tr>
        )}
      />
      <Pager page={page} total={total} pageSize={pageSize} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard")} backLabel="Back to Overview" />;
}
