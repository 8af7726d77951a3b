import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormField, InputField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { testimonialSchema, type TestimonialFormValue } from "~/lib/schemas/testimonials";
import { ActionMessage } from "~/components/forms/action-message";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(testimonialSchema);

interface TestimonialFormProps {
  formId: string;
  defaultValue?: TestimonialFormValue;
  lastResult?: SubmissionResult<string[]>;
  outcome?: FormResult;
  submitLabel: string;
  pendingLabel: string;
}

/** Review, name and category of a testimonial (SPEC §3), for adding and editing. */
export function TestimonialForm({ formId, defaultValue, lastResult, outcome, submitLabel, pendingLabel }: TestimonialFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue,
    constraint,
    // Browsers check required fields until hydration; Conform takes over afterwards.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: testimonialSchema }),
  });

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="save" />
      <FormField id={fields.review.id} label="Review" errors={fields.review.errors} errorId={fields.review.errorId}>
        <textarea {...getTextareaProps(fields.review)} rows={5} className="field-input" />
      </FormField>
      <FormField
        id={fields.name.id}
        label="Name"
        errors={fields.name.errors}
        errorId={fields.name.errorId}
        hint="As shown on the home page, e.g. “Rachel Simmons, Founder, Parcelry (UK)”."
      >
        <input {...getInputProps(fields.name, { type: "text" })} className="field-input" />
      </FormField>
      <InputField field={fields.category} type="text" label="Category" placeholder="Mobile App" />
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? pendingLabel : submitLabel}
      </button>
    </Form>
  );
}
