import { settingsFromRows } from "~/lib/app-settings";
import { readDb } from "~/server/db/db.server";
import { hasPendingClientInvitation } from "./invitation-gate.server";

// Issue 16 part 5: when the operator turns self-registration off, no client account comes into
// being except through an invitation — by the /login form, by Better Auth's sign-up endpoint, or by
// a first Google sign-in. Checked where Better Auth creates the user (validateUserInfo), so every
// way in meets the same rule.

/** Whether a new client account may be made for this address now. */
export async function clientSignUpAllowed(email: string, now = Date.now()): Promise<boolean> {
  const rows = await readDb().selectFrom("appSettings").select(["key", "value"]).where("key", "=", "selfRegistration").execute();
  if (settingsFromRows(rows).selfRegistration) return true;
  // A pending invitation (Google's first sign-in), or the one being accepted right now (its claim
  // already marked it used when the password form's sign-up runs: decision 0034).
  return hasPendingClientInvitation(email, now);
}
