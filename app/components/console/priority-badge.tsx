import { isPriority, priorityLabel, type Priority } from "~/lib/support-desk";

// Issue 18: the priority as a word; the colour only repeats it (never colour alone).
const COLOURS: Record<Priority, string> = {
  low: "bg-slate-100 text-slate-800 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200",
  normal: "bg-sky-50 text-sky-900 ring-sky-600/30 dark:bg-sky-950 dark:text-sky-100",
  high: "bg-orange-100 text-orange-900 ring-orange-600/30 dark:bg-orange-950 dark:text-orange-100",
  urgent: "bg-red-100 text-red-900 ring-red-600/40 dark:bg-red-950 dark:text-red-100",
};

export function PriorityBadge({ priority }: { priority: string }) {
  const key = isPriority(priority) ? priority : "normal";
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${COLOURS[key]}`}>
      <span className="sr-only">Priority: </span>
      {priorityLabel(priority)}
    </span>
  );
}
