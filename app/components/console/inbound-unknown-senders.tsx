import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormError } from "~/components/forms/form-error";
import type { FormResult } from "~/lib/form-result";
import { UNKNOWN_SENDER_CHOICES } from "~/lib/schemas/inbound-mail";

const HINTS = {
  hold: "It waits on this page until staff try it again or assign it.",
  lead: "It becomes a lead in the pipeline, as the quote form makes one. Never a client's reply; machine mail and mail that failed its authentication are still held or ignored.",
} as const;

/** Decision 0101: the operator's choice for mail from addresses no client has. */
export function InboundUnknownSenders({ value, action, outcome }: { value: "hold" | "lead"; action: string; outcome?: FormResult }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "unknown-senders";
  const mine = outcome?.intent === "unknown-senders" ? outcome : undefined;
  return (
    <Form
      method="post"
      action={action}
      key={value}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <input type="hidden" name="intent" value="unknown-senders" />
      <fieldset className="space-y-2">
        <legend className="text-base font-semibold text-slate-900 dark:text-white">Mail from unknown addresses</legend>
        {(Object.keys(UNKNOWN_SENDER_CHOICES) as (keyof typeof UNKNOWN_SENDER_CHOICES)[]).map((choice) => (
          <label key={choice} className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input type="radio" name="unknownSenders" value={choice} defaultChecked={value === choice} className="mt-1" />
            <span>
              <span className="font-medium">{UNKNOWN_SENDER_CHOICES[choice]}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{HINTS[choice]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {mine?.status === "invalid" ? <FormError message="Choose what becomes of mail from unknown addresses." /> : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-secondary" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
      </div>
      {mine && mine.status !== "invalid" ? (
        <div className="mt-2">
          <ActionMessage outcome={mine} />
        </div>
      ) : null}
    </Form>
  );
}
