import type { FormResult } from "./form-result";

// Two-factor sign-in's pages (decision 0029), outside the portal and console layouts so
// that a staff member who must still enrol can reach them.

/** The code challenge after a right password. */
export const TWO_FACTOR_CHALLENGE_PATH = "/two-factor";
/** A Google sign-in of an account with two-factor on waits here for its code (decision 0029). */
export const STEP_UP_PATH = "/two-factor/step-up";
/** Enrolment and management (recovery codes, turning it off), for clients and staff. */
export const TWO_FACTOR_SETUP_PATH = "/account/two-factor";

/** A QR code drawn as one SVG path of unit squares (qr-code.server.ts). */
export interface QrPath {
  size: number;
  d: string;
}

/** What /account/two-factor's forms answer: the key to enrol, or recovery codes to show once. */
export interface TwoFactorResult extends FormResult<"start" | "confirm" | "regenerate" | "disable"> {
  enrolment?: { uri: string; key: string; qr: QrPath };
  recoveryCodes?: string[];
}

/** The base32 secret of an otpauth:// URI, in groups of four for typing it in by hand. */
export function manualKey(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}
