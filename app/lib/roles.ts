export type Role = "client" | "employee";

// `"\u212A".toLowerCase()` is the ASCII "k", and Better Auth lower-cases every address it
// stores, so a Kelvin sign (or any character that folds into ASCII) could turn a foreign address into
// the company's. Company addresses are plain ASCII; a look-alike is refused, never granted.
const PLAIN_ASCII = /^[\x21-\x7e]+$/;

function inDomain(lowerEmail: string, companyDomain: string): boolean {
  return lowerEmail.endsWith(`@${companyDomain.toLowerCase()}`);
}

/** SPEC §4: a plain-ASCII e-mail in the company domain (any letter case) is an employee, anyone else a client. */
export function roleForEmail(email: string, companyDomain: string): Role {
  const address = email.trim();
  if (!PLAIN_ASCII.test(address)) return "client";
  return inDomain(
    address.replace(/[A-Z]/g, (c) => c.toLowerCase()),
    companyDomain,
  )
    ? "employee"
    : "client";
}

/**
 * Whether an address is, or could pass for, a company address once normalised (NFKC, lower case):
 * the client forms and Google's customer button refuse these, so a look-alike never reaches Better
 * Auth's lower-casing as a client either.
 */
export function looksLikeCompanyEmail(email: string, companyDomain: string): boolean {
  return inDomain(email.normalize("NFKC").trim().toLowerCase(), companyDomain) || roleForEmail(email, companyDomain) === "employee";
}

/** A company-domain look-alike that is not the plain-ASCII company address itself. */
export function isCompanyLookalike(email: string, companyDomain: string): boolean {
  return looksLikeCompanyEmail(email, companyDomain) && roleForEmail(email, companyDomain) !== "employee";
}
