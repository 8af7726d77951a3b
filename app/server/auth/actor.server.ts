import type { Role } from "~/lib/roles";
import type { StaffRole } from "~/lib/staff-roles";

// Leaf types: models take the person behind a change without importing the session machinery.

/** Whoever makes a change: recorded in the audit log and, for staff, shown to the client. */
export interface Actor {
  id: string;
  email: string;
  name: string;
}

/** The signed-in user of a request (auth/session.server.ts). */
export interface SessionUser extends Actor {
  role: Role;
  emailVerified: boolean;
  /** The console role of staff (decision 0031); null for clients. */
  staffRole: StaffRole | null;
}

/** Staff are shown by name, or by e-mail when the account has no name. */
export function actorName(actor: Actor): string {
  return actor.name.trim() || actor.email;
}
