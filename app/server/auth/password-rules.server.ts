import { newPasswordField, passwordTooShort, type PasswordAudience } from "~/lib/password-rules";
import { roleForEmail } from "~/lib/roles";
import { companyDomain } from "~/server/brand/company-domain.server";

// Passwords: refuse the most common passwords, from zxcvbn-ts's maintained list (about
// 49,000 passwords from breach corpora). Loaded on first use: only password-setting forms need it.

export const COMMON_PASSWORD = "This password is on the list of the most common passwords. Choose one that is harder to guess.";

let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"] ?? []));
  return common;
}

/** The message if the password is too common, else null. Case does not make a password uncommon. */
export async function commonPasswordProblem(password: string): Promise<string | null> {
  const list = await commonPasswords();
  return list.has(password) || list.has(password.toLowerCase()) ? COMMON_PASSWORD : null;
}

/** Staff rules for company addresses, client rules for everyone else. */
export function passwordAudienceOf(email: string): PasswordAudience {
  return roleForEmail(email, companyDomain()) === "employee" ? "staff" : "client";
}

/** Every rule a new password must pass (length for its audience, then the common list): the first
 *  failing rule's message, or null. For actions whose schema could not know the audience. */
export async function newPasswordProblem(password: string, audience: PasswordAudience): Promise<string | null> {
  const length = newPasswordField(audience).safeParse(password);
  if (!length.success) return length.error.issues[0]?.message ?? passwordTooShort(audience);
  return commonPasswordProblem(password);
}
