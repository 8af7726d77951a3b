import { z } from "~/lib/zod";

// Two-factor sign-in (decision 0029): one schema per form of /two-factor and
// /account/two-factor, shared by the page and its action.

const code = z
  .string({ error: "Enter the 6-digit code from your authenticator app." })
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app.");

const recoveryCode = z
  .string({ error: "Enter one of your recovery codes." })
  .trim()
  .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, "Enter one of your recovery codes, like ab12C-d34eF.")
  // Better Auth stores them as 5 + "-" + 5; a code typed without the dash still counts.
  .transform((value) => (value.includes("-") ? value : `${value.slice(0, 5)}-${value.slice(5)}`));

const password = z
  .string({ error: "Enter your password to confirm." })
  .min(1, "Enter your password to confirm.")
  .max(128, "Password must be 128 characters or fewer.");

/** Sign-in challenge: the code of the authenticator app. */
export const totpChallengeSchema = z.object({ code });
/** Sign-in challenge: a recovery code instead (each works once). */
export const recoveryChallengeSchema = z.object({ code: recoveryCode });
/** Enrolment, regenerating recovery codes and turning two-factor off all ask for the password. */
export const twoFactorPasswordSchema = z.object({ password: password.optional() });
/** Enrolment's second step: the first code from the app, with the key being confirmed (shown again on a typo). */
export const confirmTotpSchema = z.object({
  code,
  uri: z.string({ error: "Start again." }).regex(/^otpauth:\/\/totp\/[^\s]{1,500}$/, "Start again."),
});

export const TWO_FACTOR_MESSAGES = {
  wrongCode: "That code is not right. Check the time on your device and try again.",
  codeUsed: "That code was used already. Wait for the next code from your app.",
  wrongRecoveryCode: "That recovery code is not right, or it was used already.",
  expired: "Your sign-in has expired. Please log in again.",
  tooMany: "Too many wrong codes. Please wait a few minutes and try again.",
  wrongPassword: "That password is not right.",
  failed: "Something went wrong. Please try again.",
  staffRequired: "Two-factor sign-in is required for staff, so it cannot be turned off.",
} as const;
