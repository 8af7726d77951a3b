import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useFetcher, useLocation, useNavigation, type Form } from "react-router";
import { FormError } from "~/components/forms/form-error";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { InputField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import type { PasswordAudience } from "~/lib/password-rules";
import { changePasswordSchema } from "~/lib/schemas/change-password";

export const CHANGE_PASSWORD_ACTION = "/settings/change-password";

interface FieldsProps {
  audience: PasswordAudience;
  lastResult?: SubmissionResult<string[]>;
  message?: string;
  busy: boolean;
  /** The page's own form, or a fetcher's (in a settings row). */
  as: typeof Form;
}

/** Current password, new password and its repetition; the rules show only when a password fails them. */
export function ChangePasswordFields({ audience, lastResult, message, busy, as: FormElement }: FieldsProps) {
  const schema = useMemo(() => changePasswordSchema(audience), [audience]);
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <FormElement method="post" action={CHANGE_PASSWORD_ACTION} {...getFormProps(form)} className="w-full max-w-sm space-y-3">
      <InputField field={fields.currentPassword} type="password" label="Current password" autoComplete="current-password" />
      <NewPasswordFields password={fields.newPassword} confirm={fields.confirm} label="New password" />
      <FormError message={message} />
      <button type="submit" className="btn-secondary" disabled={busy}>
        {busy ? "Please wait..." : "Change password"}
      </button>
    </FormElement>
  );
}

/** The settings row's form (portal Settings, console My account): posts with a fetcher, so a
 *  refusal shows here; success reloads the page with its notice. Without JavaScript the post opens
 *  the form's own page (routes/auth/change-password.tsx). */
export function ChangePassword({ audience }: { audience: PasswordAudience }) {
  const fetcher = useFetcher<FormResult>();
  // A success redirects back here: a new location empties the fields, so no password stays typed in.
  const { key } = useLocation();
  return (
    <ChangePasswordFields
      key={key}
      audience={audience}
      lastResult={fetcher.data?.result}
      message={fetcher.state === "idle" && fetcher.data?.status === "error" ? fetcher.data.message : undefined}
      busy={fetcher.state !== "idle"}
      as={fetcher.Form as typeof Form}
    />
  );
}

/** For the page itself: busy while its own form posts. */
export function useChangePasswordBusy(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formAction === CHANGE_PASSWORD_ACTION;
}
