import type { FetcherWithComponents } from "react-router";
import type { FormResult } from "~/lib/form-result";

/**
 * The answer meant for one form of a list: its fetcher's (with JavaScript) or the page's own action
 * result when it names this form's intent and row (the no-JavaScript round trip).
 */
export function rowOutcome(
  fetcher: FetcherWithComponents<FormResult>,
  pageResult: FormResult | undefined,
  intents: readonly string[],
  target: string,
): FormResult | undefined {
  if (fetcher.state !== "idle") return undefined;
  // A fetcher shared by several forms answers only the one that posted.
  if (fetcher.data) return fetcher.data.targetId === undefined || fetcher.data.targetId === target ? fetcher.data : undefined;
  return pageResult && intents.includes(pageResult.intent ?? "") && pageResult.targetId === target ? pageResult : undefined;
}

/** The outcome's message in place: an alert for a failure, a polite status otherwise. */
export function OutcomeMessage({ outcome }: { outcome?: FormResult }) {
  const failed = outcome?.status === "error";
  return (
    <p
      role={failed ? "alert" : "status"}
      className={`text-sm ${failed ? "text-red-800 dark:text-red-300" : "text-emerald-800 dark:text-emerald-300"}`}
    >
      {outcome?.status === "invalid" ? null : outcome?.message}
    </p>
  );
}
