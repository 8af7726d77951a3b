import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";

/**
 * A saved draft repeated every month or quarter (a retainer), written by the daily billing run.
 * Three plain fields checked on the server (lib/schemas/invoices.ts `retainerSchema`); the answer,
 * started or refused, shows above the button.
 */
export function RetainerForm({ today, outcome }: { today: string; outcome?: FormResult }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "retainer";
  return (
    <Form method="post" aria-labelledby="retainer-heading" className="space-y-3">
      <h3 id="retainer-heading" className="font-semibold text-slate-900 dark:text-white">
        Repeat as a retainer
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The draft as saved is written again for this client on each day, by the daily billing run.
      </p>
      <input type="hidden" name="intent" value="retainer" />
      <div>
        <label htmlFor="retainer-interval" className="field-label">
          Every
        </label>
        <select id="retainer-interval" name="interval" defaultValue="monthly" className="field-input">
          <option value="monthly">Month</option>
          <option value="quarterly">Quarter</option>
        </select>
      </div>
      <div>
        <label htmlFor="retainer-start" className="field-label">
          First invoice on
        </label>
        <input id="retainer-start" name="startOn" type="date" defaultValue={today} required className="field-input" />
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
        <input type="checkbox" name="autoIssue" className="mt-1" />
        <span>Issue and send each one by itself (otherwise each stays a draft for you to check)</span>
      </label>
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-secondary" disabled={pending}>
        {pending ? "Starting..." : "Start retainer"}
      </button>
    </Form>
  );
}
