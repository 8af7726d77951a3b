import type { PasswordAudience } from "~/lib/password-rules";
import { auth } from "./auth.server";
import { passwordAudienceOf } from "./password-rules.server";

/**
 * Whose rules a reset link's new password follows (issue 15): staff for a company account, else
 * client. Reads the link's record without using it up; an unknown link is judged as a client's
 * (its POST fails anyway).
 */
export async function resetLinkAudience(token: string): Promise<PasswordAudience> {
  if (!token) return "client";
  const context = await (await auth()).$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  const user = verification ? await context.internalAdapter.findUserById(verification.value) : null;
  return user ? passwordAudienceOf(user.email) : "client";
}
