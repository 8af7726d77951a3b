export type Role = "client" | "employee";

/** SPEC §4: an e-mail in the company domain (case-insensitive) is an employee, anyone else a client. */
export function roleForEmail(email: string, companyDomain: string): Role {
  return email.trim().toLowerCase().endsWith(`@${companyDomain.toLowerCase()}`) ? "employee" : "client";
}
