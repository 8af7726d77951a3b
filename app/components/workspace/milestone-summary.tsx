import type { ReactNode } from "react";
import { useDates } from "~/lib/use-place";
import { MilestoneStatusBadge } from "./milestone-status-badge";

interface MilestoneSummaryProps {
  milestone: { title: string; description: string; dueDate: string | null; status: string };
  /** The title's heading level in the page around it. */
  heading: "h3" | "h4";
  /** The console's drag handle, before the title. */
  before?: ReactNode;
  /** The console's Actions menu, at the end of the line. */
  after?: ReactNode;
}

/** What a milestone is, as both sides show it: title, status, due date and description. */
export function MilestoneSummary({ milestone: m, heading: Heading, before, after }: MilestoneSummaryProps) {
  const { formatCalendarDate } = useDates();
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {before}
        <Heading className="font-semibold text-slate-900 dark:text-white">{m.title}</Heading>
        <MilestoneStatusBadge status={m.status} />
        {m.dueDate ? (
          <span className="text-sm text-slate-600 dark:text-slate-400">
            Due <time dateTime={m.dueDate}>{formatCalendarDate(m.dueDate)}</time>
          </span>
        ) : null}
        {after ? <span className="ml-auto">{after}</span> : null}
      </div>
      {m.description ? <p className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{m.description}</p> : null}
    </>
  );
}
