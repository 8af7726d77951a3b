import { AsyncLocalStorage } from "node:async_hooks";
import { isCompanyLookalike, looksLikeCompanyEmail, roleForEmail } from "~/lib/roles";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { companyDomain } from "~/server/brand/company-domain.server";

// Decision 0026: who Better Auth may admit with a company address. Staff accounts are
// made in the console or with `npm run staff`; Google only signs in accounts that already exist.
// Runs as Better Auth's `user.validateUserInfo`, before it creates a user, links a provider
// account or signs a provider account in, so a refused identity never gets a session.

/** Refusal codes (the `error` of the callback's redirect) start with this. */
export const STAFF_REFUSAL_PREFIX = "staff_";
const GOOGLE_ISSUERS = new Set(["https://accounts.google.com", "accounts.google.com"]);

const provisioning = new AsyncLocalStorage<true>();

/** Runs `create` as staff provisioning: the only way a company-domain user comes into being. */
export function provisionStaffAccount<T>(create: () => Promise<T>): Promise<T> {
  return provisioning.run(true, create);
}

/** Inside `provisionStaffAccount`: the console or CLI vouches for the address. */
export function provisioningStaff(): boolean {
  return provisioning.getStore() === true;
}

export interface IdentityToCheck {
  user: { id?: unknown; email?: unknown; emailVerified?: unknown };
  source: { action: string; method: string; oauth?: { providerId: string; profile?: Record<string, unknown> | undefined } | undefined };
}

export type IdentityVerdict = { error: string; errorDescription: string } | undefined;

/** Reads the stored e-mail of an existing user (the account Google is about to sign in). */
export type StoredEmailOf = (userId: string) => Promise<string | undefined>;

function refuse(reason: string, email: string, source: IdentityToCheck["source"]): IdentityVerdict {
  logger.warn({ reason, email, action: source.action, method: source.method }, "company identity refused");
  return { error: `${STAFF_REFUSAL_PREFIX}${reason}`, errorDescription: "This account cannot sign in as staff." };
}

/** Google's hosted domain: required from Google's issuer, and never another domain from any issuer. */
export function hostedDomainAllowed(profile: Record<string, unknown>, domain: string): boolean {
  const hd = typeof profile.hd === "string" ? profile.hd.toLowerCase() : undefined;
  const fromGoogle = GOOGLE_ISSUERS.has(String(profile.iss ?? "")) || GOOGLE_ISSUERS.has(getEnv().GOOGLE_ISSUER.replace(/\/$/, ""));
  if (fromGoogle) return hd === domain.toLowerCase();
  return hd === undefined || hd === domain.toLowerCase();
}

export async function checkIdentity({ user, source }: IdentityToCheck, storedEmailOf: StoredEmailOf): Promise<IdentityVerdict> {
  const domain = companyDomain();
  // Better Auth hands us the address already lower-cased ("\u212A" → "k"): judge the provider's own.
  const claimed = typeof source.oauth?.profile?.email === "string" ? source.oauth.profile.email : String(user.email ?? "");
  const given = String(user.email ?? "");
  // A returning Google account is tied to a user by its subject, whatever address it shows today.
  const stored = source.action !== "create-user" && typeof user.id === "string" ? await storedEmailOf(user.id) : undefined;
  const company = [claimed, given, stored ?? ""].some((email) => looksLikeCompanyEmail(email, domain));
  if (!company) return undefined;
  if ([claimed, given].some((email) => isCompanyLookalike(email, domain))) return refuse("lookalike_address", claimed, source);
  if (source.action === "create-user") {
    return source.method === "email-password" && provisioningStaff() ? undefined : refuse("not_provisioned", claimed, source);
  }
  if (source.method !== "oauth") return refuse("unsupported_method", claimed, source);
  if (stored === undefined || roleForEmail(stored, domain) !== "employee") return refuse("not_provisioned", claimed, source);
  if (stored !== given.toLowerCase()) return refuse("address_changed", claimed, source);
  if (user.emailVerified !== true) return refuse("email_unverified", claimed, source);
  if (!hostedDomainAllowed(source.oauth?.profile ?? {}, domain)) return refuse("hosted_domain", claimed, source);
  return undefined;
}
