import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import { FormField } from "~/components/forms/form-field";
import { profileSchema, type ProfileInput } from "~/lib/schemas/profiles";
import { FormError } from "~/components/forms/form-error";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(profileSchema);

interface ProfileFormProps {
  email: string;
  defaultValue?: ProfileInput;
  lastResult?: SubmissionResult<string[]>;
  formError?: string;
  submitLabel: string;
}

/** The completion form and the edit form: one schema, checked here and again by the action. */
export function ProfileForm({ email, defaultValue, lastResult, formError, submitLabel }: ProfileFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-profile";
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue,
    constraint,
    // Browsers check required fields until hydration; Conform takes over afterwards.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });

  // Each `fields.x` read builds a new metadata proxy: read once per render.
  const { fullName, phone, company, country } = fields;

  return (
    <Form method="post" action={`${href("/user-dashboard")}?index`} {...getFormProps(form)} className="max-w-xl space-y-4">
      <input type="hidden" name="intent" value="save-profile" />
      <div>
        <label htmlFor="profile-email" className="field-label">
          Email
        </label>
        {/* No name: the e-mail is the account's and is never taken from the form. */}
        <input
          id="profile-email"
          type="email"
          value={email}
          readOnly
          aria-describedby="profile-email-hint"
          className="field-input bg-slate-100 dark:bg-slate-800"
        />
        <p id="profile-email-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          From your account; it cannot be changed here.
        </p>
      </div>
      <FormField id={fullName.id} label="Full Name" errors={fullName.errors} errorId={fullName.errorId}>
        <input {...getInputProps(fullName, { type: "text" })} autoComplete="name" className="field-input" />
      </FormField>
      <FormField id={phone.id} label="Phone" errors={phone.errors} errorId={phone.errorId}>
        <input {...getInputProps(phone, { type: "tel" })} autoComplete="tel" className="field-input" />
      </FormField>
      <FormField id={company.id} label="Company" optional errors={company.errors} errorId={company.errorId}>
        <input {...getInputProps(company, { type: "text" })} autoComplete="organization" className="field-input" />
      </FormField>
      <FormField id={country.id} label="Country" optional errors={country.errors} errorId={country.errorId}>
        <input {...getInputProps(country, { type: "text" })} autoComplete="country-name" className="field-input" />
      </FormField>
      <FormError message={formError} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : submitLabel}
      </button>
    </Form>
  );
}
