import { APIError } from "better-auth/api";
import { EMPLOYEE_ON_CUSTOMER_FORM, REGISTER_FAILED, SIGN_IN_FAILED, TOO_MANY_ATTEMPTS } from "~/lib/auth-messages";
import { looksLikeCompanyEmail, roleForEmail } from "~/lib/roles";
import type { Credentials, Registration } from "~/lib/schemas/credentials";
import { auth, GOOGLE_PROVIDER_ID } from "./auth.server";
import { logger } from "~/server/logger.server";
import { clientIpBucket } from "~/server/defence/client-ip-bucket";
import { hitRateLimit } from "~/server/defence/rate-limit.server";
import { knownDeviceCookie, knownDeviceFor } from "./known-device.server";
import { reserveLoginAttempt } from "./sign-in-throttle.server";
import { companyDomain } from "~/server/brand/company-domain.server";
import { ensureOwnCompany } from "./membership.server";

/** `twoFactor`: the password was right and the account asks for its second factor (/two-factor). */
type AuthOutcome = { ok: true; headers: Headers; twoFactor?: boolean } | { ok: false; status: number; message: string };

// docs/security.md "Rate limits": calling auth.api from an action skips Better Auth's limiter, so
// we count here, in the shared counters. Sign-in: sign-in-throttle.server.ts (decision 0027).
const REGISTRATIONS_PER_IP = { limit: 100, windowMs: 15 * 60_000 };

function failure(error: unknown, fallback: string): AuthOutcome {
  if (error instanceof APIError) {
    const message = (error.body as { message?: string } | undefined)?.message ?? error.message;
    return { ok: false, status: error.statusCode >= 500 ? 500 : 400, message: message || fallback };
  }
  logger.error({ err: error }, "authentication call failed");
  return { ok: false, status: 500, message: fallback };
}

/** The employee form's check: a plain-ASCII company address. */
export function isEmployeeEmail(email: string): boolean {
  return roleForEmail(email, companyDomain()) === "employee";
}

/** The client forms' check: a company address or a look-alike of one, refused there. */
function claimsCompanyAddress(email: string): boolean {
  return looksLikeCompanyEmail(email, companyDomain());
}

/** E-mail + password sign-in; `as` says which form it came from (SPEC §5 domain rules). */
export async function signInWithPassword(
  request: Request,
  credentials: Credentials,
  options: { as: "client" | "employee"; clientIp: string; failureMessage?: string },
): Promise<AuthOutcome> {
  if (options.as === "client" && claimsCompanyAddress(credentials.email))
    return { ok: false, status: 400, message: EMPLOYEE_ON_CUSTOMER_FORM };
  // Counted before the password is checked, so parallel guesses cannot outrun the count.
  const device = knownDeviceFor(request, credentials.email);
  const reservation = await reserveLoginAttempt(options.clientIp, credentials.email, device);
  if (!reservation.allowed) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  try {
    const { headers, response } = await (
      await auth()
    ).api.signInEmail({
      body: { email: credentials.email, password: credentials.password },
      headers: request.headers,
      returnHeaders: true,
    });
    await reservation.succeeded();
    headers.append("Set-Cookie", knownDeviceCookie(credentials.email, device));
    return { ok: true, headers, twoFactor: "twoFactorRedirect" in response && response.twoFactorRedirect === true };
  } catch (error) {
    const outcome = failure(error, SIGN_IN_FAILED);
    return options.failureMessage && !outcome.ok ? { ...outcome, message: options.failureMessage } : outcome;
  }
}

/**
 * A new client account. Its name is the full name given, or none (pages show the e-mail: decision
 * 0075); its company is made at once, named as given or, without a name, after the person.
 */
export async function registerWithPassword(request: Request, registration: Registration, clientIp: string): Promise<AuthOutcome> {
  if (claimsCompanyAddress(registration.email)) return { ok: false, status: 400, message: EMPLOYEE_ON_CUSTOMER_FORM };
  if (!(await hitRateLimit(`register:ip:${clientIpBucket(clientIp)}`, REGISTRATIONS_PER_IP))) {
    return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  }
  try {
    const { headers, response } = await (
      await auth()
    ).api.signUpEmail({
      body: { email: registration.email, password: registration.password, name: registration.fullName ?? "" },
      headers: request.headers,
      returnHeaders: true,
    });
    await ensureOwnCompany(response.user, registration.companyName);
    return { ok: true, headers };
  } catch (error) {
    return failure(error, REGISTER_FAILED);
  }
}

/** Starts Google (OpenID Connect) sign-in: the URL to send the browser to, with the state cookie. */
export async function startGoogleSignIn(
  request: Request,
  urls: { callbackURL: string; errorCallbackURL: string },
): Promise<{ url: string; headers: Headers } | null> {
  try {
    // The generic OAuth plugin registers Google as a social provider (callback /api/auth/callback/google).
    const { headers, response } = await (
      await auth()
    ).api.signInSocial({
      body: { provider: GOOGLE_PROVIDER_ID, ...urls, disableRedirect: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return response.url ? { url: response.url, headers } : null;
  } catch (error) {
    logger.warn({ err: error }, "google sign-in could not start");
    return null;
  }
}

/** Ends the current session; returns the headers that clear the cookie. */
export async function signOut(request: Request): Promise<Headers> {
  const { headers } = await (await auth()).api.signOut({ headers: request.headers, returnHeaders: true });
  return headers;
}
