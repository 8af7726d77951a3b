import { Link } from "react-router";
import type { FormResult } from "~/lib/form-result";
import { portalSupportThread } from "~/lib/links";
import { AttachmentList } from "~/components/attachments/attachment-list";
import type { AttachmentView } from "~/lib/attachments";
import { ReplyForm } from "~/components/support/reply-form";
import { ChannelMark } from "~/components/support/channel-mark";
import { TurnBadge } from "~/components/support/turn-badge";
import type { SupportTurn } from "~/lib/support-desk";
import { StatusBadge } from "./status-badge";
import { ComplaintClosing } from "./complaint-closing";
import { sideOfSender } from "~/lib/side";
import { Time } from "~/components/time";

export interface ComplaintView {
  id: string;
  subject: string;
  message: string;
  status: string;
  /** Whose turn it is, worked out by the server from the replies; null unless Pending. */
  turn: SupportTurn | null;
  createdAt: number;
  /** When a member closed it, and whether it may still be reopened. */
  closedAt: number | null;
  reopenable: boolean;
  /** The latest replies (the whole thread when it was asked for), of `replyCount` in all. */
  replies: { id: string; sender: string; senderName: string; text: string; timestamp: number; channel?: string }[];
  replyCount: number;
  /** Files on the request (replyId null) and on its replies. */
  attachments: AttachmentView[];
}

/**
 * SPEC §3: 'user' is the client; any other sender is staff, shown by name when we have one. A
 * client reply with a name is a teammate's; the reader's own come without one.
 */
function senderLabel(reply: { sender: string; senderName: string }): string {
  if (sideOfSender(reply.sender) === "client") return reply.senderName || "You";
  return reply.senderName || "Support team";
}

/** The link to a thread's replies the card leaves out. */
function earlierReplies(count: number): string {
  return count === 1 ? "Show 1 earlier reply" : `Show ${count} earlier replies`;
}

export function ComplaintCard({ complaint, pageResult }: { complaint: ComplaintView; pageResult?: FormResult }) {
  const titleId = `complaint-${complaint.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {complaint.subject}
        </h2>
        <span className="flex flex-wrap items-center gap-2">
          <StatusBadge status={complaint.status} />
          <TurnBadge turn={complaint.turn} />
        </span>
      </header>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Raised <Time at={complaint.createdAt} withTime />
      </p>
      <p className="mt-3 whitespace-pre-line text-slate-700 dark:text-slate-300">{complaint.message}</p>
      <AttachmentList
        attachments={complaint.attachments.filter((a) => a.replyId === null)}
        label={`Files sent with ${complaint.subject}`}
      />
      {complaint.replyCount > complaint.replies.length ? (
        <p className="mt-4 text-sm">
          <Link
            to={portalSupportThread(complaint.id)}
            className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300"
            aria-describedby={titleId}
          >
            {earlierReplies(complaint.replyCount - complaint.replies.length)}
          </Link>
        </p>
      ) : null}
      {complaint.replies.length > 0 ? (
        <ol
          aria-label={`Replies to ${complaint.subject}`}
          className="mt-4 space-y-3 border-l-2 border-slate-200 pl-4 dark:border-slate-700"
        >
          {complaint.replies.map((reply) => (
            <li key={reply.id}>
              <p className="text-sm">
                <span className="font-semibold text-slate-900 dark:text-white">{senderLabel(reply)}</span>{" "}
                <Time at={reply.timestamp} withTime className="text-xs text-slate-600 dark:text-slate-400" />
                <ChannelMark channel={reply.channel} />
              </p>
              <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">{reply.text}</p>
              <AttachmentList
                attachments={complaint.attachments.filter((a) => a.replyId === reply.id)}
                label={`Files sent with ${senderLabel(reply)}'s reply`}
              />
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">No replies yet.</p>
      )}
      {/* A closed request takes no replies until it is reopened. */}
      {complaint.status === "Closed" ? null : (
        <ReplyForm audience="client" complaintId={complaint.id} subject={complaint.subject} pageResult={pageResult} />
      )}
      <ComplaintClosing complaint={complaint} pageResult={pageResult} />
    </article>
  );
}
