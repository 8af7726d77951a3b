import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { InputField } from "~/components/forms/form-field";
import { confirmTotpSchema } from "~/lib/schemas/two-factor";
import type { TwoFactorResult } from "~/lib/two-factor";

const constraint = getZodConstraint(confirmTotpSchema);

/** Enrolment's second step: scan the QR code (or type the key), then give the app's first code. */
export function ConfirmEnrolment({
  enrolment,
  actionData,
}: {
  enrolment: NonNullable<TwoFactorResult["enrolment"]>;
  actionData?: TwoFactorResult;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "two-factor-confirm",
    lastResult: actionData?.intent === "confirm" ? actionData.result : undefined,
    constraint,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmTotpSchema }),
  });
  const { qr } = enrolment;
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Open an authenticator app (such as 1Password, Google Authenticator or Aegis).</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <svg
        role="img"
        aria-label="QR code for your authenticator app"
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        width={192}
        height={192}
        shapeRendering="crispEdges"
        className="rounded bg-white"
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
      <div>
        <p className="text-sm font-medium text-slate-900 dark:text-white" id="manual-key-label">
          Key for typing in by hand
        </p>
        <code
          aria-labelledby="manual-key-label"
          data-testid="manual-key"
          className="mt-1 block break-all rounded bg-slate-100 p-2 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
        >
          {enrolment.key}
        </code>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="uri" value={enrolment.uri} />
        <InputField
          field={fields.code}
          type="text"
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          className="field-input font-mono tracking-widest"
        />
        {actionData?.intent === "confirm" && actionData.status === "error" ? <ActionMessage outcome={actionData} /> : null}
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          Turn on two-factor sign-in
        </button>
      </Form>
    </div>
  );
}
