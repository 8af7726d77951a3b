import { isStaffRole, type StaffRole } from "~/lib/staff-roles";

// A staff member's role and disabled state as Better Auth hands the user row over
// (its additionalFields, auth.server.ts). Leaf module: the auth config and the session guard share it.

interface StaffFields {
  staffRole?: unknown;
  staffDisabledAt?: unknown;
}

/** Whether an admin has disabled this account (no session may be created or used). */
export function staffDisabled(row: object): boolean {
  // Better Auth's own types of the user row leave out our additional fields.
  const user = row as StaffFields;
  return user.staffDisabledAt !== null && user.staffDisabledAt !== undefined && Number(user.staffDisabledAt) > 0;
}

/** The stored role, or null when the account has none (it then only reaches its own account page). */
export function staffRoleOf(row: object): StaffRole | null {
  const user = row as StaffFields;
  return isStaffRole(user.staffRole) ? user.staffRole : null;
}
