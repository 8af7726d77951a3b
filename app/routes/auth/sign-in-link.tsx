import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/sign-in-link";
import { FormError } from "~/components/forms/form-error";
import { SignInLinkForm } from "~/components/sign-in-link-form";
import { withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { SIGN_IN_LINK_MESSAGES, signInLinkUseSchema } from "~/lib/schemas/sign-in-link";
import { privateMeta } from "~/lib/seo";
import { STEP_UP_PATH } from "~/lib/two-factor";
import { signInLinkState, signInWithLink } from "~/server/auth/magic-link.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Sign in", matches);
}

// Decision 0098: like the reset and verification links, a GET only shows the "Sign in" button (or
// why the link no longer works), so a mail scanner that opens links signs nobody in and spends
// nothing; the button's POST spends the link and opens the session.
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { state } = await signInLinkState(token);
  return { token: state === "valid" ? token : "", state };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: signInLinkUseSchema });
  if (submission.status !== "success")
    return formResult({ status: "error", message: SIGN_IN_LINK_MESSAGES.used, result: submission.reply() }, 400);
  const outcome = await signInWithLink(request, submission.value.token, context.clientIp);
  if (!outcome.ok) return formResult({ status: "error", message: outcome.message }, outcome.status);
  // Decision 0029's step-up: with two-factor on, the link only opens a session that waits for the code.
  if (outcome.secondFactorPending) throw redirect(`${STEP_UP_PATH}?via=link`, { headers: outcome.headers });
  const landing = outcome.role === "employee" ? withFlash("/dashboard", "welcome") : withFlash(href("/user-dashboard"), "login");
  throw redirect(landing, { headers: outcome.headers });
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, SIGN_IN_LINK_MESSAGES.failed);
}

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const refusal =
    actionData?.message ??
    (loaderData.state === "expired" ? SIGN_IN_LINK_MESSAGES.expired : loaderData.state === "used" ? SIGN_IN_LINK_MESSAGES.used : null);
  const usable = loaderData.state === "valid" && !actionData;
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Sign in</h1>
        {usable ? (
          <>
            <p
              id="sign-in-link-why"
              className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
            >
              <strong className="font-semibold">Why one more click?</strong> Some mail services open every link in a message to check it.
              Pressing the button makes sure it is you who signs in, not a program. The link works once.
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={loaderData.token} />
              <button type="submit" className="btn-primary w-full" aria-describedby="sign-in-link-why">
                Sign in
              </button>
            </Form>
          </>
        ) : (
          <>
            <div className="mt-4">
              <FormError message={refusal ?? SIGN_IN_LINK_MESSAGES.used} />
            </div>
            <div className="mt-6">
              <SignInLinkForm id="sign-in-link-again" />
            </div>
          </>
        )}
        <Link to="/login" className="mt-6 block text-center text-sm text-slate-700 underline dark:text-slate-300">
          Back to Login
        </Link>
      </div>
    </div>
  );
}
