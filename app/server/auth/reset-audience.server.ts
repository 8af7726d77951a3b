import type { PasswordAudience } from "~/lib/password-rules";
import { auth } from "./auth.server";
import { passwordAudienceOf } from "./password-rules.server";

/** The account a reset link is for, read without using the link up; null for an unknown link. */
export async function resetLinkAccount(token: string): Promise<{ id: string; email: string } | null> {
  if (!token) return null;
  const context = await (await auth()).$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return verification ? await context.internalAdapter.findUserById(verification.value) : null;
}

/**
 * Whose rules a reset link's new password follows: staff for a company account, else
 * client. An unknown link is judged as a client's (its POST fails anyway).
 */
export async function resetLinkAudience(token: string): Promise<PasswordAudience> {
  const user = await resetLinkAccount(token);
  return user ? passwordAudienceOf(user.email) : "client";
}
