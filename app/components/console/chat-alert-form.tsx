import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";
import { CHAT_ALERTS, type ChatAlert } from "~/lib/webhook-events";

interface Props {
  alert: ChatAlert;
  current: { id: string; url: string; enabled: boolean; disabledReason: string | null } | null;
  logHref?: string;
  outcome?: FormResult;
}

/** One chat alert's incoming-webhook URL (Slack, Microsoft Teams, Mattermost); empty switches it off. */
export function ChatAlertForm({ alert, current, logHref, outcome }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("alert") === alert;
  const id = `chat-${alert}`;
  const fieldError = outcome?.result?.error?.url?.join(" ");
  return (
    <Form method="post" className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <input type="hidden" name="intent" value="chat-alert" />
      <input type="hidden" name="alert" value={alert} />
      <label htmlFor={id} className="field-label">
        {CHAT_ALERTS[alert].label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          name="url"
          type="url"
          defaultValue={current?.url ?? ""}
          placeholder="https://hooks.slack.com/services/…"
          className="field-input min-w-0 flex-1"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-error`}
        />
        <button type="submit" className="btn-secondary" disabled={busy}>
          {busy ? "Saving..." : "Save"}
        </button>
      </div>
      <div id={`${id}-error`} className="field-error" aria-live="polite">
        {fieldError}
      </div>
      {current && !current.enabled ? (
        <p className="mt-1 text-sm font-semibold text-amber-800 dark:text-amber-300">Disabled: {current.disabledReason}</p>
      ) : null}
      {current && logHref ? (
        <a href={logHref} className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          Delivery log
        </a>
      ) : null}
      <div className="mt-2">
        <ActionMessage outcome={outcome?.status === "invalid" ? undefined : outcome} />
      </div>
    </Form>
  );
}
