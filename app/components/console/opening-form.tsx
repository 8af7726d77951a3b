import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormField, InputField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { OPENING_TYPES, openingFields, openingSchema, type OpeningDay, type OpeningFormValue } from "~/lib/schemas/openings";
import { ActionMessage } from "~/components/forms/action-message";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(openingFields);

interface OpeningFormProps {
  formId: string;
  defaultValue?: Partial<OpeningFormValue>;
  lastResult?: SubmissionResult<string[]>;
  outcome?: FormResult;
  submitLabel: string;
  pendingLabel: string;
  /** The agency's zone and today, from the loader: the earliest valid-through day, and the zone it is in. */
  day: OpeningDay;
}

/**
 * The §3 fields of a job opening. Requirements are one input per row; "Add requirement" and
 * "Remove" are Conform list intents, so they work as plain submit buttons without JavaScript too.
 */
export function OpeningForm({ formId, defaultValue, lastResult, outcome, submitLabel, pendingLabel, day }: OpeningFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: { requirements: [""], ...defaultValue },
    constraint,
    // Browsers check required fields until hydration; Conform takes over afterwards.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: openingSchema(day) }),
  });
  const requirements = fields.requirements.getFieldList();

  return (
    <Form method="post" {...getFormProps(form)} className="max-w-3xl space-y-5">
      <input type="hidden" name="intent" value="save" />
      {/* Enter in a field submits with the form's first submit button: make that "save", not a row's "Remove". */}
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
        {submitLabel}
      </button>
      <InputField field={fields.title} type="text" label="Title" />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField field={fields.location} type="text" label="Location" />
        <FormField
          id={fields.type.id}
          label="Type"
          errors={fields.type.errors}
          errorId={fields.type.errorId}
          hint="For example Full-time, Part-time, Contract or Internship."
        >
          <input {...getInputProps(fields.type, { type: "text" })} list={`${formId}-types`} className="field-input" />
          <datalist id={`${formId}-types`}>
            {OPENING_TYPES.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </FormField>
        <InputField field={fields.salary} type="text" label="Salary" optional placeholder="₹12–20 LPA" />
        <FormField
          id={fields.validThrough.id}
          label="Valid through"
          optional
          errors={fields.validThrough.errors}
          errorId={fields.validThrough.errorId}
          hint={`Last day to apply (${day.timeZone}). Without one, job boards are told 60 days after posting.`}
        >
          <input {...getInputProps(fields.validThrough, { type: "date" })} min={day.today} className="field-input" />
        </FormField>
      </div>
      <FormField id={fields.description.id} label="Description" errors={fields.description.errors} errorId={fields.description.errorId}>
        <textarea {...getTextareaProps(fields.description)} rows={8} className="field-input" />
      </FormField>
      <fieldset aria-describedby={fields.requirements.errorId}>
        <legend className="field-label">Requirements</legend>
        <ol className="space-y-2">
          {requirements.map((item, index) => (
            // Rows added by a no-JavaScript round trip have no Conform key yet; their position is stable then.
            <li key={item.key ?? item.id}>
              <div className="flex items-start gap-2">
                <input {...getInputProps(item, { type: "text" })} aria-label={`Requirement ${index + 1}`} className="field-input" />
                <button
                  {...form.remove.getButtonProps({ name: fields.requirements.name, index })}
                  className="btn-secondary shrink-0 px-3 py-2"
                  aria-label={`Remove requirement ${index + 1}`}
                >
                  Remove
                </button>
              </div>
              <div id={item.errorId} className="field-error" aria-live="polite">
                {item.errors?.join(" ")}
              </div>
            </li>
          ))}
        </ol>
        <div id={fields.requirements.errorId} className="field-error" aria-live="polite">
          {fields.requirements.errors?.join(" ")}
        </div>
        <button {...form.insert.getButtonProps({ name: fields.requirements.name, defaultValue: "" })} className="btn-secondary mt-2">
          Add requirement
        </button>
      </fieldset>
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? pendingLabel : submitLabel}
      </button>
    </Form>
  );
}
