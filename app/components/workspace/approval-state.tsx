import type { ApprovalView } from "~/lib/milestones";
import { ApprovalBadge } from "./approval-badge";
import { Time } from "~/components/time";

/** Where a request for approval stands, with who asked, who decided, when, and the comment. */
export function ApprovalState({ approval }: { approval: ApprovalView }) {
  const decided = approval.decidedAt !== null;
  return (
    <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
      <ApprovalBadge status={approval.status} />
      <p>
        Asked by {approval.requestedByName} on <Time at={approval.requestedAt} withTime />
        {approval.note ? <span className="block whitespace-pre-line text-slate-600 dark:text-slate-400">Note: {approval.note}</span> : null}
      </p>
      {decided ? (
        <p>
          {approval.status === "withdrawn" ? "Withdrawn" : "Decided"} by {approval.decidedByName} on{" "}
          <Time at={approval.decidedAt!} withTime />
          {approval.comment ? <span className="block whitespace-pre-line">Comment: {approval.comment}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
