import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { recoveryChallengeSchema, totpChallengeSchema } from "~/lib/schemas/two-factor";

const schemas = { totp: totpChallengeSchema, recovery: recoveryChallengeSchema };
const constraints = { totp: getZodConstraint(totpChallengeSchema), recovery: getZodConstraint(recoveryChallengeSchema) };

/** The code field of /two-factor: the app's 6-digit code, or a recovery code. */
export function ChallengeForm({ method, actionData }: { method: "totp" | "recovery"; actionData?: FormResult }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `two-factor-${method}`,
    lastResult: actionData?.result,
    constraint: constraints[method],
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemas[method] }),
  });
  const totp = method === "totp";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={method} />
      <FormField
        id={fields.code.id}
        label={totp ? "Authentication code" : "Recovery code"}
        errors={fields.code.errors}
        errorId={fields.code.errorId}
      >
        <input
          {...getInputProps(fields.code, { type: "text" })}
          autoComplete="one-time-code"
          inputMode={totp ? "numeric" : "text"}
          autoFocus
          spellCheck={false}
          className="field-input font-mono tracking-widest"
        />
      </FormField>
      <ActionMessage outcome={actionData} />
      <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
        Verify
      </button>
    </Form>
  );
}
