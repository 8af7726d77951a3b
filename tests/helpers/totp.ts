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
