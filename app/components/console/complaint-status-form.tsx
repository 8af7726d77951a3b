import { Form, useNavigation } from "react-router";
import { FormError } from "~/components/forms/form-error";
import { STAFF_STATUSES } from "~/lib/schemas/complaints-staff";
import type { FormResult } from "~/lib/form-result";

const LABELS: Record<(typeof STAFF_STATUSES)[number], string> = {
  Resolved: "Mark as Resolved",
  Pending: "Reopen (mark Pending)",
};

/** SPEC §4 statuses: one button per status the request is not in; Pending after Resolved reopens it. */
export function ComplaintStatusForm({ status, lastResult }: { status: string; lastResult?: FormResult }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "set-status";
  const mine = lastResult?.intent === "set-status" ? lastResult : undefined;
  return (
    <Form method="post" aria-labelledby="status-heading" className="space-y-2">
      <h3 id="status-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Status
      </h3>
      <input type="hidden" name="intent" value="set-status" />
      <div className="flex flex-wrap gap-2">
        {STAFF_STATUSES.filter((s) => s !== status).map((s) => (
          <button
            key={s}
            type="submit"
            name="status"
            value={s}
            className={s === "Resolved" ? "btn-primary" : "btn-secondary"}
            disabled={saving}
          >
            {LABELS[s]}
          </button>
        ))}
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">The client is e-mailed when the status changes.</p>
      <FormError message={mine && (mine.status === "error" || mine.status === "invalid") ? mine.message : undefined} />
      {mine && (mine.status === "success" || mine.status === "unchanged") ? (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          {mine.message}
        </p>
      ) : null}
    </Form>
  );
}
