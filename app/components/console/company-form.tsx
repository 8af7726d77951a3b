import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField, InputField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { companyDetailsSchema, newCompanySchema } from "~/lib/schemas/companies";

// Derived from the schemas once, not on every render.
const constraints = { create: getZodConstraint(newCompanySchema), save: getZodConstraint(companyDetailsSchema) };

interface CompanyFormProps {
  /** "create" on the New company page, "save" on a company's page. */
  intent: "create" | "save";
  defaultValue?: { name: string; website: string; country: string };
  lastResult?: SubmissionResult<string[]>;
  outcome?: FormResult;
  submitLabel: string;
  pendingLabel: string;
}

/** A company's name, website and country; a plain form without JavaScript. */
export function CompanyForm({ intent, defaultValue, lastResult, outcome, submitLabel, pendingLabel }: CompanyFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const schema = intent === "create" ? newCompanySchema : companyDetailsSchema;
  const [form, fields] = useForm({
    id: `company-${intent}`,
    lastResult,
    defaultValue,
    constraint: constraints[intent],
    // Browsers check required fields until hydration; Conform takes over afterwards.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-xl space-y-5">
      <input type="hidden" name="intent" value={intent} />
      <InputField field={fields.name} type="text" label="Company name" autoComplete="organization" />
      <FormField
        id={fields.website.id}
        label="Website"
        optional
        errors={fields.website.errors}
        errorId={fields.website.errorId}
        hint="For example https://example.com."
      >
        <input {...getInputProps(fields.website, { type: "text" })} inputMode="url" autoComplete="url" className="field-input" />
      </FormField>
      <InputField field={fields.country} type="text" label="Country" optional autoComplete="country-name" />
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? pendingLabel : submitLabel}
      </button>
    </Form>
  );
}
