import { createHash } from "node:crypto";
import { roleForEmail, type Role } from "~/lib/roles";
import { SIGN_IN_LINK_MESSAGES } from "~/lib/schemas/sign-in-link";
import { companyDomain } from "~/server/brand/company-domain.server";
import { db } from "~/server/db/db.server";
import { clientIpBucket } from "~/server/defence/client-ip-bucket";
import { accountMailAllowedFromIp } from "~/server/defence/mail-limits.server";
import { hitRateLimit, type RateRule } from "~/server/defence/rate-limit.server";
import { logger } from "~/server/logger.server";
import { settingsFromRows } from "~/lib/app-settings";
import { auth } from "./auth.server";
import { staffDisabled } from "./staff-access.server";
import { expiredByItsOwnWord } from "./sign-in-link-token.server";

// Decision 0098: sign-in by an e-mailed link, through Better Auth's magic-link plugin
// (magic-link-options.server.ts), called only from our routes. Who may get a link is decided here;
// the session is opened by the plugin through the same hooks as every sign-in, so a disabled staff
// member gets none and an account with two-factor on gets a session that waits for its code.

/** Uses of links (right or wrong) per client IP (IPv6 by /64), like sign-in attempts. */
export const LINK_USES_PER_IP: RateRule = { limit: 30, windowMs: 15 * 60_000 };

/** What the plugin stores: the token's SHA-256, base64url (its "hashed" storage). */
function storedIdentifier(token: string): string {
  return `magic-link:${createHash("sha256").update(token).digest("base64url")}`;
}

interface MayHaveLink {
  email: string;
  emailVerified: boolean;
  staffDisabledAt?: unknown;
}

/** The console switch, read as registration-gate.server.ts reads its own (auth may not import models). */
async function staffMayUseLinks(): Promise<boolean> {
  const rows = await db().selectFrom("appSettings").select(["key", "value"]).where("key", "=", "staffMagicLink").execute();
  return settingsFromRows(rows).staffMagicLink;
}

/** A verified client account always; a staff account only when an admin allows it and not disabled. */
async function mayHaveLink(user: MayHaveLink | null | undefined): Promise<boolean> {
  if (!user?.emailVerified) return false;
  if (roleForEmail(user.email, companyDomain()) === "client") return true;
  return !staffDisabled(user) && (await staffMayUseLinks());
}

/**
 * "E-mail me a sign-in link": queues a link for an address that may have one, and nothing for any
 * other. The caller answers the same either way (SIGN_IN_LINK_MESSAGES.sent). Throttled like the
 * reset mail: per client IP here, per address in queueSignInLinkMail.
 */
export async function requestSignInLink(request: Request, email: string, clientIp: string): Promise<void> {
  if (!(await accountMailAllowedFromIp(clientIp, "sign-in-link"))) return;
  try {
    const instance = await auth();
    const found = await (await instance.$context).internalAdapter.findUserByEmail(email);
    if (!(await mayHaveLink(found?.user))) return;
    await instance.api.signInMagicLink({ body: { email: found!.user.email }, headers: request.headers });
  } catch (error) {
    // Logged, not shown: an error here must not tell the visitor anything about the address.
    logger.error({ err: error }, "sign-in link request failed");
  }
}

const redirected = (error: unknown) => Boolean(error && typeof error === "object" && "statusCode" in error && error.statusCode === 302);

export type LinkState = "valid" | "expired" | "used";

/** What a link is now, read without spending it: the confirmation page's GET and the POST's check. */
export async function signInLinkState(token: string): Promise<{ state: LinkState; email: string | null }> {
  if (!token) return { state: "used", email: null };
  const context = await (await auth()).$context;
  const row = await context.internalAdapter.findVerificationValue(storedIdentifier(token));
  if (!row) return { state: expiredByItsOwnWord(token) ? "expired" : "used", email: null };
  let email: string | null = null;
  try {
    email = String((JSON.parse(row.value) as { email?: unknown }).email ?? "") || null;
  } catch {
    return { state: "used", email: null };
  }
  return { state: new Date(row.expiresAt).getTime() <= Date.now() ? "expired" : "valid", email };
}

export type LinkSignIn =
  | { ok: true; headers: Headers; role: Role; secondFactorPending: boolean }
  | { ok: false; status: number; message: string; state?: LinkState };

const refusedFor = (state: LinkState): LinkSignIn => ({
  ok: false,
  status: 400,
  state,
  message: state === "expired" ? SIGN_IN_LINK_MESSAGES.expired : SIGN_IN_LINK_MESSAGES.used,
});

/**
 * The confirmation page's POST: spends the link (the plugin deletes its row in one conditional
 * delete, so of two uses at once only the first opens a session) and opens the session. With
 * two-factor on, that session waits for its code (step-up-marker.server.ts).
 */
export async function signInWithLink(request: Request, token: string, clientIp: string): Promise<LinkSignIn> {
  if (!(await hitRateLimit(`sign-in-link:ip:${clientIpBucket(clientIp)}`, LINK_USES_PER_IP))) {
    return { ok: false, status: 429, message: SIGN_IN_LINK_MESSAGES.tooMany };
  }
  const { state, email } = await signInLinkState(token);
  if (state !== "valid") return refusedFor(state);
  // A staff link mailed before an admin turned the setting off is not honoured (nor spent).
  const instance = await auth();
  const account = email ? await (await instance.$context).internalAdapter.findUserByEmail(email) : null;
  if (!(await mayHaveLink(account?.user))) return refusedFor("used");
  try {
    const { headers, response } = await instance.api.magicLinkVerify({ query: { token }, headers: request.headers, returnHeaders: true });
    const session = await db().selectFrom("sessions").select("secondFactorPending").where("token", "=", response.token).executeTakeFirst();
    const secondFactorPending = Boolean(session?.secondFactorPending);
    logger.info({ userId: response.user.id, method: "sign-in-link", secondFactorPending }, "signed in with an e-mailed link");
    return { ok: true, headers, role: roleForEmail(response.user.email, companyDomain()), secondFactorPending };
  } catch (error) {
    // The plugin answers a token it could not spend (another use was first) with a redirect to its
    // error page, the only redirect this call throws (better-call's own APIError class, not the one
    // better-auth/api re-exports, hence the duck check).
    if (redirected(error)) return refusedFor("used");
    logger.error({ err: error }, "sign-in link could not be used");
    return { ok: false, status: 500, message: SIGN_IN_LINK_MESSAGES.failed };
  }
}
