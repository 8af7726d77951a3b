import { z } from "~/lib/zod";

// Passwords: longer for staff, whose accounts open every client's records. The rules are
// not shown upfront (SPEC §5 "not shown"): their messages appear only when a new password fails one.

export type PasswordAudience = "staff" | "client";

export const PASSWORD_MIN = { staff: 12, client: 10 } as const;
export const PASSWORD_MAX = 128;

/** The message of the length rule, naming it. */
export function passwordTooShort(audience: PasswordAudience): string {
  return audience === "staff"
    ? `Staff passwords need at least ${PASSWORD_MIN.staff} characters.`
    : `Passwords need at least ${PASSWORD_MIN.client} characters.`;
}

export const PASSWORD_TOO_LONG = `Passwords can have at most ${PASSWORD_MAX} characters.`;

/** A new password's field: the length rules of its audience. The common-password rule is checked on
 *  the server (auth/password-rules.server.ts), which alone loads the list. */
export function newPasswordField(audience: PasswordAudience) {
  return z
    .string({ error: "Password is required." })
    .min(1, "Password is required.")
    .min(PASSWORD_MIN[audience], passwordTooShort(audience))
    .max(PASSWORD_MAX, PASSWORD_TOO_LONG);
}
