import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/two-factor";
import { ChallengeCard } from "~/components/two-factor/challenge-card";
import { withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { recoveryChallengeSchema, totpChallengeSchema, TWO_FACTOR_MESSAGES } from "~/lib/schemas/two-factor";
import { answerChallenge, pendingChallenge } from "~/server/auth/second-factor.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { privateMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Two-factor sign-in", matches);
}

// After a right password, an account with two-factor on lands here with Better Auth's
// short-lived challenge cookie; without one there is nothing to answer (guard: the cookie).
export function loader({ request }: Route.LoaderArgs) {
  if (!pendingChallenge(request)) throw redirect("/login");
  const query = new URL(request.url).searchParams;
  const method = query.get("method") === "recovery" ? ("recovery" as const) : ("totp" as const);
  // Only for the links back: where the code lands is decided by the account's role.
  return { method, staff: query.get("for") === "staff" };
}

export async function action({ request, context }: Route.ActionArgs) {
  // A public form like /login: the size-limited read (413 for an oversized body) comes first, then
  // the challenge cookie, which Better Auth checks again (signed) in answerChallenge.
  const formData = await readForm(request);
  if (!pendingChallenge(request)) throw redirect("/login");
  const intent = requireIntent(formData, ["totp", "recovery"] as const);
  const submission = parseWithZod(formData, { schema: intent === "totp" ? totpChallengeSchema : recoveryChallengeSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  const outcome = await answerChallenge(request, intent, submission.value.code, context.clientIp);
  if (!outcome.ok) {
    return formResult(
      { intent, status: "error", message: outcome.message, result: submission.reply({ hideFields: ["code"] }) },
      outcome.status,
    );
  }
  // The SPEC's landing for each form: staff "Welcome back!" via /dashboard, clients "Logged in successfully!".
  const to = outcome.role === "employee" ? withFlash("/dashboard", "welcome") : withFlash(href("/user-dashboard"), "login");
  throw redirect(to, { headers: outcome.headers });
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { totp: TWO_FACTOR_MESSAGES.failed, recovery: TWO_FACTOR_MESSAGES.failed });
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const query = (method: "totp" | "recovery") => {
    const params = new URLSearchParams(loaderData.staff ? { for: "staff" } : {});
    if (method === "recovery") params.set("method", "recovery");
    return params.size ? `/two-factor?${params}` : "/two-factor";
  };
  return (
    <ChallengeCard
      method={loaderData.method}
      actionData={actionData?.intent === loaderData.method ? actionData : undefined}
      intro={{
        totp: "Enter the 6-digit code from your authenticator app.",
        recovery: "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.",
      }}
      switchTo={query(loaderData.method === "recovery" ? "totp" : "recovery")}
    >
      <Link
        to={loaderData.staff ? "/employee-login" : "/login"}
        className="mt-6 block text-center text-sm text-slate-700 underline dark:text-slate-300"
      >
        Back to Login
      </Link>
    </ChallengeCard>
  );
}
