import { Form, Link } from "react-router";
import type { Route } from "./+types/support";
import { Pager } from "~/components/console/pager";
import { SectionError } from "~/components/console/section-error";
import { StatusBadge } from "~/components/portal/status-badge";
import { site } from "~/content/site";
import { CONSOLE_BASE } from "~/lib/console-nav";
import { formatDateTime, isoDate } from "~/lib/dates";
import { PAGE_SIZE, pageFrom } from "~/lib/pagination";
import { COMPLAINT_STATUSES, isComplaintStatus } from "~/lib/schemas/staff-support";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/session.server";
import { listInbox } from "~/server/support-inbox.server";

export const meta = () => [{ title: `Support inbox | Employee Dashboard | ${site.name}` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const raw = url.searchParams.get("status");
  const status = isComplaintStatus(raw) ? raw : "";
  const { page, limit, offset } = pageFrom(url);
  const { entries, total } = await listInbox({ status: status || undefined, limit, offset });
  return { entries, total, page, status, pageSize: PAGE_SIZE };
}

const cell = "px-3 py-2 align-top";

export default function SupportInbox({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, status, pageSize } = loaderData;
  useLiveRevalidation("/events/console", ["complaints"]);
  return (
    <section aria-labelledby="support-heading">
      <h2 id="support-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Support inbox
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Every client request, unresolved first, then newest.</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="status-filter" className="field-label">
            Status
          </label>
          <select id="status-filter" name="status" defaultValue={status} className="field-input">
            <option value="">All</option>
            {COMPLAINT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Filter
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === 1 ? "1 request" : `${total} requests`}
        {status ? ` marked ${status}` : ""}
      </p>
      {entries.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No support requests{status ? ` marked ${status}` : ""}.
        </p>
      ) : (
        <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Support requests, unresolved first, then newest</caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                {["Request", "Client", "Status", "Replies", "Raised"].map((h) => (
                  <th key={h} scope="col" className={`${cell} font-semibold`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
              {entries.map((e) => (
                <tr key={e.id}>
                  <th scope="row" className={`${cell} font-normal`}>
                    <Link to={`${CONSOLE_BASE}/support/${e.id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                      {e.subject}
                    </Link>
                    {e.status !== "Resolved" && (e.lastSender === null || e.lastSender === "user") ? (
                      <span className="block text-xs font-medium text-amber-800 dark:text-amber-300">Awaiting our reply</span>
                    ) : null}
                  </th>
                  <td className={cell}>
                    {e.ownerName ? <span className="block">{e.ownerName}</span> : null}
                    <span className="text-slate-600 dark:text-slate-400">{e.ownerEmail}</span>
                  </td>
                  <td className={cell}>
                    <StatusBadge status={e.status} />
                  </td>
                  <td className={`${cell} tabular-nums`}>{e.replyCount}</td>
                  <td className={cell}>
                    <time dateTime={isoDate(e.createdAt)}>{formatDateTime(e.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} total={total} pageSize={pageSize} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={CONSOLE_BASE} backLabel="Back to Overview" />;
}
