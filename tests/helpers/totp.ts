import { generateSync } from "otplib";

// An authenticator app in a test: the 6-digit code for an otpauth:// URI (or its base32 key, as
// the enrolment page shows it), from otplib, independent of Better Auth's own code.

/** The base32 key of an otpauth:// URI, or the typed key without its spaces. */
export function totpKey(uriOrKey: string): string {
  if (uriOrKey.startsWith("otpauth://")) return new URL(uriOrKey).searchParams.get("secret") ?? "";
  return uriOrKey.replace(/\s+/g, "");
}

/** The code an app shows now (or `at`, in ms). */
export function totpCode(uriOrKey: string, at = Date.now()): string {
  return generateSync({ secret: totpKey(uriOrKey), epoch: Math.floor(at / 1000) });
}

/**
 * The app's next code: accepted now (the server takes one step either side) and newer than the
 * current one. Each time-step's code works once (decision 0053), so a sign-in right after an
 * enrolment that used the current code gives this one, as a user would after the app moved on.
 */
export function nextTotpCode(uriOrKey: string, at = Date.now()): string {
  return totpCode(uriOrKey, at + 30_000);
}
