import { redirect } from "react-router";
import type { Route } from "./+types/settings-reset-password";
import { FLASH, withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { SETTINGS_PATH } from "~/lib/paths";
import { auth } from "~/server/auth/auth.server";
import { logger } from "~/server/logger.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { requireClient } from "~/server/auth/session.server";
import { accountMailAllowedFromIp } from "~/server/defence/mail-limits.server";

// Settings → Reset Password: mails a reset link to the signed-in user's own address (SPEC §8).
export async function action({ request, context }: Route.ActionArgs) {
  // The portal's settings: staff accounts are managed from the console and the staff CLI.
  const user = await requireClient(request);
  // Resource routes are outside React Router's own origin check (docs/security.md "Cross-site requests").
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  if (!user.email) throw redirect(withFlash(SETTINGS_PATH, "no-email"));
  // An unverified address is sent its verification link instead (decision 0028), and told so.
  const sent = user.emailVerified ? "reset-sent" : "verify-first";
  // Past a limit (per IP here, per address where the mail is queued) no mail goes out and the
  // answer is the usual one: the limits are in docs/security.md, not in the answer.
  if (!(await accountMailAllowedFromIp(context.clientIp, "password-reset"))) throw redirect(withFlash(SETTINGS_PATH, sent));
  try {
    await (await auth()).api.requestPasswordReset({ body: { email: user.email, redirectTo: "/reset-password" }, headers: request.headers });
  } catch (error) {
    logger.error({ err: error }, "password reset request failed");
    throw redirect(withFlash(SETTINGS_PATH, "reset-failed"));
  }
  throw redirect(withFlash(SETTINGS_PATH, sent));
}

// With JavaScript the settings panel posts here with a fetcher: a failed request answers its
// SPEC §8 text to the panel instead of the error page. Without it, the redirect above.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, FLASH["reset-failed"].text);
}

export function loader() {
  return redirect(SETTINGS_PATH);
}
