import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, replace } from "react-router";
import { EMPLOYEE_GOOGLE_FAILED, EMPLOYEE_LOGIN_FAILED, employeeDomainOnly } from "~/lib/auth-messages";
import { withFlash } from "~/lib/flash";
import { credentialsSchema } from "~/lib/schemas/credentials";
import { googleEnabled } from "~/server/auth/auth.server";
import { cameFromGoogleCallback, clearGoogleLanding } from "~/server/auth/google-landing.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { getPendingStepUp, getSessionUser } from "~/server/auth/session.server";
import { STEP_UP_PATH, TWO_FACTOR_CHALLENGE_PATH } from "~/lib/two-factor";
import { isEmployeeEmail, signInWithPassword, signOut, startGoogleSignIn } from "~/server/auth/sign-in.server";
import { companyDomain } from "~/server/brand/company-domain.server";
import { isSetupDone, SETUP_PATH } from "~/server/auth/setup-state.server";
import { getSettings } from "~/server/models/shared/settings.server";

export async function employeeLoginLoader(request: Request) {
  // A fresh install has nobody to sign in: the first admin is made at /setup (or with the CLI).
  if (!(await isSetupDone())) throw redirect(SETUP_PATH);
  const google = new URL(request.url).searchParams.get("google");
  const base = { domain: companyDomain(), googleEnabled: googleEnabled(), staffMagicLink: (await getSettings()).staffMagicLink };
  if (google === "error") return { ...base, error: EMPLOYEE_GOOGLE_FAILED };
  if (google === "done") {
    const user = await getSessionUser(request);
    // A visitor following a link is signed out of nothing; only a real callback's landing is.
    if (!cameFromGoogleCallback(request)) return { ...base, error: user ? null : EMPLOYEE_GOOGLE_FAILED };
    const headers = new Headers({ "Set-Cookie": clearGoogleLanding() });
    // Decision 0029: with two-factor on, Google's session waits for the code before "Welcome back!".
    if ((await getPendingStepUp(request))?.role === "employee") throw replace(STEP_UP_PATH, { headers });
    // SPEC §5: staff Google sign-in needs a verified e-mail in the company domain.
    if (user?.role === "employee" && user.emailVerified) throw replace(withFlash("/dashboard", "welcome"), { headers });
    for (const cookie of (await signOut(request)).getSetCookie()) headers.append("Set-Cookie", cookie);
    return data({ ...base, error: EMPLOYEE_GOOGLE_FAILED }, { headers });
  }
  return { ...base, error: null };
}

export async function employeeLoginAction(request: Request, clientIp: string) {
  const formData = await readForm(request);
  if (formData.get("intent") === "google") {
    const started = await startGoogleSignIn(request, {
      callbackURL: "/employee-login?google=done",
      errorCallbackURL: "/employee-login?google=error",
    });
    // 502: Google did not answer; without Google configured there is nothing to ask (a forged post).
    if (!started) return formResult({ intent: "google", status: "error", message: EMPLOYEE_GOOGLE_FAILED }, googleEnabled() ? 502 : 400);
    throw redirect(started.url, { headers: started.headers });
  }
  const submission = parseWithZod(formData, { schema: credentialsSchema });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply() }, 400);
  if (!isEmployeeEmail(submission.value.email)) {
    const message = employeeDomainOnly(companyDomain());
    return formResult({ status: "error", message, result: submission.reply({ hideFields: ["password"] }) }, 400);
  }
  const outcome = await signInWithPassword(request, submission.value, {
    as: "employee",
    clientIp,
    failureMessage: EMPLOYEE_LOGIN_FAILED,
  });
  if (!outcome.ok) {
    return formResult(
      { status: "error", message: outcome.message, result: submission.reply({ hideFields: ["password"] }) },
      outcome.status,
    );
  }
  // With two-factor on, the right password only opens the code challenge.
  if (outcome.twoFactor) throw redirect(`${TWO_FACTOR_CHALLENGE_PATH}?for=staff`, { headers: outcome.headers });
  throw redirect(withFlash("/dashboard", "welcome"), { headers: outcome.headers });
}
