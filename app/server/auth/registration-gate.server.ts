import { settingsFromRows } from "~/lib/app-settings";
import { db } from "~/server/db/db.server";

// Issue 16 part 5: when the operator turns self-registration off, no client account comes into
// being except through an invitation — by the /login form, by Better Auth's sign-up endpoint, or by
// a first Google sign-in. Checked where Better Auth creates the user (validateUserInfo), so every
// way in meets the same rule.

/** Whether a new client account may be made for this address now. */
export async function clientSignUpAllowed(email: string, now = Date.now()): Promise<boolean> {
  const rows = await db().selectFrom("appSettings").select(["key", "value"]).where("key", "=", "selfRegistration").execute();
  if (settingsFromRows(rows).selfRegistration) return true;
  const address = email.trim().toLowerCase();
  const invitation = await db()
    .selectFrom("clientInvitations as i")
    .innerJoin("companies as c", "c.id", "i.companyId")
    .select("i.id")
    .where((eb) => eb(eb.fn("lower", ["i.email"]), "=", address))
    .where("i.acceptedAt", "is", null)
    .where("i.revokedAt", "is", null)
    .where("i.expiresAt", ">", now)
    .where("c.closedAt", "is", null)
    .executeTakeFirst();
  return invitation !== undefined;
}
