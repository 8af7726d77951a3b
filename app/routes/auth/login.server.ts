import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect, replace } from "react-router";
import { CUSTOMER_GOOGLE_FAILED, EMPLOYEE_ON_CUSTOMER_GOOGLE } from "~/lib/auth-messages";
import { withFlash } from "~/lib/flash";
import { credentialsSchema } from "~/lib/schemas/credentials";
import { googleEnabled } from "~/server/auth/auth.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { getSessionUser } from "~/server/auth/session.server";
import { registerWithPassword, signInWithPassword, signOut, startGoogleSignIn } from "~/server/auth/sign-in.server";

export async function loginLoader(request: Request) {
  const url = new URL(request.url);
  const mode = url.searchParams.get("mode") === "register" ? ("register" as const) : ("login" as const);
  const google = url.searchParams.get("google");
  const base = { mode, googleEnabled: googleEnabled() };
  if (google === "error") return { ...base, error: CUSTOMER_GOOGLE_FAILED };
  const user = await getSessionUser(request);
  if (user && google === "done") {
    if (user.role === "employee") {
      // SPEC §5: a company account signing in through the customer form is signed out again.
      return data({ ...base, error: EMPLOYEE_ON_CUSTOMER_GOOGLE }, { headers: await signOut(request) });
    }
    throw replace(withFlash(href("/user-dashboard"), "login"));
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
  const submission = parseWithZod(formData, { schema: credentialsSchema });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply() }, 400);
  const register = intent === "register";
  const outcome = register
    ? await registerWithPassword(request, submission.value, clientIp)
    : await signInWithPassword(request, submission.value, { as: "client", clientIp });
  if (!outcome.ok) {
    return formResult({ status: "error", message: outcome.message, result: submission.reply({ hideFields: ["password"] }) }, outcome.status);
  }
  throw redirect(withFlash(href("/user-dashboard"), register ? "registered" : "login"), { headers: outcome.headers });
}
