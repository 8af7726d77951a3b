import { OverdueMark, ProjectStatusBadge } from "~/components/project-status-badge";
import { isOverdue } from "~/lib/schemas/projects-staff";
import { CalendarTime } from "~/components/time";

interface ProjectFactsProps {
  status: string;
  startDate: string | null;
  dueDate: string | null;
  /** The staff member who runs it (projectOwnerNames), or null while nobody does. */
  ownerName: string | null;
  /** The agency's date today (agencyToday) from the loader, so server and browser render the same mark. */
  today: string;
}

/** What staff set on a project, on its My Projects card: status, dates (overdue marked), owner. */
export function ProjectFacts({ status, startDate, dueDate, ownerName, today }: ProjectFactsProps) {
  const overdue = isOverdue({ status, dueDate }, today);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Status</dt>
        <dd className="mt-0.5">
          <ProjectStatusBadge status={status} labelled />
        </dd>
      </div>
      <div>
        <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Start</dt>
        <dd className="mt-0.5 text-slate-900 dark:text-slate-100">{startDate ? <CalendarTime date={startDate} /> : "—"}</dd>
      </div>
      <div>
        <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Due</dt>
        <dd className="mt-0.5 text-slate-900 dark:text-slate-100">
          {dueDate ? <CalendarTime date={dueDate} /> : "—"}
          {overdue ? <OverdueMark /> : null}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Run by</dt>
        <dd className="mt-0.5 text-slate-900 dark:text-slate-100">{ownerName ?? "Not assigned yet"}</dd>
      </div>
    </dl>
  );
}
