import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect, replace } from "react-router";
import { CUSTOMER_GOOGLE_FAILED, EMPLOYEE_ON_CUSTOMER_GOOGLE, REGISTRATION_CLOSED, REGISTRATION_CLOSED_REFUSAL } from "~/lib/auth-messages";
import { getSettings } from "~/server/models/shared/settings.server";
import { withFlash } from "~/lib/flash";
import { credentialsSchema, registerSchema } from "~/lib/schemas/credentials";
import { commonPasswordProblem } from "~/server/auth/password-rules.server";
import { googleEnabled } from "~/server/auth/auth.server";
import { cameFromGoogleCallback, clearGoogleLanding } from "~/server/auth/google-landing.server";
import { STAFF_REFUSAL_PREFIX } from "~/server/auth/staff-identity.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { getPendingStepUp, getSessionUser } from "~/server/auth/session.server";
import { STEP_UP_PATH, TWO_FACTOR_CHALLENGE_PATH } from "~/lib/two-factor";
import { registerWithPassword, signInWithPassword, signOut, startGoogleSignIn } from "~/server/auth/sign-in.server";

export async function loginLoader(request: Request) {
  const url = new URL(request.url);
  // With self-registration off, /login offers sign-in only and says how to be invited.
  const { selfRegistration } = await getSettings();
  const mode = selfRegistration && url.searchParams.get("mode") === "register" ? ("register" as const) : ("login" as const);
  const google = url.searchParams.get("google");
  const base = { mode, googleEnabled: googleEnabled(), selfRegistration };
  if (google === "error") {
    // SPEC §5: a company identity is refused at the callback; the spec's message says why.
    const refusal = url.searchParams.get("error") ?? "";
    const company = refusal.startsWith(STAFF_REFUSAL_PREFIX);
    return {
      ...base,
      error: company ? EMPLOYEE_ON_CUSTOMER_GOOGLE : refusal === REGISTRATION_CLOSED_REFUSAL ? REGISTRATION_CLOSED : CUSTOMER_GOOGLE_FAILED,
    };
  }
  const user = await getSessionUser(request);
  // Only the browser arriving from a real callback is signed out, never one following a link.
  if (google === "done" && cameFromGoogleCallback(request)) {
    const headers = new Headers({ "Set-Cookie": clearGoogleLanding() });
    // Decision 0029: with two-factor on, Google's session waits for the code first.
    if ((await getPendingStepUp(request))?.role === "client") throw replace(STEP_UP_PATH, { headers });
    if (user?.role !== "client") {
      // SPEC §5: a company account signing in through the customer form is signed out again.
      for (const cookie of (await signOut(request)).getSetCookie()) headers.append("Set-Cookie", cookie);
      return data({ ...base, error: EMPLOYEE_ON_CUSTOMER_GOOGLE }, { headers });
    }
    throw replace(withFlash(href("/user-dashboard"), "login"), { headers });
  }
  if (user) throw replace(href("/user-dashboard"));
  return { ...base, error: null };
}

export async function loginAction(request: Request, clientIp: string) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "google") {
    const started = await startGoogleSignIn(request, { callbackURL: "/login?google=done", errorCallbackURL: "/login?google=error" });
    // 502: Google did not answer; without Google configured there is nothing to ask (a forged post).
    if (!started) return formResult({ intent: "google", status: "error", message: CUSTOMER_GOOGLE_FAILED }, googleEnabled() ? 502 : 400);
    throw redirect(started.url, { headers: started.headers });
  }
  const register = intent === "register";
  if (register && !(await getSettings()).selfRegistration) {
    return formResult({ intent: "register", status: "error", message: REGISTRATION_CLOSED }, 403);
  }
  // A new account's password follows the client rules; signing in checks none.
  const submission = parseWithZod(formData, { schema: register ? registerSchema : credentialsSchema });
  if (submission.status !== "success")
    return formResult({ status: "invalid", result: submission.reply({ hideFields: ["password"] }) }, 400);
  const common = register ? await commonPasswordProblem(submission.value.password) : null;
  if (common)
    return formResult(
      { status: "invalid", result: submission.reply({ fieldErrors: { password: [common] }, hideFields: ["password"] }) },
      400,
    );
  const outcome = register
    ? await registerWithPassword(request, submission.value, clientIp)
    : await signInWithPassword(request, submission.value, { as: "client", clientIp });
  if (!outcome.ok) {
    return formResult(
      { status: "error", message: outcome.message, result: submission.reply({ hideFields: ["password"] }) },
      outcome.status,
    );
  }
  // With two-factor on, the right password only opens the code challenge.
  if (outcome.twoFactor) throw redirect(TWO_FACTOR_CHALLENGE_PATH, { headers: outcome.headers });
  throw redirect(withFlash(href("/user-dashboard"), register ? "registered" : "login"), { headers: outcome.headers });
}
