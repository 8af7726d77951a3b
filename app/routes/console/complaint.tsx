import { href, Link } from "react-router";
import type { Route } from "./+types/complaint";
import { AttachmentList } from "~/components/attachments/attachment-list";
import { RefusedByMail } from "~/components/support/refused-by-mail";
import { ComplaintStatusForm } from "~/components/console/complaint-status-form";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { SectionError } from "~/components/console/section-error";
import { StatusBadge } from "~/components/portal/status-badge";
import { CHANGE_FAILURE, STAFF_REPLY_FAILURE, STATUS_FAILURE } from "~/lib/console-failures";
import { AssignForm, PriorityForm } from "~/components/console/complaint-desk-forms";
import { InternalNotes } from "~/components/console/internal-notes";
import { PriorityBadge } from "~/components/console/priority-badge";
import { SupportComposer } from "~/components/console/support-composer";
import { WaitingSince } from "~/components/console/waiting-since";
import { keepFailureInForm } from "~/lib/form-failure";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { handleComplaintAction, loadComplaint } from "./complaint.server";
import { sideOfSender } from "~/lib/side";
import { Time } from "~/components/time";
import { ChannelMark } from "~/components/support/channel-mark";
import { OriginalMailLink } from "~/components/support/original-mail-link";
import { privateMeta } from "~/lib/seo";

export function meta({ data, matches }: Route.MetaArgs) {
  return privateMeta(`${data?.complaint.subject ?? "Support request"} | Support inbox`, matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "support");
  return { meId: user.id, ...(await loadComplaint(user, params.id, request)) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "support");
  return handleComplaintAction(user, params.id, request);
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, {
    reply: STAFF_REPLY_FAILURE,
    "set-status": STATUS_FAILURE,
    assign: CHANGE_FAILURE,
    "set-priority": CHANGE_FAILURE,
    "add-note": CHANGE_FAILURE,
  });
}

export default function ComplaintThread({ loaderData, actionData }: Route.ComponentProps) {
  const { complaint, notes, supportStaff, savedReplies, prefill, meId, now } = loaderData;
  // The client's replies, and a colleague's, arrive without a reload.
  useLiveRevalidation("/events/console", ["complaints"]);
  const raisedBy = complaint.createdByUser;
  return (
    <ConsoleEditPage
      as="article"
      headingId="complaint-heading"
      className="space-y-6"
      titleGap="none"
      backTo={href("/employee-dashboard/support")}
      backLabel="← Support inbox"
      title={complaint.subject}
      badges={
        <>
          <StatusBadge status={complaint.status} />
          <PriorityBadge priority={complaint.priority} />
          {complaint.waitingSince !== null && complaint.status === "Pending" ? (
            <WaitingSince since={complaint.waitingSince} now={now} />
          ) : null}
        </>
      }
      summary={
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Raised by {raisedBy ? `${raisedBy.name} (${raisedBy.email})` : "a former member"}
          {complaint.company ? (
            <>
              {" "}
              of{" "}
              <Link
                to={href("/employee-dashboard/clients/:id", { id: complaint.company.id })}
                className="font-medium text-brand-700 hover:underline dark:text-brand-300"
              >
                {complaint.company.name}
              </Link>
            </>
          ) : null}{" "}
          on <Time at={complaint.createdAt} withTime />
          <ChannelMark channel={complaint.channel} />
          <OriginalMailLink complaintId={complaint.id} messageId={complaint.id} channel={complaint.channel} />
        </p>
      }
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{complaint.message}</p>
        <AttachmentList attachments={complaint.attachments.filter((a) => a.replyId === null)} label="Files sent with the request" />
        <RefusedByMail files={complaint.refusedByMail} />
      </div>
      {complaint.replies.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No replies yet.</p>
      ) : (
        <ol aria-label="Replies" className="space-y-3">
          {complaint.replies.map((reply) => {
            const fromClient = sideOfSender(reply.sender) === "client";
            return (
              <li
                key={reply.id}
                className={`rounded-xl border p-4 ${fromClient ? "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" : "border-brand-200 bg-brand-50 dark:border-brand-900 dark:bg-slate-800"}`}
              >
                <p className="text-sm">
                  <span className="font-semibold text-slate-900 dark:text-white">
                    {fromClient
                      ? `${reply.senderName || complaint.company?.name || "Client"} (client)`
                      : `${reply.senderName || "Staff"} (staff)`}
                  </span>{" "}
                  <Time at={reply.timestamp} withTime className="text-xs text-slate-600 dark:text-slate-400" />
                  <ChannelMark channel={reply.channel} />
                  <OriginalMailLink complaintId={complaint.id} messageId={reply.id} channel={reply.channel} />
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-800 dark:text-slate-200">{reply.text}</p>
                <AttachmentList
                  attachments={complaint.attachments.filter((a) => a.replyId === reply.id)}
                  label="Files sent with this reply"
                />
              </li>
            );
          })}
        </ol>
      )}
      <InternalNotes notes={notes} />
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <SupportComposer
          lastResult={actionData}
          savedReplies={savedReplies}
          prefill={prefill}
          action={href("/employee-dashboard/support/:id", { id: complaint.id })}
        />
        <div className="space-y-6">
          <AssignForm assigneeId={complaint.assigneeId} staff={supportStaff} meId={meId} lastResult={actionData} />
          <PriorityForm priority={complaint.priority} lastResult={actionData} />
          <ComplaintStatusForm status={complaint.status} lastResult={actionData} />
        </div>
      </div>
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/support")} backLabel="Back to Support inbox" />;
}
