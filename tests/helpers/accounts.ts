import { auth } from "~/server/auth/auth.server";
import { currentDialect, db } from "~/server/db/db.server";
import type { StaffRole } from "~/lib/staff-roles";
import { addStaff } from "~/server/models/accounts/staff.server";

// Real accounts made through Better Auth on the suite's database (see databases.ts), signed in
// the way the app signs people in, so the cookies are the ones a browser would send.

export const TEST_PASSWORD = "correct-horse-battery-staple";

export interface TestUser {
  id: string;
  email: string;
  /** `name=value` of the session cookie, for a Cookie header. */
  cookie: string;
}

/** The session cookie a Better Auth response sets, as `name=value`. */
export function sessionCookieFrom(headers: Headers): string {
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.includes("session_token"))
    .join("; ");
  if (!cookie) throw new Error("Better Auth set no session cookie");
  return cookie;
}

/**
 * Registers a client with TEST_PASSWORD and returns its session. By default an established client:
 * its address verified (decision 0028) and its verification mail gone from the outbox.
 */
export async function signUp(email: string, name = "Test Client", { verified = true } = {}): Promise<TestUser> {
  const { headers, response } = await (
    await auth()
  ).api.signUpEmail({
    body: { email, password: TEST_PASSWORD, name },
    returnHeaders: true,
  });
  if (verified) {
    await db()
      .updateTable("users")
      .set({ emailVerified: currentDialect() === "sqlite" ? 1 : true })
      .where("id", "=", response.user.id)
      .execute();
    await db().deleteFrom("mailOutbox").where("toAddress", "=", email.toLowerCase()).execute();
  }
  return { id: response.user.id, email, cookie: sessionCookieFrom(headers) };
}

/** Creates a staff account as the staff CLI does (company domain, verified) and signs it in. */
export async function signInStaff(
  email: string,
  options: { name?: string; password?: string; staffRole?: StaffRole } = {},
): Promise<TestUser> {
  const password = options.password ?? TEST_PASSWORD;
  // The first staff account is always an admin (decision 0031); the role applies from the second.
  const member = await addStaff(null, email, password, options.name, options.staffRole);
  const { headers } = await (await auth()).api.signInEmail({ body: { email, password }, returnHeaders: true });
  return { id: member.id, email, cookie: sessionCookieFrom(headers) };
}
