import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useFetcher, useLocation, type Form } from "react-router";
import { FormError } from "~/components/forms/form-error";
import { FormField } from "~/components/forms/form-field";
import { CONFIRM_IDENTITY_PATH } from "~/lib/account-paths";
import type { FormResult } from "~/lib/form-result";
import { confirmIdentitySchema, type ConfirmationMethod } from "~/lib/schemas/identity-confirmation";

interface FieldsProps {
  method: Exclude<ConfirmationMethod, "none">;
  lastResult?: SubmissionResult<string[]>;
  message?: string;
  busy: boolean;
  /** The page's own form, or a fetcher's (in the Passkeys row). */
  as: typeof Form;
}

/** The password (or, for an account without one, a two-factor code) that confirms it is you. */
export function ConfirmIdentityFields({ method, lastResult, message, busy, as: FormElement }: FieldsProps) {
  const schema = useMemo(() => confirmIdentitySchema(method), [method]);
  const [form, fields] = useForm({
    id: "confirm-identity",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <FormElement method="post" action={CONFIRM_IDENTITY_PATH} {...getFormProps(form)} className="w-full max-w-sm space-y-3">
      {method === "password" ? (
        <FormField id={fields.password.id} label="Your password" errors={fields.password.errors} errorId={fields.password.errorId}>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className="field-input" />
        </FormField>
      ) : (
        <FormField
          id={fields.code.id}
          label="Code from your authenticator app, or a recovery code"
          errors={fields.code.errors}
          errorId={fields.code.errorId}
        >
          <input
            {...getInputProps(fields.code, { type: "text" })}
            autoComplete="one-time-code"
            spellCheck={false}
            className="field-input"
          />
        </FormField>
      )}
      <FormError message={message} />
      <button type="submit" className="btn-secondary" disabled={busy}>
        {busy ? "Please wait..." : method === "password" ? "Check password" : "Check code"}
      </button>
    </FormElement>
  );
}

/** In the Passkeys row: posts with a fetcher, so a refusal shows here; a success reloads the page. */
export function ConfirmIdentity({ method }: { method: Exclude<ConfirmationMethod, "none"> }) {
  const fetcher = useFetcher<FormResult>();
  // A success redirects back here: a new location empties the field, so no password stays typed in.
  const { key } = useLocation();
  return (
    <ConfirmIdentityFields
      key={key}
      method={method}
      lastResult={fetcher.data?.result}
      message={fetcher.state === "idle" && fetcher.data?.status === "error" ? fetcher.data.message : undefined}
      busy={fetcher.state !== "idle"}
      as={fetcher.Form as typeof Form}
    />
  );
}
