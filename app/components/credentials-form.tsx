import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { credentialsSchema } from "~/lib/schemas/credentials";
import { FormField, InputField } from "~/components/forms/form-field";
import { FormError } from "~/components/forms/form-error";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(credentialsSchema);

interface CredentialsFormProps {
  id: string;
  intent: string;
  submitLabel: string;
  emailLabel?: string;
  lastResult?: SubmissionResult<string[]>;
  error?: string | null;
  passwordAutoComplete: "current-password" | "new-password";
}

/** E-mail + password form shared by login, register and employee login; works without JavaScript. */
export function CredentialsForm(props: CredentialsFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === props.intent;
  const [form, fields] = useForm({
    id: props.id,
    lastResult: props.lastResult,
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: credentialsSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={props.intent} />
      <FormField id={fields.email.id} label={props.emailLabel ?? "Email"} errors={fields.email.errors} errorId={fields.email.errorId}>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className="field-input" />
      </FormField>
      <InputField field={fields.password} type="password" label="Password" autoComplete={props.passwordAutoComplete} />
      <FormError message={props.error} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Please wait..." : props.submitLabel}
      </button>
    </Form>
  );
}

export function GoogleButton({ label = "Continue with Google" }: { label?: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="google" />
      <button type="submit" className="btn-secondary w-full">
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18">
          <circle cx="9" cy="9" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M9 9h6" stroke="currentColor" strokeWidth="2" />
        </svg>
        {label}
      </button>
    </Form>
  );
}
