import { href, Link } from "react-router";
import type { Route } from "./+types/complaint";
import { ComplaintStatusForm } from "~/components/console/complaint-status-form";
import { SectionError } from "~/components/console/section-error";
import { StaffReplyForm } from "~/components/console/staff-reply-form";
import { StatusBadge } from "~/components/portal/status-badge";
import { STAFF_REPLY_FAILURE, STATUS_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { site } from "~/content/site";
import { formatDateTime, isoDate } from "~/lib/dates";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { handleComplaintAction, loadComplaint } from "./complaint.server";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.complaint.subject ?? "Support request"} | Support inbox | ${site.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "support");
  return loadComplaint(params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "support");
  return handleComplaintAction(user, params.id, request);
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place (issue 14).
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { reply: STAFF_REPLY_FAILURE, "set-status": STATUS_FAILURE });
}

export default function ComplaintThread({ loaderData, actionData }: Route.ComponentProps) {
  const { complaint } = loaderData;
  // The client's replies, and a colleague's, arrive without a reload.
  useLiveRevalidation("/events/console", ["complaints"]);
  const raisedBy = complaint.createdByUser;
  return (
    <article aria-labelledby="complaint-heading" className="space-y-6">
      <div>
        <Link to={href("/employee-dashboard/support")} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          ← Support inbox
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h2 id="complaint-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            {complaint.subject}
          </h2>
          <StatusBadge status={complaint.status} />
        </div>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Raised by {raisedBy ? `${raisedBy.name || raisedBy.email} (${raisedBy.email})` : "a former member"}
          {complaint.company ? (
            <>
              {" "}of{" "}
              <Link to={href("/employee-dashboard/clients/:id", { id: complaint.company.id })} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                {complaint.company.name}
              </Link>
            </>
          ) : null}{" "}
          on <time dateTime={isoDate(complaint.createdAt)}>{formatDateTime(complaint.createdAt)}</time>
        </p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{complaint.message}</p>
      </div>
      {complaint.replies.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No replies yet.</p>
      ) : (
        <ol aria-label="Replies" className="space-y-3">
          {complaint.replies.map((reply) => {
            const fromClient = reply.sender === "user";
            return (
              <li
                key={reply.id}
                className={`rounded-xl border p-4 ${fromClient ? "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" : "border-brand-200 bg-brand-50 dark:border-brand-900 dark:bg-slate-800"}`}
              >
                <p className="text-sm">
                  <span className="font-semibold text-slate-900 dark:text-white">{fromClient ? `${reply.senderName || complaint.company?.name || "Client"} (client)` : `${reply.senderName || "Staff"} (staff)`}</span>{" "}
                  <time dateTime={isoDate(reply.timestamp)} className="text-xs text-slate-600 dark:text-slate-400">
                    {formatDateTime(reply.timestamp)}
                  </time>
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-800 dark:text-slate-200">{reply.text}</p>
              </li>
            );
          })}
        </ol>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <StaffReplyForm lastResult={actionData} />
        <ComplaintStatusForm status={complaint.status} lastResult={actionData} />
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/support")} backLabel="Back to Support inbox" />;
}
