import { getBrand } from "~/server/brand/brand.server";
import type { PasskeyView } from "~/lib/account-paths";
import { APIError } from "better-auth/api";
import { CONFIRMATION_MESSAGES } from "~/lib/schemas/identity-confirmation";
import { EMPLOYEE_ON_CUSTOMER_FORM, SIGN_IN_FAILED, TOO_MANY_ATTEMPTS, employeeDomainOnly } from "~/lib/auth-messages";
import { looksLikeCompanyEmail, roleForEmail } from "~/lib/roles";
import { currentDialect, db } from "~/server/db/db.server";
import { clientIpBucket } from "~/server/defence/client-ip-bucket";
import { hitRateLimit } from "~/server/defence/rate-limit.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { auth } from "./auth.server";
import { companyDomain } from "~/server/brand/company-domain.server";
import type { PendingStepUp } from "./session.server";

// Passkeys (decision 0030). Every step runs through our own routes, which call the
// plugin's endpoints server-side: /api/auth stays closed (auth-api.ts), and a sign-in is checked
// against the form it came from (SPEC §5) before any session exists.

export type SignInForm = "client" | "employee";
type Outcome<T> = { ok: true; value: T; headers: Headers } | { ok: false; status: number; message: string };

// Options and verifications both count: a script cannot ask for challenges or try answers unbounded.
const ATTEMPTS_PER_IP = { limit: 30, windowMs: 15 * 60_000 };

/**
 * The plugin answers a credential it cannot verify with an APIError, some of them 500s
 * ("failed to verify registration"): each is the browser's bad answer, so a 4xx here. Anything
 * else is ours, and a 500.
 */
function failed(error: unknown, message: string, status = 400): { ok: false; status: number; message: string } {
  if (error instanceof APIError) {
    logger.warn({ code: (error.body as { code?: string } | undefined)?.code, status: error.statusCode }, "passkey step refused");
    return { ok: false, status, message };
  }
  logger.error({ err: error }, "passkey step failed");
  return { ok: false, status: 500, message };
}

/** Adding a passkey without a recent confirmation (auth-hooks.server.ts, decision 0053): the page asks for one. */
function unconfirmed(error: unknown): { ok: false; status: number; message: string } | null {
  const code = error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
  return code === "CONFIRMATION_REQUIRED" ? { ok: false, status: 403, message: CONFIRMATION_MESSAGES.required } : null;
}

/** Headers for a server-side call: the browser's (cookies, client IP) with the origin it must present. */
function callHeaders(request: Request): Headers {
  const headers = new Headers(request.headers);
  headers.set("origin", new URL(getEnv().APP_URL).origin);
  return headers;
}

async function attemptAllowed(clientIp: string): Promise<boolean> {
  return hitRateLimit(`passkey:ip:${clientIpBucket(clientIp)}`, ATTEMPTS_PER_IP);
}

/** The browser's credential, as JSON; the plugin checks its content. */
export function parseCredential(raw: FormDataEntryValue | null): { id: string } | null {
  if (typeof raw !== "string" || raw.length > 64_000) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string" ? (value as { id: string }) : null;
  } catch {
    return null;
  }
}

/** Options for navigator.credentials.create, for the signed-in user; sets the challenge cookie. */
export async function passkeyRegistrationOptions(request: Request): Promise<Outcome<unknown>> {
  try {
    const { headers, response } = await (
      await auth()
    ).api.generatePasskeyRegistrationOptions({ headers: callHeaders(request), returnHeaders: true });
    // The prompt names the brand as it is now (the plugin's rpName is fixed at start-up).
    return { ok: true, value: { ...response, rp: { ...response.rp, name: (await getBrand()).shortName } }, headers };
  } catch (error) {
    // Better Auth also asks for a recent sign-in ("fresh" session, one day) before a new credential.
    return unconfirmed(error) ?? failed(error, "Could not start adding a passkey. Sign in again and retry.");
  }
}

/** Stores the new credential for the signed-in user, under the name given (optional). */
export async function registerPasskey(request: Request, response: unknown, name: string | undefined): Promise<Outcome<null>> {
  try {
    const { headers } = await (
      await auth()
    ).api.verifyPasskeyRegistration({
      body: { response, ...(name ? { name } : {}) },
      headers: callHeaders(request),
      returnHeaders: true,
    });
    return { ok: true, value: null, headers };
  } catch (error) {
    return unconfirmed(error) ?? failed(error, "The passkey could not be added. Please try again.");
  }
}

/** Options for navigator.credentials.get (discoverable credentials: no user named yet). */
export async function passkeySignInOptions(request: Request, clientIp: string): Promise<Outcome<unknown>> {
  if (!(await attemptAllowed(clientIp))) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  try {
    const { headers, response } = await (
      await auth()
    ).api.generatePasskeyAuthenticationOptions({ headers: callHeaders(request), returnHeaders: true });
    return { ok: true, value: response, headers };
  } catch (error) {
    return failed(error, SIGN_IN_FAILED);
  }
}

