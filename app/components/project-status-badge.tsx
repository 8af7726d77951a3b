import { Badge, type BadgeTone } from "~/components/badge";
import { projectStatusLabel } from "~/lib/schemas/projects-staff";

// A project's status, in the console and the portal.
const TONES: Record<string, BadgeTone> = { planned: "sky", in_progress: "amber", on_hold: "slate", done: "emerald" };

/** `labelled`: a "Status" heading or term already names it, so screen readers skip the prefix. */
export function ProjectStatusBadge({ status, labelled = false }: { status: string; labelled?: boolean }) {
  return (
    <Badge tone={TONES[status] ?? "slate"} name={labelled ? undefined : "Status"}>
      {projectStatusLabel(status)}
    </Badge>
  );
}

/** "Overdue" next to a due date; the word is the signal, the colour only helps. */
export function OverdueMark() {
  return (
    <span className="ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
      Overdue
    </span>
  );
}
