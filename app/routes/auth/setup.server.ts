import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { withFlash } from "~/lib/flash";
import { isRefusal } from "~/lib/refusal";
import { setupSchema } from "~/lib/schemas/setup";
import { commonPasswordProblem } from "~/server/auth/password-rules.server";
import { signInWithPassword } from "~/server/auth/sign-in.server";
import { companyDomainFromEnv } from "~/server/brand/company-domain.server";
import { clientIpBucket } from "~/server/defence/client-ip-bucket";
import { hitRateLimit, type RateRule } from "~/server/defence/rate-limit.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { completeSetup } from "~/server/models/accounts/first-run-setup.server";
import { startFromEmptySite } from "~/server/models/site/content-reset.server";
import { isSetupDone } from "~/server/auth/setup-state.server";

// /setup (decision "first-run setup"): public until the first staff account exists, then gone (404)
// for everyone, so a second visitor can never run it.

/** Tries at the code per client address: the code has 80 bits, this only keeps the log quiet. */
export const SETUP_ATTEMPTS_PER_IP: RateRule = { limit: 10, windowMs: 15 * 60_000 };
export const SETUP_THROTTLED = "Too many attempts. Wait 15 minutes, then try again.";

const hideFields = ["password", "confirm", "code"];

function notFound(): never {
  throw new Response("Not Found", { status: 404, statusText: "Setup is already done." });
}

export async function setupLoader() {
  if (await isSetupDone()) notFound();
  return { fixedDomain: companyDomainFromEnv() };
}

export async function setupAction(request: Request, clientIp: string) {
  if (await isSetupDone()) notFound();
  const submission = parseWithZod(await readForm(request), { schema: setupSchema });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply({ hideFields }) }, 400);
  if (!(await hitRateLimit(`setup:ip:${clientIpBucket(clientIp)}`, SETUP_ATTEMPTS_PER_IP))) {
    return formResult({ status: "error", message: SETUP_THROTTLED, result: submission.reply({ hideFields }) }, 429);
  }
  const values = submission.value;
  const common = await commonPasswordProblem(values.password);
  if (common) return formResult({ status: "invalid", result: submission.reply({ fieldErrors: { password: [common] }, hideFields }) }, 400);
  let email: string;
  let userId: string;
  try {
    ({ email, userId } = await completeSetup(values));
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { submission, hideFields });
    throw error;
  }
  // After the admin exists, so the audit row names them; the Site screen offers the same later.
  if (values.emptySite) await startFromEmptySite({ id: userId, email, name: values.name });
  // Under STAFF_2FA=required the console sends the new admin to two-factor enrolment first.
  const signedIn = await signInWithPassword(request, { email, password: values.password }, { as: "employee", clientIp });
  if (!signedIn.ok) throw redirect(withFlash("/employee-login", "staff-ready"));
  throw redirect(withFlash("/dashboard", "welcome"), { headers: signedIn.headers });
}
