import { redirect } from "react-router";
import type { Route } from "./+types/settings-delete-account";
import { FLASH, withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { SETTINGS_PATH } from "~/lib/paths";
import { auth } from "~/server/auth/auth.server";
import { queueAccountDeletedMail } from "~/server/auth/auth-mail.server";
import { logger } from "~/server/logger.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { requireClient } from "~/server/auth/session.server";
import { accountMailAllowedFromIp } from "~/server/defence/mail-limits.server";

// Settings → Delete Account. Better Auth refuses when the sign-in is not recent ("fresh"): the
// spec's failure message asks the user to sign in again.
export async function action({ request, context }: Route.ActionArgs) {
  // The portal's settings: staff accounts are managed from the console and the staff CLI.
  const user = await requireClient(request);
  // Resource routes are outside React Router's own origin check (docs/security.md "Cross-site requests").
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  try {
    const { headers } = await (await auth()).api.deleteUser({ body: {}, headers: request.headers, returnHeaders: true });
    // Limited like every account mail (mail-limits.server.ts): the deletion itself always goes ahead.
    if (await accountMailAllowedFromIp(context.clientIp, "account-deleted")) await queueAccountDeletedMail(user.email, user.id);
    throw redirect(withFlash("/", "deleted"), { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.warn({ err: error, userId: user.id }, "account deletion refused");
    throw redirect(withFlash(SETTINGS_PATH, "delete-failed"));
  }
}

// With JavaScript the settings panel posts here with a fetcher: a failed request answers its
// SPEC §8 text to the panel instead of the error page (issue 14). Without it, the redirect above.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, FLASH["delete-failed"].text);
}

export function loader() {
  return redirect(SETTINGS_PATH);
}
