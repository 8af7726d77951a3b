import type { FormResult } from "~/lib/form-result";
import { FormError } from "./form-error";

/** A form-level outcome above the button: an alert for errors, a polite status for the rest. */
export function ActionMessage({ outcome }: { outcome?: Pick<FormResult, "status" | "message"> }) {
  if (!outcome?.message) return null;
  if (outcome.status === "error") {
    return <FormError message={outcome.message} />;
  }
  return (
    <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
      {outcome.message}
    </p>
  );
}
