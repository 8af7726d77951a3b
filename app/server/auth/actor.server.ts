import type { Role } from "~/lib/roles";
import type { StaffRole } from "~/lib/staff-roles";
import { displayName } from "~/lib/people";

// Leaf types: models take the person behind a change without importing the session machinery.

/** Whoever makes a change: recorded in the audit log and, for staff, shown to the client. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  /** Set when an API token acts (decision 0104): `id` is the token's, not a person's. */
  via?: "api-token";
}

/** The person behind a change, for columns that point at an account; null when an API token acted. */
export function personIdOf(actor: Actor): string | null {
  return actor.via === "api-token" ? null : actor.id;
}

/** The signed-in user of a request (auth/session.server.ts). */
export interface SessionUser extends Actor {
  role: Role;
  emailVerified: boolean;
  /** The console role of staff (decision 0031); null for clients. */
  staffRole: StaffRole | null;
  /** Their own time zone as stored with the account (null: none yet); absent when not read with the session. */
  timeZone?: string | null;
}

/** Whoever acted, as shown (app/lib/people.ts). */
export function actorName(actor: Actor): string {
  return displayName(actor);
}
