import type { SessionView } from "~/lib/account-paths";
import Bowser from "bowser";
import type { Role } from "~/lib/roles";
import { db } from "~/server/db/db.server";
import { auth } from "./auth.server";
import { ABSOLUTE_LIFETIME_MS } from "./session.server";

// Sessions you can see (decision 0030). The page gets each session's row id, never its
// token: the token is the cookie's value, so it stays in the database and in this module.

/** "Firefox 133 on Windows" from a user agent; parsed here, so no parser reaches the browser. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const os = parsed.os.name ?? "";
  if (!browser) return os || "Unknown device";
  return os ? `${browser} on ${os}` : browser;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The id of the session the request carries, or null. */
async function currentSessionId(request: Request): Promise<string | null> {
  const result = await (await auth()).api.getSession({ headers: request.headers, query: { disableRefresh: true } });
  return result?.session.id ?? null;
}

/**
 * The user's sessions still in force (not expired, within the absolute lifetime of their role),
 * newest first. Read from the table: Better Auth's list-sessions asks for a recent sign-in.
 */
export async function listSessions(request: Request, user: { id: string; role: Role }): Promise<SessionView[]> {
  const now = Date.now();
  const [rows, current] = await Promise.all([
    db()
      .selectFrom("sessions")
      .select(["id", "userAgent", "ipAddress", "createdAt", "updatedAt", "expiresAt", "passkeySignIn"])
      .where("userId", "=", user.id)
      .execute(),
    currentSessionId(request),
  ]);
  return rows
    .filter((row) => new Date(row.expiresAt).getTime() > now && now - new Date(row.createdAt).getTime() <= ABSOLUTE_LIFETIME_MS[user.role])
    .sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime())
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      ipAddress: row.ipAddress,
      signedInAt: iso(row.createdAt),
      lastSeenAt: iso(row.updatedAt),
      current: row.id === current,
      viaPasskey: Boolean(row.passkeySignIn),
    }));
}

/**
 * Signs one of the user's own sessions out. False when no session with that id belongs to them:
 * the lookup is by id AND owner, and Better Auth checks the owner once more before deleting.
 */
export async function revokeSession(request: Request, userId: string, sessionId: string): Promise<boolean> {
  const row = await db().selectFrom("sessions").select("token").where("id", "=", sessionId).where("userId", "=", userId).executeTakeFirst();
  if (!row) return false;
  await (await auth()).api.revokeSession({ headers: request.headers, body: { token: row.token } });
  return true;
}

/** Signs out every session of the user but the one making the request. */
export async function revokeOtherSessions(request: Request): Promise<void> {
  await (await auth()).api.revokeOtherSessions({ headers: request.headers });
}
