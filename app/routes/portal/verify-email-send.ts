import { href, redirect } from "react-router";
import type { Route } from "./+types/verify-email-send";
import { FLASH, withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { safeReturnPath } from "~/lib/return-path";
import { auth } from "~/server/auth/auth.server";
import { requireClient } from "~/server/auth/session.server";
import { accountMailAllowedFromIp } from "~/server/defence/mail-limits.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";

/** Back to the portal page the banner was on; anywhere else is the dashboard. */
function backTo(value: FormDataEntryValue | null): string {
  const path = safeReturnPath(value, href("/user-dashboard"));
  return path.startsWith(href("/user-dashboard")) ? path.split("?")[0]! : href("/user-dashboard");
}

// The banner's "Send again" (decision 0028): a new link to the signed-in client's own address.
// Limited per IP here and per address where the mail is queued (mail-limits.server.ts); past a
// limit nothing is queued and the answer is the usual one.
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireClient(request);
  // Resource routes are outside React Router's own origin check (docs/security.md "Cross-site requests").
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  const back = backTo((await readForm(request)).get("returnTo"));
  if (user.emailVerified) throw redirect(withFlash(back, "email-verified"));
  if (await accountMailAllowedFromIp(context.clientIp, "verification")) {
    try {
      // With the session, Better Auth sends to the session's own address only.
      await (await auth()).api.sendVerificationEmail({ body: { email: user.email }, headers: request.headers });
    } catch (error) {
      logger.error({ err: error }, "verification mail request failed");
      throw redirect(withFlash(back, "verification-failed"));
    }
  }
  throw redirect(withFlash(back, "verification-sent"));
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, FLASH["verification-failed"].text);
}

export function loader() {
  return redirect(href("/user-dashboard"));
}
