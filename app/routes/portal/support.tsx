import { useRevalidator } from "react-router";
import type { Route } from "./+types/support";
import { LoadingBar } from "~/components/loading-bar";
import { ComplaintCard } from "~/components/portal/complaint-card";
import { NewRequest } from "~/components/portal/new-request-dialog";
import { PanelError, PanelHeader } from "~/components/portal/panel";
import {
  COMPLAINT_SUBMIT_FAILURE,
  COMPLAINTS_EMPTY,
  REPLY_FAILURE,
  SUPPORT_LOADING,
  portalMeta,
  reloadOnQueryChangeOf,
} from "~/lib/portal";
import { keepFailureInForm } from "~/lib/form-failure";
import { CLIENT_SENDER, CLOSED_STATUS, turnOf } from "~/server/models/support/complaints.server";
import { complaintPosition, listComplaintsPage } from "~/server/models/support/complaint-pages.server";
import { Pager } from "~/components/console/pager";
import { SUPPORT_REQUEST_PARAM, SUPPORT_THREAD_PARAM } from "~/lib/links";
import { REPLY_TARGET_PARAM } from "~/lib/attachments";
import { PAGE_SIZE, pageFrom } from "~/lib/pagination";
import { REOPEN_WINDOW_MS, THREAD_TAIL } from "~/lib/support-desk";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { markRepliesRead } from "~/server/models/shared/seen-markers.server";
import { requireClient } from "~/server/auth/session.server";
import { attachmentsByComplaint } from "~/server/models/support/attachments.server";
import { handleSupportAction } from "./support.server";

export function meta({ matches }: Route.MetaArgs) {
  return portalMeta("Support", matches);
}
// The dialog's query changes nothing here; another page, or a request named in a link, does.
const SUPPORT_PAGE_EMPTY = "There are no requests on this page: your newest are on the first page.";

export const shouldRevalidate = reloadOnQueryChangeOf(["page", SUPPORT_REQUEST_PARAM, SUPPORT_THREAD_PARAM]);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  const seenAt = Date.now();
  const url = new URL(request.url);
  const { page, limit, offset } = await pageOf(url, user.companyId);
  const { complaints, total } = await listComplaintsPage({ companyId: user.companyId, limit, offset });
  // Every reply listed here is read by this member ("Waiting on you" stops counting it).
  await markRepliesRead(
    user.id,
    complaints.map((c) => ({
      id: c.id,
      lastStaffReplyAt: c.replies.findLast((r) => r.sender !== CLIENT_SENDER)?.timestamp ?? null,
    })),
    seenAt,
  );
  const attachments = await attachmentsByComplaint(complaints.map((c) => c.id));
  // Each card shows its latest replies (the whole thread of the one ?thread= names): the rest stay
  // on the server, with their files. The turn and the read marker above took every reply.
  const whole = url.searchParams.get(SUPPORT_THREAD_PARAM);
  return {
    page,
    total,
    pageSize: PAGE_SIZE,
    // Fields by name: the desk's staff-only fields (assignee, priority, notes) never reach a client.
    complaints: complaints.map(({ id, subject, message, status, createdAt, closedAt, replies }) => {
      const shown = id === whole ? replies : replies.slice(-THREAD_TAIL);
      return {
        id,
        subject,
        message,
        status,
        // Whose turn, beside the status: from the replies only, so no internal note can tip it.
        turn: turnOf(status, replies.at(-1)?.sender),
        createdAt,
        closedAt: closedAt === null ? null : Number(closedAt),
        // A closed request may be reopened within 30 days of closing.
        reopenable: status === CLOSED_STATUS && (closedAt === null || seenAt - Number(closedAt) <= REOPEN_WINDOW_MS),
        replyCount: replies.length,
        // A teammate's reply shows their name; the reader's own replies stay "You".
        replies: shown.map((r) => (r.sender === CLIENT_SENDER && r.senderName === user.name.trim() ? { ...r, senderName: "" } : r)),
        attachments: attachmentsShown(attachments[id] ?? [], shown),
      };
    }),
  };
}

/** The request's own files and those of the replies its card shows. */
function attachmentsShown<A extends { replyId: string | null }>(all: A[], replies: { id: string }[]): A[] {
  const shown = new Set(replies.map((r) => r.id));
  return all.filter((a) => a.replyId === null || shown.has(a.replyId));
}

/**
 * The page asked for, else the page holding the request a link or a form names (a notification's
 * link, a reply or close posted from a later page, with or without JavaScript), else the first.
 */
async function pageOf(url: URL, companyId: string) {
  const named = url.searchParams.get(SUPPORT_REQUEST_PARAM) ?? url.searchParams.get(REPLY_TARGET_PARAM);
  if (url.searchParams.has("page") || !named) return pageFrom(url);
  const position = await complaintPosition({ id: named, companyId });
  if (position === undefined) return pageFrom(url);
  const params = new URLSearchParams({ page: String(Math.floor(position / PAGE_SIZE) + 1) });
  return pageFrom(params);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireClient(request);
  return handleSupportAction(user, request);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(
    request,
    serverAction,
    { "create-complaint": COMPLAINT_SUBMIT_FAILURE, reply: REPLY_FAILURE, close: CHANGE_FAILURE, reopen: CHANGE_FAILURE },
    { targetField: "complaintId" },
  );
}

export default function SupportPanel({ loaderData, actionData }: Route.ComponentProps) {
  const { complaints, page, total, pageSize } = loaderData;
  const reloading = useRevalidator().state === "loading";
  return (
    <section>
      <PanelHeader title="Support" intro="Raise a request and follow our replies here." action={<NewRequest pageResult={actionData} />} />
      {reloading ? <LoadingBar label={SUPPORT_LOADING} /> : null}
      {total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {COMPLAINTS_EMPTY}
        </p>
      ) : complaints.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {SUPPORT_PAGE_EMPTY}
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Your support requests">
          {complaints.map((complaint) => (
            <li key={complaint.id}>
              <ComplaintCard complaint={complaint} pageResult={actionData} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} total={total} pageSize={pageSize} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
