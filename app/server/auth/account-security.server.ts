import type { SessionUser } from "./actor.server";
import { listSessions } from "./account-sessions.server";
import { confirmationState } from "./identity-confirmation.server";
import { listPasskeys } from "./passkeys.server";

/** What portal Settings and console My account show of the user's own sign-in. */
export async function accountSecurity(request: Request, user: SessionUser) {
  const [sessions, passkeys, confirmation] = await Promise.all([
    listSessions(request, user),
    listPasskeys(request),
    confirmationState(request, user),
  ]);
  return { sessions, passkeys, confirmation };
}
