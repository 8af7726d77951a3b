import { Form, useNavigation } from "react-router";

interface ConfirmActionProps {
  intent: string;
  /** The record acted on, for per-row forms. */
  id?: string;
  /** The disclosure's button ("Close company", "Remove"). */
  label: string;
  /** Names the record for screen readers when the visible label is short. */
  accessibleLabel?: string;
  /** What will happen, shown before the confirming button. */
  warning: string;
  confirmLabel: string;
  pendingLabel: string;
}

/**
 * A change that needs a second look (closing a company, removing a member): the first click opens
 * a disclosure that says what will happen, the second confirms. A native <details>, so it works
 * with the keyboard and without JavaScript.
 */
export function ConfirmAction({ intent, id, label, accessibleLabel, warning, confirmLabel, pendingLabel }: ConfirmActionProps) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData.get("id") === id);
  return (
    <details className="group inline-block text-left">
      <summary className="btn-secondary cursor-pointer list-none px-3 py-1.5" aria-label={accessibleLabel}>
        {label}
      </summary>
      <div className="mt-2 max-w-sm rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
        <p>{warning}</p>
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value={intent} />
          {id ? <input type="hidden" name="id" value={id} /> : null}
          <button type="submit" className="btn bg-red-700 px-3 py-1.5 text-white hover:bg-red-800" disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </button>
        </Form>
      </div>
    </details>
  );
}
