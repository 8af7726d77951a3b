import { useFetcher } from "react-router";
import type { FormResult } from "~/lib/form-result";
import type { ProgressMode } from "~/lib/milestones";
import { OutcomeMessage, rowOutcome } from "./milestone-outcome";

const CHOICES: Array<{ mode: ProgressMode; label: string; hint: string }> = [
  { mode: "milestones", label: "Progress follows milestones", hint: "The share of milestones marked Done, updated with every change." },
  { mode: "manual", label: "Set by hand", hint: "Staff set the percentage on the Overview tab." },
];

/** The per-project choice of how progress is set. */
export function MilestoneProgressMode({
  projectId,
  mode,
  disabled,
  pageResult,
}: {
  projectId: string;
  mode: ProgressMode;
  disabled?: boolean;
  pageResult?: FormResult;
}) {
  const fetcher = useFetcher<FormResult>({ key: `progress-mode-${projectId}` });
  const outcome = rowOutcome(fetcher, pageResult, ["progress-mode"], projectId);
  return (
    <fetcher.Form method="post" key={mode} className="space-y-3">
      <input type="hidden" name="intent" value="progress-mode" />
      <input type="hidden" name="target" value={projectId} />
      <fieldset disabled={disabled} className="space-y-2">
        <legend className="text-base font-semibold text-slate-900 dark:text-white">How progress is set</legend>
        {CHOICES.map((choice) => (
          <label key={choice.mode} className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input type="radio" name="mode" value={choice.mode} defaultChecked={mode === choice.mode} className="mt-1" />
            <span>
              <span className="font-medium">{choice.label}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{choice.hint}</span>
            </span>
          </label>
        ))}
        <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving..." : "Save progress setting"}
        </button>
      </fieldset>
      <OutcomeMessage outcome={outcome} />
    </fetcher.Form>
  );
}
