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
  /** Whether invoices are mailed to them: their own choice, else whether they are a client admin. */
  receivesInvoices: boolean;
  lastSignInAt: number | null;
  createdAt: number;
}

/** A teammate as the company's members see them on the portal's Team page. */
export type Teammate = Pick<CompanyMember, "id" | "name" | "email" | "clientAdmin" | "receivesInvoices">;

const truthy = (value: boolean | number | null) => value === true || value === 1;

/** "Receives invoices" as stored (null: nobody chose) read as a yes or no: unset follows client admin. */
export function receivesInvoicesOf(member: { clientAdmin: boolean | number; receivesInvoices: boolean | number | null }): boolean {
  return member.receivesInvoices === null ? truthy(member.clientAdmin) : truthy(member.receivesInvoices);
}

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
  /** Sees only the companies they are assigned to (decision 0105); never true of an admin in effect. */
  assignedOnly: boolean;
}

/** The answer after a member's "receives invoices" changed: who now gets the invoice mail. */
export function receivesInvoicesMessage(email: string, value: boolean): string {
  return value ? `${email} receives the company's invoices by e-mail.` : `${email} no longer receives the company's invoices.`;
}
