import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField, InputField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { proposalDraftSchema } from "~/lib/schemas/proposals";
import type { ProposalFormValue } from "./proposal-form-value";
import { ProposalRows } from "./proposal-rows";

/**
 * The working copy's editor. Sections, phases and items are Conform lists: "Add" and "Remove" are
 * list intents, plain submit buttons the action answers with the rows, so they work without
 * JavaScript. No amount is computed here: the totals beside the form are the server's.
 */
export function ProposalForm({
  formId,
  defaultValue,
  lastResult,
  outcome,
}: {
  formId: string;
  defaultValue: ProposalFormValue;
  lastResult?: SubmissionResult<string[]>;
  outcome?: FormResult;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: proposalDraftSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="save" />
      <input {...getInputProps(fields.version, { type: "hidden" })} />
      {/* Enter in a field submits with the form's first submit button: make that "Save", not a row's "Remove". */}
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
        Save proposal
      </button>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField field={fields.clientName} type="text" label="Client name" />
        <InputField field={fields.clientEmail} type="email" label="Client e-mail" hint="Receives the proposal and signs it." optional />
      </div>
      <div className="flex items-start gap-2">
        <input {...getInputProps(fields.countersign, { type: "checkbox" })} className="mt-1" />
        <label htmlFor={fields.countersign.id} className="text-sm text-slate-800 dark:text-slate-200">
          We countersign after the client accepts
        </label>
      </div>
      <InputField field={fields.title} type="text" label="Title" />
      <div className="grid gap-5 sm:grid-cols-3">
        <InputField field={fields.currency} type="text" label="Currency" hint="ISO 4217, e.g. EUR" maxLength={3} autoComplete="off" />
        <InputField field={fields.validUntil} type="date" label="Valid until" />
        <InputField field={fields.deposit} type="text" label="Deposit (%)" inputMode="decimal" hint="Invoiced when the client accepts." />
      </div>
      <ProposalRows form={form} />
      <FormField id={fields.terms.id} label="Terms" optional errors={fields.terms.errors} errorId={fields.terms.errorId} hint="Markdown.">
        <textarea {...getTextareaProps(fields.terms)} rows={5} className="field-input" />
      </FormField>
      <div id={form.errorId} className="field-error" aria-live="polite">
        {form.errors?.join(" ")}
      </div>
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : "Save proposal"}
      </button>
    </Form>
  );
}
