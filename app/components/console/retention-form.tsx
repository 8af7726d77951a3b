import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { CLOSED_COMPANY_DAYS, RETENTION_MAX_DAYS, RETENTION_MIN_DAYS, type RetentionSettings } from "~/lib/retention";
import { retentionSettingsSchema } from "~/lib/schemas/retention";

const constraint = getZodConstraint(retentionSettingsSchema);
const bounds = `Whole days, ${RETENTION_MIN_DAYS} to ${RETENTION_MAX_DAYS}.`;

/** The days each kind is kept; a failed save keeps what was typed. */
export function RetentionForm({
  settings,
  lastResult,
  outcome,
}: {
  settings: RetentionSettings;
  lastResult?: SubmissionResult<string[]>;
  outcome?: FormResult;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-retention";
  const [form, fields] = useForm({
    id: "retention-settings",
    lastResult,
    defaultValue: {
      applicationDays: String(settings.applicationDays),
      leadDays: String(settings.leadDays),
      inboundMailDays: String(settings.inboundMailDays),
    },
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: retentionSettingsSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-xl space-y-5">
      <input type="hidden" name="intent" value="save-retention" />
      <FormField
        id={fields.applicationDays.id}
        label="Rejected or withdrawn applications: days kept"
        errors={fields.applicationDays.errors}
        errorId={fields.applicationDays.errorId}
        hint={`Counted from the day it was rejected or withdrawn. ${bounds}`}
      >
        <input {...getInputProps(fields.applicationDays, { type: "text" })} inputMode="numeric" className="field-input" />
      </FormField>
      <FormField
        id={fields.leadDays.id}
        label="Lost leads: days kept"
        errors={fields.leadDays.errors}
        errorId={fields.leadDays.errorId}
        hint={`Counted from the day it was marked lost. ${bounds}`}
      >
        <input {...getInputProps(fields.leadDays, { type: "text" })} inputMode="numeric" className="field-input" />
      </FormField>
      <FormField
        id={fields.inboundMailDays.id}
        label="Originals of inbound mail: days kept"
        errors={fields.inboundMailDays.errors}
        errorId={fields.inboundMailDays.errorId}
        hint={`Counted from the day it arrived. The original (as sent, with its sender and subject) is removed; the reply, request, comment or lead it became stays. ${bounds}`}
      >
        <input {...getInputProps(fields.inboundMailDays, { type: "text" })} inputMode="numeric" className="field-input" />
      </FormField>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Closed companies: kept {CLOSED_COMPANY_DAYS} days after closing, as the Terms and Privacy Policy promise, then removed with their
        people, projects and files.
      </p>
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : "Save retention"}
      </button>
    </Form>
  );
}
