import { Form, useNavigation } from "react-router";
import { portalSupportAction } from "~/lib/links";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";
import { REOPEN_WINDOW_DAYS } from "~/lib/support-desk";
import { Time } from "~/components/time";

// Any member closes their company's request, and reopens it within 30 days of closing.
// Plain posts to the Support panel: they work without JavaScript.

interface Props {
  complaint: { id: string; subject: string; status: string; closedAt: number | null; reopenable: boolean };
  pageResult?: FormResult;
}

export function ComplaintClosing({ complaint, pageResult }: Props) {
  const navigation = useNavigation();
  const closed = complaint.status === "Closed";
  const intent = closed ? "reopen" : "close";
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formData.get("complaintId") === complaint.id;
  const mine =
    pageResult && (pageResult.intent === "close" || pageResult.intent === "reopen") && pageResult.targetId === complaint.id
      ? pageResult
      : undefined;
  return (
    <div className="mt-4 space-y-2">
      {closed ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          You closed this request
          {complaint.closedAt !== null ? (
            <>
              {" "}
              on <Time at={complaint.closedAt} withTime />
            </>
          ) : null}
          .{" "}
          {complaint.reopenable
            ? `You can reopen it within ${REOPEN_WINDOW_DAYS} days of closing.`
            : `It was closed more than ${REOPEN_WINDOW_DAYS} days ago and can no longer be reopened; raise a new request instead.`}
        </p>
      ) : null}
      {!closed || complaint.reopenable ? (
        <Form method="post" action={portalSupportAction(complaint.id)} preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="complaintId" value={complaint.id} />
          <button type="submit" className="btn-secondary px-3 py-1.5" disabled={busy}>
            {busy ? (closed ? "Reopening..." : "Closing...") : closed ? "Reopen request" : "Close request"}
            <span className="sr-only"> {complaint.subject}</span>
          </button>
        </Form>
      ) : null}
      <ActionMessage outcome={mine} />
    </div>
  );
}
