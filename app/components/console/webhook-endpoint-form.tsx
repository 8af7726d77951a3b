import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { webhookEndpointSchema } from "~/lib/schemas/webhooks";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, type WebhookEventType } from "~/lib/webhook-events";

const constraint = getZodConstraint(webhookEndpointSchema);

interface Props {
  intent: "add" | "save";
  editing?: { id: string; url: string; description: string; events: WebhookEventType[] };
  lastResult?: FormResult;
  action?: string;
}

/** An endpoint's URL, description and events: adding one, or editing it on its page. */
export function WebhookEndpointForm({ intent, editing, lastResult, action }: Props) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const mine = lastResult?.intent === intent ? lastResult : undefined;
  const [form, fields] = useForm({
    id: editing ? `webhook-${editing.id}` : "webhook-new",
    lastResult: mine?.result,
    defaultValue: editing ? { url: editing.url, description: editing.description, events: editing.events } : undefined,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: webhookEndpointSchema }),
  });
  const chosen = new Set(fields.events.initialValue as string[] | string | undefined);
  return (
    <Form method="post" action={action} {...getFormProps(form)} aria-labelledby={`${form.id}-heading`} className="space-y-4">
      <h3 id={`${form.id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {editing ? "Edit endpoint" : "Add endpoint"}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      <FormField
        id={fields.url.id}
        label="URL"
        errors={fields.url.errors}
        errorId={fields.url.errorId}
        hint="https:// only; plain http only to a host listed in WEBHOOK_ALLOWED_HOSTS."
      >
        <input {...getInputProps(fields.url, { type: "url" })} className="field-input" placeholder="https://hooks.example.com/agency" />
      </FormField>
      <FormField
        id={fields.description.id}
        label="Description"
        optional
        errors={fields.description.errors}
        errorId={fields.description.errorId}
      >
        <input {...getInputProps(fields.description, { type: "text" })} className="field-input" />
      </FormField>
      <fieldset aria-describedby={fields.events.errorId}>
        <legend className="field-label">Events</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input type="checkbox" name={fields.events.name} value={type} defaultChecked={chosen.has(type)} />
              {WEBHOOK_EVENTS[type]} <code className="text-xs text-slate-600 dark:text-slate-400">{type}</code>
            </label>
          ))}
        </div>
        <div id={fields.events.errorId} className="field-error" aria-live="polite">
          {fields.events.errors?.join(" ")}
        </div>
      </fieldset>
      <ActionMessage outcome={mine?.status === "invalid" ? undefined : mine} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : editing ? "Save changes" : "Add endpoint"}
      </button>
    </Form>
  );
}
