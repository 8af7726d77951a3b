import { redirect } from "react-router";
import type { Route } from "./+types/settings-delete-account";
import { FLASH, withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { SETTINGS_PATH } from "~/lib/paths";
import { auth } from "~/server/auth/auth.server";
import { deleteAccountAndData } from "~/server/models/privacy/account-purge.server";
import { queueAccountDeletedMail } from "~/server/auth/auth-mail.server";
import { getBrand } from "~/server/brand/brand.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { logger } from "~/server/logger.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { requireClient } from "~/server/auth/session.server";
import { accountMailAllowedFromIp, mailAllowedTo } from "~/server/defence/mail-limits.server";

// Settings → Delete Account. Refused when the sign-in is not recent ("fresh", Better Auth's rule):
// the spec's failure message asks the user to sign in again.
export async function action({ request, context }: Route.ActionArgs) {
  // The portal's settings: staff accounts are managed from the console and the staff CLI.
  const user = await requireClient(request);
  // Resource routes are outside React Router's own origin check (docs/security.md "Cross-site requests").
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  try {
    const api = (await auth()).api;
    const session = await api.getSession({ headers: request.headers, query: { disableRefresh: true } });
    if (!session || session.user.id !== user.id) throw redirect("/login");
    // Better Auth's rule for sensitive operations, as its own delete-user endpoint applied it.
    const { freshAge } = (await (await auth()).$context).sessionConfig;
    if (freshAge !== 0 && Date.now() - new Date(session.session.createdAt).getTime() >= freshAge * 1000) {
      throw new Error("sign-in is not fresh enough to delete the account");
    }
    // One transaction: data, account, sessions and the mails queued to the address, then the
    // confirmation (SPEC §8) — or nothing at all.
    // Limited like every account mail (mail-limits.server.ts), and counted before the transaction
    // (a counter write inside it would wait on it): the deletion itself always goes ahead.
    // An unverified address gets no confirmation either (decision 0028).
    const confirm =
      user.emailVerified &&
      (await accountMailAllowedFromIp(context.clientIp, "account-deleted")) &&
      (await mailAllowedTo(user.email, "account-deleted"));
    const brand = await getBrand();
    await deleteAccountAndData(user.id, {
      purgeMailTo: user.email,
      then: confirm ? (trx) => queueAccountDeletedMail(trx, user.email, user.id, brand) : undefined,
    });
    notifyMailEnqueued();
    // The session is gone already; this clears its cookies.
    const { headers } = await api.signOut({ headers: request.headers, returnHeaders: true });
    throw redirect(withFlash("/", "deleted"), { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.warn({ err: error, userId: user.id }, "account deletion refused");
    throw redirect(withFlash(SETTINGS_PATH, "delete-failed"));
  }
}

// With JavaScript the settings panel posts here with a fetcher: a failed request answers its
// SPEC §8 text to the panel instead of the error page. Without it, the redirect above.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, FLASH["delete-failed"].text);
}

export function loader() {
  return redirect(SETTINGS_PATH);
}
