import { z } from "~/lib/zod";

// Decision 0053: "Confirm it's you" before adding a passkey. The account's method decides which
// field is asked for (the password, or a code when it has none); the server decides it again.

export const CONFIRMATION_MESSAGES = {
  enterPassword: "Enter your password to confirm.",
  enterCode: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  wrongPassword: "That password is not right.",
  tooMany: "Too many attempts. Please wait a few minutes and try again.",
  noMethod: "To add a passkey, first turn on two-factor sign-in or set a password with Reset Password.",
  required: "Confirm it's you first: your confirmation is missing or has expired.",
} as const;

/** How an account confirms: its password; else a code (two-factor on); else it cannot. */
export type ConfirmationMethod = "password" | "code" | "none";

const password = z
  .string({ error: CONFIRMATION_MESSAGES.enterPassword })
  .min(1, CONFIRMATION_MESSAGES.enterPassword)
  .max(128, "Password must be 128 characters or fewer.");

const code = z
  .string({ error: CONFIRMATION_MESSAGES.enterCode })
  .trim()
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, CONFIRMATION_MESSAGES.enterCode)
  // Recovery codes are stored as 5 + "-" + 5; one typed without the dash still counts.
  .transform((value) => (/^\d{6}$/.test(value) || value.includes("-") ? value : `${value.slice(0, 5)}-${value.slice(5)}`));

/** The confirmation form of an account whose method is `method`. */
export function confirmIdentitySchema(method: ConfirmationMethod) {
  return z.object({
    password: method === "password" ? password : z.string().optional(),
    code: method === "code" ? code : z.string().optional(),
  });
}
