import { data, redirect } from "react-router";
import { withFlash } from "~/lib/flash";
import { getSessionUser } from "~/server/auth/session.server";
import { signOut } from "~/server/auth/sign-in.server";
import { logger } from "~/server/logger.server";
import { acceptClientInvitationWithGoogle } from "~/server/models/companies/client-invitation-accept.server";
import { isRefusal } from "~/lib/refusal";
import { clearInvitationCookie, invitationTokenFrom } from "./invitation-cookie.server";

// Decision 0034: where Google's callback lands after "Continue with Google" on an invitation. The
// identity Google vouched for must be the invited address; then the account joins the company.

export const GOOGLE_NOT_COMPLETED =
  "Google sign-in did not complete. Open your invitation link again to retry, or choose a password there.";

export async function invitationGoogleLoader(request: Request) {
  const token = invitationTokenFrom(request);
  const headers = new Headers({ "Set-Cookie": clearInvitationCookie() });
  const user = token ? await getSessionUser(request) : null;
  if (!token || !user || new URL(request.url).searchParams.has("error")) return data({ message: GOOGLE_NOT_COMPLETED }, { headers });
  try {
    await acceptClientInvitationWithGoogle(token, { id: user.id, email: user.email, emailVerified: user.emailVerified });
  } catch (error) {
    if (!isRefusal(error)) {
      logger.error({ err: error }, "client invitation not accepted with Google");
      throw error;
    }
    // The Google account signed in is not the invited one: it leaves, rather than stay signed in
    // without the company it came for. Only with the cookie our own POST set, so a link cannot.
    for (const cookie of (await signOut(request)).getSetCookie()) headers.append("Set-Cookie", cookie);
    const message =
      error.kind === "gone" ? "This invitation link can no longer be used. Ask the person who invited you for a new one." : error.message;
    return data({ message }, { headers });
  }
  throw redirect(withFlash("/user-dashboard", "invitation-accepted"), { headers });
}
