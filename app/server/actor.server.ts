import type { SessionUser } from "./session.server";

/** The staff member behind a change: recorded in the audit log and shown to the client. */
export type Actor = Pick<SessionUser, "id" | "email" | "name">;

/** Issue 5: staff are shown by name, or by e-mail when the account has no name. */
export function actorName(actor: Actor): string {
  return actor.name.trim() || actor.email;
}
