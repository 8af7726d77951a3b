import { getBrand } from "~/server/brand/brand.server";
import { APIError } from "better-auth/api";
import { roleForEmail, type Role } from "~/lib/roles";
import { TWO_FACTOR_MESSAGES } from "~/lib/schemas/two-factor";
import { db } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { auth } from "./auth.server";
import { reserveCodeAttempt } from "./two-factor-throttle.server";
import { companyDomain } from "~/server/brand/company-domain.server";

// Two-factor sign-in (decision 0029) through Better Auth's twoFactor plugin: every step
// is one of its API calls; this module turns their errors into our messages and hands back the
// cookies they set (enabling, confirming and disabling replace the session).

export type Failure = { ok: false; status: number; message: string; field?: "code" | "password" };

/** Whether the user has confirmed TOTP (a passkey sign-in counts for STAFF_2FA too: session.server.ts). */
export async function hasSecondFactor(userId: string): Promise<boolean> {
  const row = await db().selectFrom("users").select("twoFactorEnabled").where("id", "=", userId).executeTakeFirst();
  return Boolean(row?.twoFactorEnabled);
}

/** STAFF_2FA: whether staff must enrol before any console page. */
export function staffSecondFactorRequired(): boolean {
  return getEnv().STAFF_2FA === "required";
}

/** Whether the account has a password (a staff member made for Google sign-in may not). */
export async function hasPassword(userId: string): Promise<boolean> {
  const context = await (await auth()).$context;
  return Boolean((await context.internalAdapter.findCredentialAccount(userId))?.password);
}

/** Better Auth's challenge cookie (set after a right password), whatever its prefix. */
export function pendingChallenge(request: Request): string | null {
  const cookie = request.headers.get("cookie") ?? "";
  const match = /(?:^|;\s*)(?:__Secure-)?agency\.two_factor=([^;]+)/.exec(cookie);
  return match?.[1] ?? null;
}

function errorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
}

function failure(error: unknown, fallbacks: Partial<Record<string, Failure>>): Failure {
  const known = fallbacks[errorCode(error) ?? ""];
  if (known) return known;
  if (errorCode(error) === "ACCOUNT_TEMPORARILY_LOCKED") return { ok: false, status: 429, message: TWO_FACTOR_MESSAGES.tooMany };
  logger.error({ err: error }, "two-factor step failed");
  return { ok: false, status: error instanceof APIError && error.statusCode < 500 ? 400 : 500, message: TWO_FACTOR_MESSAGES.failed };
}

const WRONG_PASSWORD: Failure = { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.wrongPassword, field: "password" };

/** Enrolment, step 1: a new secret (not active until confirmed); the otpauth:// URI to show. */
export async function startEnrolment(request: Request, password: string | undefined): Promise<{ ok: true; uri: string } | Failure> {
  try {
    const result = await (
      await auth()
    ).api.enableTwoFactor({
      // The authenticator app lists the account under the brand's name, as it is now.
      body: { password: password ?? "", method: "totp", issuer: (await getBrand()).shortName },
      headers: request.headers,
    });
    if (!("totpURI" in result) || !result.totpURI) throw new Error("no TOTP URI");
    return { ok: true, uri: result.totpURI };
  } catch (error) {
    return failure(error, { INVALID_PASSWORD: WRONG_PASSWORD });
  }
}

// Confirming replaces the session, and on a form post without JavaScript React Router renders the
// page with the request's old cookie: the action redirects, and the page's next GET (with the new
// cookie) shows the codes, once, for as long as this one-time marker lives.
const CODES_MARKER_MS = 5 * 60_000;
const codesMarker = (userId: string) => `2fa-show-codes-${userId}`;