/** The e-mail of the account a credential belongs to, or null: read before anything is verified. */
async function ownerEmail(credentialId: string): Promise<string | null> {
  const row = await db()
    .selectFrom("passkeys")
    .innerJoin("users", "users.id", "passkeys.userId")
    .select("users.email")
    .where("passkeys.credentialId", "=", credentialId)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** SPEC §5 on passkeys: the refusal message when the account belongs on the other form. */
function wrongForm(email: string, form: SignInForm): string | null {
  const domain = companyDomain();
  if (form === "client" && looksLikeCompanyEmail(email, domain)) return EMPLOYEE_ON_CUSTOMER_FORM;
  if (form === "employee" && roleForEmail(email, domain) !== "employee") return employeeDomainOnly(domain);
  return null;
}

/**
 * Verifies the browser's assertion and opens a session. The owner's form is checked first, so a
 * staff passkey on the client form (or the reverse) is refused before its challenge is spent and
 * no session is ever created for it.
 */
export async function signInWithPasskey(
  request: Request,
  response: { id: string },
  form: SignInForm,
  clientIp: string,
  stepUp: PendingStepUp | null = null,
): Promise<Outcome<null>> {
  if (!(await attemptAllowed(clientIp))) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  const email = await ownerEmail(response.id);
  if (!email) return { ok: false, status: 401, message: SIGN_IN_FAILED };
  // At the second-factor step (after Google or an e-mailed link) only that account's own passkey
  // answers: another account's would sign someone else in from a page that named this one.
  if (stepUp && email.toLowerCase() !== stepUp.email.toLowerCase()) return { ok: false, status: 401, message: SIGN_IN_FAILED };
  const refusal = wrongForm(email, form);
  if (refusal) return { ok: false, status: 400, message: refusal };
  try {
    const api = (await auth()).api;
    // The plugin validates the assertion's shape itself (a record, then @simplewebauthn's checks).
    type Assertion = NonNullable<Parameters<typeof api.verifyPasskeyAuthentication>[0]>["body"]["response"];
    const { headers, response: signedIn } = await api.verifyPasskeyAuthentication({
      body: { response: response as unknown as Assertion },
      headers: callHeaders(request),
      returnHeaders: true,
    });
    await markPasskeySession(signedIn.session.token);
    // The passkey's session replaces the half-open one (its cookie is overwritten); its row goes too,
    // so the account's session list does not show a sign-in that never finished.
    if (stepUp) await db().deleteFrom("sessions").where("id", "=", stepUp.sessionId).execute();
    if (stepUp) logger.info({ userId: stepUp.userId }, "second factor answered with a passkey");
    return { ok: true, value: null, headers };
  } catch (error) {
    return failed(error, SIGN_IN_FAILED, 401);
  }
}

/** Records that this session was opened by a passkey (the sign-in that is two factors by itself). */
async function markPasskeySession(token: string): Promise<void> {
  await db()
    .updateTable("sessions")
    .set({ passkeySignIn: currentDialect() === "sqlite" ? 1 : true })
    .where("token", "=", token)
    .execute();
}

/**
 * For STAFF_2FA (decision 0030): whether the request's session was opened by a passkey. A passkey
 * sign-in proves the device and its unlock, so it stands for a second factor; an account that only
 * owns a passkey but signed in with its password does not.
 */
export async function signedInWithPasskey(request: Request): Promise<boolean> {
  const result = await (await auth()).api.getSession({ headers: request.headers, query: { disableRefresh: true } });
  return Boolean(result?.session.passkeySignIn);
}

/** Whether the user has any passkey (for the Settings rows that describe their sign-in). */
export async function hasPasskey(userId: string): Promise<boolean> {
  const row = await db().selectFrom("passkeys").select("id").where("userId", "=", userId).executeTakeFirst();
  return row !== undefined;
}

/** The signed-in user's passkeys (never their keys): through the plugin, scoped to the session. */
export async function listPasskeys(request: Request): Promise<PasskeyView[]> {
  const passkeys = await (await auth()).api.listPasskeys({ headers: request.headers });
  return passkeys.map((p) => ({
    id: p.id,
    name: p.name?.trim() || "Passkey",
    createdAt: p.createdAt ? new Date(p.createdAt).toISOString() : null,
  }));
}

/** Renames one of the user's passkeys; false when it is not theirs (or gone). */
export async function renamePasskey(request: Request, id: string, name: string): Promise<boolean> {
  try {
    await (await auth()).api.updatePasskey({ body: { id, name }, headers: request.headers });
    return true;
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return false;
    throw error;
  }
}

/** Deletes one of the user's passkeys; false when it is not theirs (or gone). */
export async function deletePasskey(request: Request, id: string): Promise<boolean> {
  try {
    await (await auth()).api.deletePasskey({ body: { id }, headers: request.headers });
    return true;
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return false;
    throw error;
  }
}

/** Deletes every passkey of the account (a password reset's option, decision 0053); how many went. */
export async function removeAllPasskeys(userId: string): Promise<number> {
  const result = await db().deleteFrom("passkeys").where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
