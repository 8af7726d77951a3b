import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";
import { PRIORITIES, PRIORITY_LABELS } from "~/lib/support-desk";

// Who owns the request and how urgent it is. Plain posts: they work without JavaScript.

interface DeskProps {
  assigneeId: string | null;
  priority: string;
  staff: { id: string; name: string }[];
  meId: string;
  lastResult?: FormResult;
}

/** This form's outcome; a refused value reads as an error. */
export function outcomeOf(lastResult: FormResult | undefined, intent: string): FormResult | undefined {
  if (lastResult?.intent !== intent) return undefined;
  return lastResult.status === "invalid" ? { ...lastResult, status: "error" } : lastResult;
}

function useSaving(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function AssignForm({ assigneeId, staff, meId, lastResult }: Omit<DeskProps, "priority">) {
  const saving = useSaving("assign");
  const mine = outcomeOf(lastResult, "assign");
  const current = staff.find((s) => s.id === assigneeId);
  return (
    <section aria-labelledby="assign-heading" className="space-y-2">
      <h3 id="assign-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Assignee
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {assigneeId ? (assigneeId === meId ? "You" : (current?.name ?? "A former staff member")) : "Unassigned"}
      </p>
      {assigneeId !== meId ? (
        <Form method="post">
          <input type="hidden" name="intent" value="assign" />
          <button type="submit" name="assignee" value="me" className="btn-secondary px-3 py-1.5" disabled={saving}>
            Assign to me
          </button>
        </Form>
      ) : null}
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="assign" />
        <div>
          <label htmlFor="assignee" className="field-label">
            Assign to
          </label>
          <select key={assigneeId ?? "none"} id="assignee" name="assignee" defaultValue={assigneeId ?? "none"} className="field-input">
            <option value="none">Nobody (unassigned)</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.id === meId ? `${s.name} (me)` : s.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary" disabled={saving}>
          {saving ? "Saving..." : "Save assignee"}
        </button>
      </Form>
      <ActionMessage outcome={mine} />
    </section>
  );
}

export function PriorityForm({ priority, lastResult }: Pick<DeskProps, "priority" | "lastResult">) {
  const saving = useSaving("set-priority");
  const mine = outcomeOf(lastResult, "set-priority");
  return (
    <Form method="post" aria-labelledby="priority-heading" className="space-y-2">
      <h3 id="priority-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Priority
      </h3>
      <input type="hidden" name="intent" value="set-priority" />
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="priority" className="field-label">
            Priority
          </label>
          <select key={priority} id="priority" name="priority" defaultValue={priority} className="field-input">
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary" disabled={saving}>
          {saving ? "Saving..." : "Save priority"}
        </button>
      </div>
      <ActionMessage outcome={mine} />
    </Form>
  );
}
