import { Form, useNavigation } from "react-router";

interface IntentButtonProps {
  intent: string;
  label: string;
  pendingLabel: string;
  /** The record acted on, for list pages; a record's own page knows it from the URL. */
  id?: string;
  /** Names the record for screen readers when the visible label is short ("Close" in a table row). */
  accessibleLabel?: string;
  action?: string;
}

/** A one-button form (close, reopen, hide, show) that works without JavaScript. */
export function IntentButton({ intent, label, pendingLabel, id, accessibleLabel, action }: IntentButtonProps) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData.get("id") === id);
  return (
    <Form method="post" action={action} className="inline">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <button type="submit" className="btn-secondary px-3 py-1.5" disabled={pending} aria-label={accessibleLabel}>
        {pending ? pendingLabel : label}
      </button>
    </Form>
  );
}
