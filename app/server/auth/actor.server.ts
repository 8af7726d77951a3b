import type { Role } from "~/lib/roles";
import type { StaffRole } from "~/lib/staff-roles";
import { displayName } from "~/lib/people";

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

/** Whoever acted, as shown (app/lib/people.ts). */
export function actorName(actor: Actor): string {
  return displayName(actor);
}
