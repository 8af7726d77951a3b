import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { InputField } from "~/components/forms/form-field";
import { twoFactorPasswordSchema } from "~/lib/schemas/two-factor";
import type { TwoFactorResult } from "~/lib/two-factor";

const constraint = getZodConstraint(twoFactorPasswordSchema);

interface Props {
  intent: "start" | "regenerate" | "disable";
  submitLabel: string;
  /** An account without a password (Google-only staff) is not asked for one. */
  askPassword: boolean;
  /** This form's last answer (other forms' answers are left out by the page). */
  actionData?: TwoFactorResult;
  danger?: boolean;
}

/** A two-factor step that asks for the account's password first (turn on, new codes, turn off). */
export function PasswordForm({ intent, submitLabel, askPassword, actionData, danger }: Props) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `two-factor-${intent}`,
    lastResult: actionData?.status === "success" ? undefined : actionData?.result,
    constraint,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorPasswordSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {askPassword ? <InputField field={fields.password} type="password" label="Password" autoComplete="current-password" /> : null}
      {actionData?.status === "error" ? <ActionMessage outcome={actionData} /> : null}
      <button type="submit" className={danger ? "btn-secondary text-red-700 dark:text-red-300" : "btn-primary"} disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
