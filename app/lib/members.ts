import type { StaffRole } from "./staff-roles";

// The people views the server's queries return and the pages show, declared once for both.

/** A company's member as staff see them on the company page (decision 0033). */
export interface CompanyMember {
  id: string;
  email: string;
  /** As every page shows a person: full name, else e-mail (lib/people.ts). */
  name: string;
  fullName: string | null;
  clientAdmin: boolean;
  lastSignInAt: number | null;
  createdAt: number;
}

/** A teammate as the company's members see them on the portal's Team page. */
export type Teammate = Pick<CompanyMember, "id" | "name" | "email" | "clientAdmin">;

/** An invitation to a company not yet accepted, revoked or replaced. */
export interface PendingClientInvitation {
  id: string;
  companyId: string;
  email: string;
  name: string;
  clientAdmin: boolean;
  createdAt: number;
  expiresAt: number;
  expired: boolean;
}

/** A staff account as the Staff page lists it. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  /** ISO time: the page turns it into epoch ms for its row. */
  createdAt: string;
  staffRole: StaffRole | null;
  /** Epoch ms when disabled; null while active. */
  disabledAt: number | null;
}
