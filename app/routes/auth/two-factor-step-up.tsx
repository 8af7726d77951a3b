import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, redirect } from "react-router";
import type { Route } from "./+types/two-factor-step-up";
import { PasskeySignInButton } from "~/components/passkey-sign-in-button";
import { ChallengeCard } from "~/components/two-factor/challenge-card";
import { SIGN_IN_FAILED } from "~/lib/auth-messages";
import { withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { recoveryChallengeSchema, totpChallengeSchema, TWO_FACTOR_MESSAGES } from "~/lib/schemas/two-factor";
import { STEP_UP_PATH } from "~/lib/two-factor";
import { getPendingStepUp, getSessionUser, type PendingStepUp } from "~/server/auth/session.server";
import { hasPasskey } from "~/server/auth/passkeys.server";
import { signOut } from "~/server/auth/sign-in.server";
import { answerStepUp } from "~/server/auth/step-up.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { privateMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Two-factor sign-in", matches);
}

// Decision 0029: a Google sign-in of an account with two-factor on opens a session that every guard
// sends here until its code is given. Guard: that pending session; anyone else has nothing to answer.
async function requirePendingStepUp(request: Request): Promise<PendingStepUp> {
  const stepUp = await getPendingStepUp(request);
  if (stepUp) return stepUp;
  throw redirect((await getSessionUser(request)) ? "/dashboard" : "/login");
}

export async function loader({ request }: Route.LoaderArgs) {
  const stepUp = await requirePendingStepUp(request);
  const query = new URL(request.url).searchParams;
  // Decision 0098: an e-mailed link's session waits here too; `via` only words the page.
  return {
    method: query.get("method") === "recovery" ? ("recovery" as const) : ("totp" as const),
    via: query.get("via") === "link" ? ("link" as const) : ("google" as const),
    // A passkey is two factors by itself (decision 0030), so it answers this step too.
    passkey: await hasPasskey(stepUp.userId),
    form: stepUp.role === "employee" ? ("employee" as const) : ("client" as const),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const stepUp = await requirePendingStepUp(request);
  const intent = requireIntent(formData, ["totp", "recovery", "cancel"] as const);
  const staff = stepUp.role === "employee";
  if (intent === "cancel") throw redirect(staff ? "/employee-login" : "/login", { headers: await signOut(request) });
  const submission = parseWithZod(formData, { schema: intent === "totp" ? totpChallengeSchema : recoveryChallengeSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  const outcome = await answerStepUp(request, stepUp, intent, submission.value.code, context.clientIp);
  if (!outcome.ok) {
    return formResult(
      { intent, status: "error", message: outcome.message, result: submission.reply({ hideFields: ["code"] }) },
      outcome.status,
    );
  }
  // Where the Google sign-in would have landed: staff "Welcome back!" via /dashboard, clients "Logged in successfully!".
  throw redirect(staff ? withFlash("/dashboard", "welcome") : withFlash(href("/user-dashboard"), "login"));
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, {
    totp: TWO_FACTOR_MESSAGES.failed,
    recovery: TWO_FACTOR_MESSAGES.failed,
    cancel: TWO_FACTOR_MESSAGES.failed,
  });
}

export default function TwoFactorStepUp({ loaderData, actionData }: Route.ComponentProps) {
  const opened = loaderData.via === "link" ? "You signed in with an e-mailed link." : "You signed in with Google.";
  const via = loaderData.via === "link" ? "?via=link" : "";
  return (
    <ChallengeCard
      method={loaderData.method}
      actionData={actionData?.intent === loaderData.method ? actionData : undefined}
      intro={{
        totp: `${opened} To finish, enter the 6-digit code from your authenticator app.`,
        recovery: `${opened} Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.`,
      }}
      switchTo={loaderData.method === "recovery" ? `${STEP_UP_PATH}${via}` : `${STEP_UP_PATH}${via ? `${via}&` : "?"}method=recovery`}
    >
      {loaderData.passkey ? (
        <div className="mt-4">
          <PasskeySignInButton form={loaderData.form} fallback={SIGN_IN_FAILED} label="Use your passkey instead" />
        </div>
      ) : null}
      <Form method="post" className="mt-6 text-center">
        <button type="submit" name="intent" value="cancel" className="text-sm text-slate-700 underline dark:text-slate-300">
          Cancel and sign out
        </button>
      </Form>
    </ChallengeCard>
  );
}
