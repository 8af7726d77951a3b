import { useFetcher } from "react-router";
import type { FormResult } from "~/lib/form-result";
import { OutcomeMessage, rowOutcome } from "./milestone-outcome";

interface RowActionProps {
  projectId: string;
  intent: string;
  /** The row posted (`id`): a milestone or an approval. */
  id: string;
  label: string;
  /** Names the row for screen readers, e.g. `Move "Design" up`. */
  accessibleLabel: string;
  pageResult?: FormResult;
  disabled?: boolean;
  tone?: "plain" | "danger";
}

/** One button that posts one intent for one row: move up/down, remove, withdraw. Works without JS. */
export function MilestoneRowAction({
  projectId,
  intent,
  id,
  label,
  accessibleLabel,
  pageResult,
  disabled,
  tone = "plain",
}: RowActionProps) {
  const fetcher = useFetcher<FormResult>({ key: `milestone-${intent}-${projectId}-${id}` });
  const outcome = rowOutcome(fetcher, pageResult, [intent], id);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="inline-flex flex-col">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="target" value={id} />
      <button
        type="submit"
        aria-label={accessibleLabel}
        disabled={disabled || busy}
        className={`rounded-lg border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50 ${
          tone === "danger"
            ? "border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950"
            : "border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
        }`}
      >
        {label}
      </button>
      {outcome?.status === "error" ? <OutcomeMessage outcome={outcome} /> : null}
    </fetcher.Form>
  );
}