/** Enrolment, step 2: the first code turns two-factor on. The new session's cookie is in `headers`. */
export async function confirmEnrolment(
  request: Request,
  userId: string,
  code: string,
  clientIp: string,
): Promise<{ ok: true; headers: Headers } | Failure> {
  const reservation = await reserveCodeAttempt(clientIp, `enrol:${userId}`);
  if (!reservation.allowed) return { ok: false, status: 429, message: TWO_FACTOR_MESSAGES.tooMany };
  const instance = await auth();
  try {
    const { headers } = await instance.api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true });
    await reservation.succeeded();
    const context = await instance.$context;
    await context.internalAdapter.createVerificationValue({
      identifier: codesMarker(userId),
      value: userId,
      expiresAt: new Date(Date.now() + CODES_MARKER_MS),
    });
    return { ok: true, headers };
  } catch (error) {
    return failure(error, {
      INVALID_CODE: { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.wrongCode, field: "code" },
      TOTP_CODE_ALREADY_USED: { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.codeUsed, field: "code" },
    });
  }
}

/** The recovery codes of a just-confirmed enrolment, the first time they are asked for; else null. */
export async function takeNewRecoveryCodes(userId: string): Promise<string[] | null> {
  const instance = await auth();
  const context = await instance.$context;
  const marker = await context.internalAdapter.consumeVerificationValue(codesMarker(userId)).catch(() => null);
  if (!marker || marker.value !== userId || new Date(marker.expiresAt).getTime() < Date.now()) return null;
  return (await instance.api.viewBackupCodes({ body: { userId } })).backupCodes;
}

/** Sign-in, after the right password: the code (or a recovery code) opens the session. */
export async function answerChallenge(
  request: Request,
  kind: "totp" | "recovery",
  code: string,
  clientIp: string,
): Promise<{ ok: true; headers: Headers; role: Role } | Failure> {
  const challenge = pendingChallenge(request);
  if (!challenge) return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.expired };
  const reservation = await reserveCodeAttempt(clientIp, challenge);
  if (!reservation.allowed) return { ok: false, status: 429, message: TWO_FACTOR_MESSAGES.tooMany };
  const api = (await auth()).api;
  try {
    const { headers, response } =
      kind === "totp"
        ? await api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true })
        : await api.verifyBackupCode({ body: { code }, headers: request.headers, returnHeaders: true });
    await reservation.succeeded();
    return { ok: true, headers, role: roleForEmail(response.user.email, companyDomain()) };
  } catch (error) {
    const wrong: Failure = {
      ok: false,
      status: 400,
      message: kind === "totp" ? TWO_FACTOR_MESSAGES.wrongCode : TWO_FACTOR_MESSAGES.wrongRecoveryCode,
      field: "code",
    };
    const expired: Failure = { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.expired };
    return failure(error, {
      INVALID_CODE: wrong,
      INVALID_BACKUP_CODE: wrong,
      // Decision 0053: a code opens one sign-in; its time-step was used already.
      TOTP_CODE_ALREADY_USED: { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.codeUsed, field: "code" },
      INVALID_TWO_FACTOR_COOKIE: expired,
      TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { ok: false, status: 429, message: TWO_FACTOR_MESSAGES.tooMany },
    });
  }
}

/** New recovery codes (the old ones stop working), shown once. */
export async function regenerateRecoveryCodes(
  request: Request,
  password: string | undefined,
): Promise<{ ok: true; recoveryCodes: string[] } | Failure> {
  try {
    const result = await (await auth()).api.generateBackupCodes({ body: { password: password ?? "" }, headers: request.headers });
    return { ok: true, recoveryCodes: result.backupCodes };
  } catch (error) {
    return failure(error, { INVALID_PASSWORD: WRONG_PASSWORD });
  }
}

/** Turns two-factor off (the caller refuses staff when STAFF_2FA=required); replaces the session. */
export async function disableSecondFactor(
  request: Request,
  password: string | undefined,
): Promise<{ ok: true; headers: Headers } | Failure> {
  try {
    const { headers } = await (
      await auth()
    ).api.disableTwoFactor({ body: { password: password ?? "" }, headers: request.headers, returnHeaders: true });
    return { ok: true, headers };
  } catch (error) {
    return failure(error, { INVALID_PASSWORD: WRONG_PASSWORD });
  }
}
