import { db } from "~/server/db/db.server";

// Decision 0053: a right "confirm it's you" answer marks its session (sessions.confirmed_at) for a
// few minutes. Apart from identity-confirmation.server.ts so that Better Auth's hooks can read it.

/** How long one confirmation stands: time to add a passkey, not to walk away. */
export const CONFIRMATION_TTL_MS = 10 * 60_000;

/** Until when the session's last confirmation stands, or null when it has none that is recent. */
export async function confirmedUntil(sessionId: string, now = Date.now()): Promise<Date | null> {
  const row = await db().selectFrom("sessions").select("confirmedAt").where("id", "=", sessionId).executeTakeFirst();
  const at = row?.confirmedAt === null || row?.confirmedAt === undefined ? null : Number(row.confirmedAt);
  return at !== null && now - at < CONFIRMATION_TTL_MS ? new Date(at + CONFIRMATION_TTL_MS) : null;
}

/** Marks the user's session `sessionId` as confirmed now. */
export async function markConfirmed(sessionId: string, userId: string, now = Date.now()): Promise<Date> {
  await db().updateTable("sessions").set({ confirmedAt: now }).where("id", "=", sessionId).where("userId", "=", userId).execute();
  return new Date(now + CONFIRMATION_TTL_MS);
}
