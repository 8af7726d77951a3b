import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { INVITATION_UNUSABLE } from "~/lib/console-failures";
import { withFlash } from "~/lib/flash";
import { acceptInvitationSchema } from "~/lib/schemas/staff";
import { commonPasswordProblem } from "~/server/auth/password-rules.server";
import { signInWithPassword } from "~/server/auth/sign-in.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { acceptInvitation, findUsableInvitation } from "~/server/models/accounts/staff-invitations.server";
import { isRefusal } from "~/lib/refusal";

const hideFields = ["password", "confirm"];

/** The GET of the link: shows who is invited and the form; spends nothing (mail scanners). */
export async function invitationLoader(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await findUsableInvitation(token);
  return { token, invitation: invitation ? { email: invitation.email, name: invitation.name, staffRole: invitation.staffRole } : null };
}

/** The POST: the invitee's own password; the account is made and signed in. */
export async function invitationAction(request: Request, clientIp: string) {
  const submission = parseWithZod(await readForm(request), { schema: acceptInvitationSchema });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply({ hideFields }) }, 400);
  const { token, password } = submission.value;
  const common = await commonPasswordProblem(password);
  if (common) return formResult({ status: "invalid", result: submission.reply({ fieldErrors: { password: [common] }, hideFields }) }, 400);
  let email: string;
  try {
    ({ email } = await acceptInvitation(token, password));
  } catch (error) {
    // Whatever the reason (used link, an account made meanwhile), the invitee sees one message.
    if (isRefusal(error)) return refusalResult(error, { message: INVITATION_UNUSABLE, submission, hideFields });
    logger.error({ err: error }, "staff invitation not accepted");
    throw error;
  }
  const signedIn = await signInWithPassword(request, { email, password }, { as: "employee", clientIp });
  // The account exists either way; a refused sign-in (e.g. throttled) just means signing in by hand.
  if (!signedIn.ok) throw redirect(withFlash("/employee-login", "staff-ready"));
  throw redirect(withFlash("/dashboard", "welcome"), { headers: signedIn.headers });
}
