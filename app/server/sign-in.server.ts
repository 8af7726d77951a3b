import { APIError } from "better-auth/api";
import { EMPLOYEE_ON_CUSTOMER_FORM, TOO_MANY_ATTEMPTS } from "~/lib/auth-messages";
import { roleForEmail } from "~/lib/roles";
import type { Credentials } from "~/lib/schemas/credentials";
import { auth, GOOGLE_PROVIDER_ID } from "./auth.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { hitRateLimit } from "./rate-limit.server";

export type AuthOutcome = { ok: true; headers: Headers } | { ok: false; status: number; message: string };

const WINDOW_MS = 15 * 60_000;
// SECURITY.md: calling auth.api from an action skips Better Auth's limiter, so we count here: per
// client IP and per account, in the shared database, so forged headers and many IPs do not help.
const PER_IP = { limit: 30, windowMs: WINDOW_MS };
const PER_ACCOUNT = { limit: 10, windowMs: WINDOW_MS };

async function withinLimits(kind: string, ip: string, email: string): Promise<boolean> {
  const ipOk = await hitRateLimit(`${kind}:ip:${ip}`, PER_IP);
  const accountOk = await hitRateLimit(`${kind}:account:${email.toLowerCase()}`, PER_ACCOUNT);
  return ipOk && accountOk;
}

function failure(error: unknown, fallback: string): AuthOutcome {
  if (error instanceof APIError) {
    const message = (error.body as { message?: string } | undefined)?.message ?? error.message;
    return { ok: false, status: error.statusCode >= 500 ? 500 : 400, message: message || fallback };
  }
  logger.error({ err: error }, "authentication call failed");
  return { ok: false, status: 500, message: fallback };
}

export function isEmployeeEmail(email: string): boolean {
  return roleForEmail(email, getEnv().COMPANY_DOMAIN) === "employee";
}

/** E-mail + password sign-in; `as` says which form it came from (SPEC §5 domain rules). */
export async function signInWithPassword(
  request: Request,
  credentials: Credentials,
  options: { as: "client" | "employee"; clientIp: string; failureMessage?: string },
): Promise<AuthOutcome> {
  const employee = isEmployeeEmail(credentials.email);
  if (options.as === "client" && employee) return { ok: false, status: 400, message: EMPLOYEE_ON_CUSTOMER_FORM };
  if (!(await withinLimits("login", options.clientIp, credentials.email))) {
    return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  }
  try {
    const { headers } = await auth().api.signInEmail({
      body: { email: credentials.email, password: credentials.password },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    const outcome = failure(error, "Sign-in failed. Please try again.");
    return options.failureMessage && !outcome.ok ? { ...outcome, message: options.failureMessage } : outcome;
  }
}

export async function registerWithPassword(request: Request, credentials: Credentials, clientIp: string): Promise<AuthOutcome> {
  if (isEmployeeEmail(credentials.email)) return { ok: false, status: 400, message: EMPLOYEE_ON_CUSTOMER_FORM };
  if (!(await withinLimits("register", clientIp, credentials.email))) {
    return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  }
  try {
    const { headers } = await auth().api.signUpEmail({
      body: { email: credentials.email, password: credentials.password, name: credentials.email.split("@")[0] ?? "" },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    return failure(error, "Could not create the account. Please try again.");
  }
}

type OAuth2SignIn = (input: {
  body: { providerId: string; callbackURL: string; errorCallbackURL: string };
  headers: Headers;
  returnHeaders: true;
}) => Promise<{ headers: Headers; response: { url?: string } }>;

/** Starts Google (OpenID Connect) sign-in: the URL to send the browser to, with the state cookie. */
export async function startGoogleSignIn(
  request: Request,
  urls: { callbackURL: string; errorCallbackURL: string },
): Promise<{ url: string; headers: Headers } | null> {
  try {
    // The generic OAuth plugin is only registered when Google is configured, so its endpoint is
    // missing from the static type.
    const api = auth().api as unknown as { signInWithOAuth2: OAuth2SignIn };
    const { headers, response } = await api.signInWithOAuth2({
      body: { providerId: GOOGLE_PROVIDER_ID, ...urls },
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
  const { headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
  return headers;
}
