import { z } from "~/lib/zod";

// TEMPORARY minimal version (helper "roles"): helper "verify" owns this seam and replaces it at
// merge with the same exports. Issue 15: at least 12 characters for staff, 10 for clients, at most 128.
export const PASSWORD_MIN = { staff: 12, client: 10 } as const;
export const PASSWORD_MAX = 128;

export function newPasswordField(audience: "staff" | "client") {
  const min = PASSWORD_MIN[audience];
  return z
    .string({ error: "Password is required." })
    .min(min, `Password must be at least ${min} characters.`)
    .max(PASSWORD_MAX, `Password must be ${PASSWORD_MAX} characters or fewer.`);
}
