import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/forgot-password";
import { ActionMessage } from "~/components/forms/action-message";
import { InputField } from "~/components/forms/form-field";
import { keepFailureInForm } from "~/lib/form-failure";
import { FORGOT_PASSWORD_FAILED, FORGOT_PASSWORD_SENT, forgotPasswordSchema } from "~/lib/schemas/forgot-password";
import { auth } from "~/server/auth/auth.server";
import { accountMailAllowedFromIp } from "~/server/defence/mail-limits.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { privateMeta } from "~/lib/seo";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(forgotPasswordSchema);

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Forgot password", matches);
}

// "Forgot password?" while signed out. Every valid address gets the same answer, and the
// same work: Better Auth looks the address up either way and its sendResetPassword hook only writes
// an outbox row (auth-mail.server.ts), past the per-address limit not even that. Past the per-IP
// limit nothing is asked of Better Auth, and the answer is still the same (docs/security.md).
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply() }, 400);
  const sent = formResult({ status: "success", message: FORGOT_PASSWORD_SENT, result: submission.reply({ resetForm: true }) });
  if (!(await accountMailAllowedFromIp(context.clientIp, "password-reset"))) return sent;
  try {
    await (
      await auth()
    ).api.requestPasswordReset({ body: { email: submission.value.email, redirectTo: "/reset-password" }, headers: request.headers });
  } catch (error) {
    // Logged, not shown: an error here must not tell the visitor anything about the address.
    logger.error({ err: error }, "password reset request failed");
  }
  return sent;
}

// With JavaScript, a request that never reaches the server keeps the form and says so (decision 0025).
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, FORGOT_PASSWORD_FAILED);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Forgot password</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
          <ActionMessage outcome={actionData} />
          <button type="submit" className="btn-primary w-full">
            Send reset link
          </button>
        </Form>
        <Link to="/login" className="mt-6 block text-center text-sm text-slate-700 underline dark:text-slate-300">
          Back to Login
        </Link>
      </div>
    </div>
  );
}
