import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/change-password";
import { ChangePasswordFields, useChangePasswordBusy } from "~/components/settings/change-password";
import { TOO_MANY_ATTEMPTS } from "~/lib/auth-messages";
import { withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import type { PasswordAudience } from "~/lib/password-rules";
import { changePasswordSchema, PASSWORD_CHANGE_FAILED, WRONG_CURRENT_PASSWORD } from "~/lib/schemas/change-password";
import type { SessionUser } from "~/server/auth/actor.server";
import { changeOwnPassword } from "~/server/auth/password-change.server";
import { commonPasswordProblem } from "~/server/auth/password-rules.server";
import { requireUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { privateMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Change password", matches);
}

const audienceOf = (user: SessionUser): PasswordAudience => (user.role === "employee" ? "staff" : "client");
const settingsOf = (user: SessionUser) =>
  user.role === "employee" ? href("/employee-dashboard/account") : href("/user-dashboard/settings");

// A signed-in client (portal Settings) or staff member (console My account) changes their
// own password. The settings rows post here with a fetcher; this page is the form without JavaScript.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { audience: audienceOf(user), back: settingsOf(user) };
}

const hideFields = ["currentPassword", "newPassword", "confirm"];

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: changePasswordSchema(audienceOf(user)) });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply({ hideFields }) }, 400);
  const common = await commonPasswordProblem(submission.value.newPassword);
  if (common)
    return formResult({ status: "invalid", result: submission.reply({ fieldErrors: { newPassword: [common] }, hideFields }) }, 400);
  const change = await changeOwnPassword(request, user, submission.value, context.clientIp);
  if (change.ok) throw redirect(withFlash(settingsOf(user), "password-updated"), { headers: change.headers });
  if (change.reason === "wrong-password") {
    return formResult(
      { status: "invalid", result: submission.reply({ fieldErrors: { currentPassword: [WRONG_CURRENT_PASSWORD] }, hideFields }) },
      400,
    );
  }
  const [message, status] =
    change.reason === "throttled"
      ? [TOO_MANY_ATTEMPTS, 429]
      : change.reason === "no-password"
        ? ["Your account signs in with Google and has no password to change.", 400]
        : [PASSWORD_CHANGE_FAILED, 500];
  return formResult({ status: "error", message, result: submission.reply({ hideFields }) }, status);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, PASSWORD_CHANGE_FAILED);
}

export default function ChangePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useChangePasswordBusy();
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="mb-6 text-3xl font-bold text-slate-900 dark:text-white">Change password</h1>
        <ChangePasswordFields
          audience={loaderData.audience}
          lastResult={actionData?.result}
          message={actionData?.message}
          busy={busy}
          as={Form}
        />
        <Link to={loaderData.back} className="mt-6 block text-center text-sm underline">
          Back to settings
        </Link>
      </div>
    </div>
  );
}
