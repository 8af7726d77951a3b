import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/verify-email";
import { FormError } from "~/components/forms/form-error";
import { withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { VERIFY_FAILED, VERIFY_LINK_EXPIRED, VERIFY_LINK_INVALID, VERIFY_LINK_USED, verifyEmailSchema } from "~/lib/schemas/verify-email";
import { verifyEmailToken } from "~/server/auth/email-verification.server";
import { getSessionUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { privateMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Verify your e-mail address", matches);
}

// Like the reset link (decision 0028): a GET only shows the button, so a mail scanner opening the
// link verifies nothing; the POST verifies. Anyone holding the link may verify, signed in or not.
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

const MESSAGES = { used: VERIFY_LINK_USED, expired: VERIFY_LINK_EXPIRED, invalid: VERIFY_LINK_INVALID } as const;

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: verifyEmailSchema });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply() }, 400);
  const outcome = await verifyEmailToken(submission.value.token);
  if (outcome !== "verified")
    return formResult({ status: "error", message: MESSAGES[outcome], result: submission.reply() }, outcome === "used" ? 409 : 400);
  const user = await getSessionUser(request);
  throw redirect(withFlash(user?.role === "client" ? href("/user-dashboard") : href("/login"), "email-verified"));
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, VERIFY_FAILED);
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({ lastResult: actionData?.result });
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Verify your e-mail address</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Confirm that this address is yours to finish setting up your account.
        </p>
        <p id="verify-why" className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <strong className="font-semibold">Why one more click?</strong> Some mail services open every link in a message to check it for
          threats. Asking you to press the button makes sure it is you who confirms the address, not a program.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <FormError message={actionData?.message ?? fields.token?.errors?.join(" ")} />
          <button type="submit" className="btn-primary w-full" aria-describedby="verify-why">
            Verify my e-mail address
          </button>
        </Form>
        <Link to="/user-dashboard" className="mt-6 block text-center text-sm underline">
          Go to your dashboard
        </Link>
      </div>
    </div>
  );
}
