import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/confirm";
import { ConfirmIdentityFields } from "~/components/settings/confirm-identity";
import { accountPathFor } from "~/lib/account-paths";
import { withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { confirmIdentitySchema, CONFIRMATION_MESSAGES } from "~/lib/schemas/identity-confirmation";
import { confirmationMethod, confirmIdentity } from "~/server/auth/identity-confirmation.server";
import { requireUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { privateMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Confirm it's you", matches);
}

// Decision 0053: "Confirm it's you" before a security change a stolen session must not make
// (adding a passkey). The Passkeys row posts here with a fetcher; this page is the form without
// JavaScript, and shows its refusal in place. A success goes back to the user's account page.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { method: await confirmationMethod(user.id), back: accountPathFor(user.role) };
}

const hideFields = ["password", "code"];

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  const method = await confirmationMethod(user.id);
  if (method === "none") return formResult({ status: "error", message: CONFIRMATION_MESSAGES.noMethod }, 409);
  const submission = parseWithZod(await readForm(request), { schema: confirmIdentitySchema(method) });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply({ hideFields }) }, 400);
  const outcome = await confirmIdentity(request, user, submission.value, context.clientIp);
  if (outcome.ok) throw redirect(withFlash(accountPathFor(user.role), "identity-confirmed"));
  if (outcome.field) {
    return formResult(
      { status: "invalid", result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields }) },
      outcome.status,
    );
  }
  return formResult({ status: "error", message: outcome.message, result: submission.reply({ hideFields }) }, outcome.status);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, "Could not confirm. Please try again.");
}

export default function ConfirmIdentityPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { method, back } = loaderData;
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Confirm it&apos;s you</h1>
        {method === "none" ? (
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{CONFIRMATION_MESSAGES.noMethod}</p>
        ) : (
          <>
            <p className="mt-2 mb-6 text-sm text-slate-600 dark:text-slate-300">
              {method === "password" ? "Enter your password" : "Enter a code from your authenticator app, or a recovery code"} to add a
              passkey in the next 10 minutes.
            </p>
            <ConfirmIdentityFields
              method={method}
              lastResult={actionData?.result}
              message={actionData?.status === "error" ? actionData.message : undefined}
              busy={busy}
              as={Form}
            />
          </>
        )}
        <Link to={back} className="mt-6 block text-center text-sm underline">
          Back to settings
        </Link>
      </div>
    </div>
  );
}
