import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { z } from "~/lib/zod";
import { credentialsSchema, registerFormSchema } from "~/lib/schemas/credentials";
import { FormField, InputField } from "~/components/forms/form-field";
import { FormError } from "~/components/forms/form-error";

// Derived from the schemas once, not on every render.
const constraints = { signIn: getZodConstraint(credentialsSchema), register: getZodConstraint(registerFormSchema) };

interface CredentialsFormProps {
  id: string;
  intent: string;
  submitLabel: string;
  emailLabel?: string;
  lastResult?: SubmissionResult<string[]>;
  error?: string | null;
  passwordAutoComplete: "current-password" | "new-password";
  /** Sign-up also asks for a full name and a company name, both optional (decision 0075). */
  askIdentity?: boolean;
}

/** E-mail + password form shared by login, register and employee login; works without JavaScript. */
export function CredentialsForm(props: CredentialsFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === props.intent;
  const schema = props.askIdentity ? registerFormSchema : credentialsSchema;
  // Typed as the register form: sign-in renders only the e-mail and password of it.
  const [form, fields] = useForm<z.input<typeof registerFormSchema>>({
    id: props.id,
    lastResult: props.lastResult,
    constraint: props.askIdentity ? constraints.register : constraints.signIn,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={props.intent} />
      <FormField id={fields.email.id} label={props.emailLabel ?? "Email"} errors={fields.email.errors} errorId={fields.email.errorId}>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className="field-input" />
      </FormField>
      <InputField field={fields.password} type="password" label="Password" autoComplete={props.passwordAutoComplete} />
      {props.askIdentity ? (
        <>
          <InputField field={fields.fullName} type="text" label="Full name" optional autoComplete="name" />
          <InputField field={fields.companyName} type="text" label="Company name" optional autoComplete="organization" />
        </>
      ) : null}
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
