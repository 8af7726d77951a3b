import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { INVITATION_GOOGLE_FAILED } from "~/lib/client-invitations";
import { withFlash } from "~/lib/flash";
import { acceptClientInvitationSchema } from "~/lib/schemas/client-invitations";
import { googleEnabled } from "~/server/auth/auth.server";
import { commonPasswordProblem } from "~/server/auth/password-rules.server";
import { signInWithPassword, startGoogleSignIn } from "~/server/auth/sign-in.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { acceptClientInvitation } from "~/server/models/companies/client-invitation-accept.server";
import { isRefusal } from "~/lib/refusal";
import { lookUpClientInvitation } from "~/server/models/companies/client-invitations.server";
import { invitationCookie } from "./invitation-cookie.server";
import { refusalResult } from "~/server/http/refusal.server";

// Decision 0034: the link of a client invitation.

const hideFields = ["password", "confirm"];

/** The GET: who invites whom to which company, or why the link no longer works; spends nothing. */
export async function clientInvitationLoader(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const lookup = await lookUpClientInvitation(token);
  const invitation = lookup.invitation
    ? {
        email: lookup.invitation.email,
        name: lookup.invitation.name,
        company: lookup.invitation.companyName,
        inviter: lookup.invitation.inviter,
      }
    : null;
  return { token, state: lookup.state, invitation, googleEnabled: googleEnabled() };
}

async function continueWithGoogle(request: Request, token: string) {
  if ((await lookUpClientInvitation(token)).state !== "valid")
    return formResult({ intent: "google", status: "error", message: "This invitation link can no longer be used." }, 410);
  const started = await startGoogleSignIn(request, { callbackURL: "/invitation/google", errorCallbackURL: "/invitation/google" });
  if (!started) return formResult({ intent: "google", status: "error", message: INVITATION_GOOGLE_FAILED }, googleEnabled() ? 502 : 400);
  // The token waits in an HttpOnly cookie for the completion route, not in Google's redirect URLs.
  started.headers.append("Set-Cookie", invitationCookie(token));
  throw redirect(started.url, { headers: started.headers });
}

/** A repeated post of a link already accepted with this very password signs in (double submit). */
async function alreadyAccepted(request: Request, token: string, password: string, clientIp: string) {
  const lookup = await lookUpClientInvitation(token);
  if (lookup.state !== "used" || !lookup.email) return null;
  const signedIn = await signInWithPassword(request, { email: lookup.email, password }, { as: "client", clientIp });
  return signedIn.ok ? signedIn.headers : null;
}

/** The POST: the invitee's own password (or Google); the account is made and signed in. */
export async function clientInvitationAction(request: Request, clientIp: string) {
  const formData = await readForm(request);
  const token = String(formData.get("token") ?? "");
  if (formData.get("intent") === "google") return continueWithGoogle(request, token);
  const submission = parseWithZod(formData, { schema: acceptClientInvitationSchema });
  if (submission.status !== "success")
    return formResult({ intent: "accept", status: "invalid", result: submission.reply({ hideFields }) }, 400);
  const { password } = submission.value;
  const common = await commonPasswordProblem(password);
  if (common)
    return formResult(
      { intent: "accept", status: "invalid", result: submission.reply({ fieldErrors: { password: [common] }, hideFields }) },
      400,
    );
  let email: string;
  try {
    ({ email } = await acceptClientInvitation(token, password));
  } catch (error) {
    if (isRefusal(error, "gone")) {
      const headers = await alreadyAccepted(request, token, password, clientIp);
      if (headers) throw redirect(withFlash("/user-dashboard", "invitation-accepted"), { headers });
      return formResult(
        {
          intent: "accept",
          status: "error",
          message: "This invitation link can no longer be used.",
          result: submission.reply({ hideFields }),
        },
        410,
      );
    }
    if (isRefusal(error)) return refusalResult(error, { intent: "accept", submission, hideFields });
    logger.error({ err: error }, "client invitation not accepted");
    throw error;
  }
  const signedIn = await signInWithPassword(request, { email, password }, { as: "client", clientIp });
  // The account exists either way; a refused sign-in (e.g. throttled) just means signing in by hand.
  if (!signedIn.ok) throw redirect(withFlash("/login", "invitation-ready"));
  throw redirect(withFlash("/user-dashboard", "invitation-accepted"), { headers: signedIn.headers });
}
