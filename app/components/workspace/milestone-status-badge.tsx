import { milestoneStatusLabel } from "~/lib/milestones";

// Issue 17: a milestone's status on both sides; the word is always shown, colour only helps.
const TONES: Record<string, string> = {
  planned: "bg-sky-100 text-sky-900 ring-sky-600/30 dark:bg-sky-900/60 dark:text-sky-100",
  in_progress: "bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-900/60 dark:text-amber-100",
  waiting: "bg-violet-100 text-violet-900 ring-violet-600/30 dark:bg-violet-900/60 dark:text-violet-100",
  done: "bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-900/60 dark:text-emerald-100",
};

export function MilestoneStatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[status] ?? TONES.planned}`}>
      <span className="sr-only">Status: </span>
      {milestoneStatusLabel(status)}
    </span>
  );
}
