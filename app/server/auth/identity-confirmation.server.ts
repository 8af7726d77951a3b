import { APIError } from "better-auth/api";
import { CONFIRMATION_MESSAGES, type ConfirmationMethod } from "~/lib/schemas/identity-confirmation";
import { TWO_FACTOR_MESSAGES } from "~/lib/schemas/two-factor";
import { logger } from "~/server/logger.server";
import type { SessionUser } from "./actor.server";
import { auth } from "./auth.server";
import { confirmedUntil, markConfirmed } from "./confirmation-mark.server";
import { knownDeviceFor } from "./known-device.server";
import { hasPassword, hasSecondFactor, type Failure } from "./second-factor.server";
import { reserveLoginAttempt } from "./sign-in-throttle.server";
import { reserveCodeAttempt } from "./two-factor-throttle.server";

// Decision 0053: "confirm it's you". A session alone (a stolen cookie) must not add a passkey, so
// that step asks for the password, or for a TOTP or recovery code when the account has no password,
// however recent the sign-in. A right answer marks the session (sessions.confirmed_at) for a few
// minutes; auth-hooks.server.ts refuses Better Auth's passkey registration without that mark.

export async function confirmationMethod(userId: string): Promise<ConfirmationMethod> {
  if (await hasPassword(userId)) return "password";
  return (await hasSecondFactor(userId)) ? "code" : "none";
}

/** The request's session row id (Better Auth's lookup, without sliding its expiry), or null. */
async function sessionIdOf(request: Request): Promise<string | null> {
  const result = await (await auth()).api.getSession({ headers: request.headers, query: { disableRefresh: true } });
  return result?.session.id ?? null;
}

/** For the account pages: whether the request's session is confirmed, and how it could be. */
export async function confirmationState(request: Request, user: SessionUser) {
  const sessionId = await sessionIdOf(request);
  const until = sessionId ? await confirmedUntil(sessionId) : null;
  return { confirmedUntil: until?.toISOString() ?? null, method: await confirmationMethod(user.id) };
}

const errorCode = (error: unknown) => (error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined);

async function checkPassword(request: Request, user: SessionUser, password: string, clientIp: string): Promise<true | Failure> {
  // A password guess like a sign-in's: the same throttle (decision 0027), counted before checking.
  const reservation = await reserveLoginAttempt(clientIp, user.email, knownDeviceFor(request, user.email));
  if (!reservation.allowed) return { ok: false, status: 429, message: CONFIRMATION_MESSAGES.tooMany };
  try {
    await (await auth()).api.verifyPassword({ body: { password }, headers: request.headers });
  } catch (error) {
    if (errorCode(error) === "INVALID_PASSWORD")
      return { ok: false, status: 400, field: "password", message: CONFIRMATION_MESSAGES.wrongPassword };
    logger.error({ err: error, userId: user.id }, "identity confirmation failed");
    return { ok: false, status: 500, message: TWO_FACTOR_MESSAGES.failed };
  }
  await reservation.succeeded();
  return true;
}

async function checkCode(request: Request, user: SessionUser, code: string, clientIp: string): Promise<true | Failure> {
  // The plugin counts no wrong codes for a signed-in session: ours are counted here, per account.
  const reservation = await reserveCodeAttempt(clientIp, `confirm:${user.id}`);
  if (!reservation.allowed) return { ok: false, status: 429, message: TWO_FACTOR_MESSAGES.tooMany };
  const totp = /^\d{6}$/.test(code);
  const api = (await auth()).api;
  try {
    // Both check the code against the session's own user; a recovery code is spent, and a TOTP
    // step is claimed (decision 0053), so neither confirms twice.
    if (totp) await api.verifyTOTP({ body: { code }, headers: request.headers });
    else await api.verifyBackupCode({ body: { code, disableSession: true }, headers: request.headers });
  } catch (error) {
    const known = errorCode(error);
    if (known === "INVALID_CODE" || known === "INVALID_BACKUP_CODE" || known === "TOTP_CODE_ALREADY_USED") {
      const message =
        known === "TOTP_CODE_ALREADY_USED"
          ? TWO_FACTOR_MESSAGES.codeUsed
          : totp
            ? TWO_FACTOR_MESSAGES.wrongCode
            : TWO_FACTOR_MESSAGES.wrongRecoveryCode;
      return { ok: false, status: 400, field: "code", message };
    }
    logger.error({ err: error, userId: user.id }, "identity confirmation failed");
    return { ok: false, status: error instanceof APIError && error.statusCode < 500 ? 400 : 500, message: TWO_FACTOR_MESSAGES.failed };
  }
  await reservation.succeeded();
  return true;
}

/**
 * Checks the answer the account's method asks for and, when it is right, marks the request's
 * session as confirmed for CONFIRMATION_TTL_MS (confirmation-mark.server.ts).
 */
export async function confirmIdentity(
  request: Request,
  user: SessionUser,
  answer: { password?: string | undefined; code?: string | undefined },
  clientIp: string,
): Promise<{ ok: true; until: Date } | Failure> {
  const method = await confirmationMethod(user.id);
  if (method === "none") return { ok: false, status: 409, message: CONFIRMATION_MESSAGES.noMethod };
  if (method === "password" && !answer.password)
    return { ok: false, status: 400, field: "password", message: CONFIRMATION_MESSAGES.enterPassword };
  if (method === "code" && !answer.code) return { ok: false, status: 400, field: "code", message: CONFIRMATION_MESSAGES.enterCode };
  const sessionId = await sessionIdOf(request);
  if (!sessionId) return { ok: false, status: 401, message: TWO_FACTOR_MESSAGES.expired };
  const checked =
    method === "password"
      ? await checkPassword(request, user, answer.password!, clientIp)
      : await checkCode(request, user, answer.code!, clientIp);
  if (checked !== true) return checked;
  return { ok: true, until: await markConfirmed(sessionId, user.id) };
}
