import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/reset-password";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { FormError } from "~/components/forms/form-error";
import { QUOTE_FAILURE_MESSAGE } from "~/lib/constants";
import { withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { resetPasswordSchema } from "~/lib/schemas/new-password";
import { auth } from "~/server/auth/auth.server";
import { commonPasswordProblem } from "~/server/auth/password-rules.server";
import { removeAllPasskeys } from "~/server/auth/passkeys.server";
import { resetLinkAccount, resetLinkAudience } from "~/server/auth/reset-audience.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { privateMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Choose a new password", matches);
}

// A GET only shows the form: the token is used up by the POST alone, so a mail scanner that opens
// the link cannot spend it.
// The password rules are the account's: staff or client, read from the link unused.
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, audience: await resetLinkAudience(token) };
}

const hideFields = ["password", "confirm"];

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = form.get("token");
  const audience = await resetLinkAudience(typeof token === "string" ? token : "");
  const submission = parseWithZod(form, { schema: resetPasswordSchema(audience) });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply({ hideFields }) }, 400);
  const common = await commonPasswordProblem(submission.value.password);
  if (common) return formResult({ status: "invalid", result: submission.reply({ fieldErrors: { password: [common] }, hideFields }) }, 400);
  // Read before the link is used up: whose passkeys the option removes.
  const account = submission.value.removePasskeys ? await resetLinkAccount(submission.value.token) : null;
  try {
    // Better Auth revokes every session of the account here (revokeSessionsOnPasswordReset).
    await (await auth()).api.resetPassword({ body: { newPassword: submission.value.password, token: submission.value.token } });
  } catch {
    // Used, expired (one hour, auth.server.ts) or made up: signed-in users ask again from Settings,
    // signed-out ones from /forgot-password (the link under the form).
    const message =
      "This reset link is invalid or has expired. Ask for a new one from Settings, or with the link below if you are signed out.";
    return formResult({ status: "error", message, result: submission.reply({ hideFields }) }, 400);
  }
  if (account) {
    await removeAllPasskeys(account.id);
    throw redirect(withFlash("/login", "passkeys-removed"));
  }
  throw redirect(withFlash("/login", "password-changed"));
}

// The spec has no text for this page; a failed request reuses the quote form's generic one.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, QUOTE_FAILURE_MESSAGE);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  // No constraint attributes: the rules are shown only when a password fails them (SPEC §5).
  const schema = useMemo(() => resetPasswordSchema(loaderData.audience), [loaderData.audience]);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Choose a new password</h1>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields password={fields.password} confirm={fields.confirm} label="New password" />
          <div className="flex items-start gap-2">
            <input
              {...getInputProps(fields.removePasskeys, { type: "checkbox" })}
              className="mt-1 h-4 w-4"
              aria-describedby={`${fields.removePasskeys.id}-hint`}
            />
            <div>
              <label htmlFor={fields.removePasskeys.id} className="text-sm font-medium text-slate-900 dark:text-white">
                Also remove all passkeys
              </label>
              <p id={`${fields.removePasskeys.id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
                A passkey signs in without your password. Tick this if one of them may not be yours; you can add your own again.
              </p>
            </div>
          </div>
          <FormError message={actionData?.message ?? fields.token.errors?.join(" ")} />
          <button type="submit" className="btn-primary w-full">
            Save new password
          </button>
        </Form>
        <Link to="/forgot-password" className="mt-6 block text-center text-sm underline">
          Ask for a new link
        </Link>
        <Link to="/login" className="mt-3 block text-center text-sm underline">
          Back to Login
        </Link>
      </div>
    </div>
  );
}
