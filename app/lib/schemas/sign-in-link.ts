import { z } from "~/lib/zod";
import { emailField } from "./fields";

// Decision 0098: "E-mail me a sign-in link" on /login (and /employee-login when an admin allows
// staff), and the link's confirmation page, whose POST spends the token.
export const signInLinkRequestSchema = z.object({ email: emailField() });
export const signInLinkUseSchema = z.object({ token: z.string().trim().min(1).max(200) });

export const SIGN_IN_LINK_MESSAGES = {
  /** The only answer to a valid address, whether or not a link was sent (no enumeration). */
  sent: "If that address can sign in by e-mail, we have sent it a link. It works once, within 15 minutes.",
  expired: "This sign-in link has expired: links work for 15 minutes. Ask for a new one below.",
  used: "This sign-in link has already been used or is not valid. Ask for a new one below.",
  tooMany: "Too many sign-in attempts. Please wait a few minutes and try again.",
  failed: "Sign-in failed. Please try again.",
  /** A request that failed on the way (lost connection, 5xx): the user may simply try again. */
  notSent: "We could not send your request. Check your connection and try again.",
} as const;
