import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import type { Route } from "./+types/sign-in-link-request";
import { SignInLinkForm } from "~/components/sign-in-link-form";
import { keepFailureInForm } from "~/lib/form-failure";
import { SIGN_IN_LINK_MESSAGES, signInLinkRequestSchema } from "~/lib/schemas/sign-in-link";
import { privateMeta } from "~/lib/seo";
import { requestSignInLink } from "~/server/auth/magic-link.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("E-mail me a sign-in link", matches);
}

// Decision 0098. Public, like /forgot-password: every well-formed address gets the same answer and
// the form cleared, whether a link was queued (a verified client; staff when an admin allows it),
// or not (unknown, unverified, staff, disabled, past a limit). A malformed one is a field error.
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: signInLinkRequestSchema });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply() }, 400);
  await requestSignInLink(request, submission.value.email, context.clientIp);
  return formResult({ status: "success", message: SIGN_IN_LINK_MESSAGES.sent, result: submission.reply({ resetForm: true }) });
}

// With JavaScript, a request that never reaches the server keeps the form and says so (decision 0025).
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, SIGN_IN_LINK_MESSAGES.notSent);
}

export default function SignInLinkRequest({ actionData }: Route.ComponentProps) {
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">E-mail me a sign-in link</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Enter the e-mail address of your account and we will send you a link that signs you in, once, within 15 minutes. If your account
          uses two-factor sign-in, you will still be asked for your code.
        </p>
        <div className="mt-6">
          <SignInLinkForm id="sign-in-link" outcome={actionData} />
        </div>
        <Link to="/login" className="mt-6 block text-center text-sm text-slate-700 underline dark:text-slate-300">
          Back to Login
        </Link>
      </div>
    </div>
  );
}
