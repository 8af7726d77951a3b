import { AsyncLocalStorage } from "node:async_hooks";
import { db } from "~/server/db/db.server";

// Decision 0034: whether an invitation expects a new client account, and the acceptance
// in progress. Here, below the models, so the auth layer may ask (never from inside Better Auth's
// own transaction on SQLite: registration-gate.server.ts reads its facts beforehand).

const accepting = new AsyncLocalStorage<string>();

/** Runs `create` as the acceptance of an invitation to `email` (see hasPendingClientInvitation). */
export function whileAcceptingInvitation<T>(email: string, create: () => Promise<T>): Promise<T> {
  return accepting.run(email.toLowerCase(), create);
}

/** Inside `whileAcceptingInvitation` for this address: the link proved it, so it counts as verified. */
export function acceptingClientInvitation(email: string): boolean {
  return accepting.getStore() === email.trim().toLowerCase();
}

/**
 * Whether a new client account for `email` is expected: an invitation is pending for it (Google's
 * sign-up during acceptance), or it is being accepted right now (the password form). The Better
 * Auth user-create hook admits these when self-registration is off.
 */
export async function hasPendingClientInvitation(email: string, now = Date.now()): Promise<boolean> {
  const address = email.trim().toLowerCase();
  if (acceptingClientInvitation(address)) return true;
  const row = await pendingClientInvitations(now).select("i.id").where("i.email", "=", address).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Invitations that can still be accepted: neither accepted, revoked nor expired, in an open company. */
export function pendingClientInvitations(now = Date.now()) {
  return db()
    .selectFrom("clientInvitations as i")
    .innerJoin("companies as c", "c.id", "i.companyId")
    .where("i.acceptedAt", "is", null)
    .where("i.revokedAt", "is", null)
    .where("i.expiresAt", ">", now)
    .where("c.closedAt", "is", null);
}
