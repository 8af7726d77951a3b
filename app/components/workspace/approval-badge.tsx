import { approvalStatusLabel } from "~/lib/milestones";

// Issue 17: where a request for approval stands, on both sides (milestones and files alike).
const TONES: Record<string, string> = {
  pending: "bg-violet-100 text-violet-900 ring-violet-600/30 dark:bg-violet-900/60 dark:text-violet-100",
  approved: "bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-900/60 dark:text-emerald-100",
  changes_requested: "bg-red-100 text-red-900 ring-red-600/30 dark:bg-red-950 dark:text-red-100",
  withdrawn: "bg-slate-200 text-slate-800 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200",
};

export function ApprovalBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[status] ?? TONES.withdrawn}`}>
      <span className="sr-only">Approval: </span>
      {approvalStatusLabel(status)}
    </span>
  );
}
