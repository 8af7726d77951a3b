import { projectStatusLabel } from "~/lib/schemas/projects-staff";

// Issue 16: a project's status, in the console and the portal; the word is always shown, colour only helps.
const TONES: Record<string, string> = {
  planned: "bg-sky-100 text-sky-900 ring-sky-600/30 dark:bg-sky-900/60 dark:text-sky-100",
  in_progress: "bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-900/60 dark:text-amber-100",
  on_hold: "bg-slate-200 text-slate-800 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200",
  done: "bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-900/60 dark:text-emerald-100",
};

/** `labelled`: a "Status" heading or term already names it, so screen readers skip the prefix. */
export function ProjectStatusBadge({ status, labelled = false }: { status: string; labelled?: boolean }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[status] ?? TONES.on_hold}`}>
      {labelled ? null : <span className="sr-only">Status: </span>}
      {projectStatusLabel(status)}
    </span>
  );
}

/** "Overdue" next to a due date; the word is the signal, the colour only helps. */
export function OverdueMark() {
  return <span className="ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">Overdue</span>;
}
