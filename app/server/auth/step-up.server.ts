import { APIError } from "better-auth/api";
import { TWO_FACTOR_MESSAGES } from "~/lib/schemas/two-factor";
import { currentDialect, db } from "~/server/db/db.server";
import { logger } from "~/server/logger.server";
import { auth } from "./auth.server";
import type { Failure } from "./second-factor.server";
import type { PendingStepUp } from "./session.server";
import { reserveCodeAttempt } from "./two-factor-throttle.server";

// Decision 0029, "Google sign-in and two-factor": a session Google opened for an account with
// two-factor on is worth nothing until this code. Better Auth's verifyTOTP and verifyBackupCode
// check the code against the session's own user (a recovery code is spent), with the plugin's
// account lock behind our counts; we then lift the session's pending mark.

const errorCode = (error: unknown) => (error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined);

/** Answers the step-up: the right code makes the pending session a full one. */
export async function answerStepUp(
  request: Request,
  stepUp: PendingStepUp,
  kind: "totp" | "recovery",
  code: string,
  clientIp: string,
): Promise<{ ok: true } | Failure> {
  // Counted before the code is checked, per client IP and per session, like the sign-in challenge.
  const reservation = await reserveCodeAttempt(clientIp, `step-up:${stepUp.sessionToken}`);
  if (!reservation.allowed) return { ok: false, status: 429, message: TWO_FACTOR_MESSAGES.tooMany };
  const api = (await auth()).api;
  try {
    const { response } =
      kind === "totp"
        ? await api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true })
        : await api.verifyBackupCode({ body: { code }, headers: request.headers, returnHeaders: true });
    // Better Auth answered for the request's own session; it must be the one we were asked about.
    if (response.user.id !== stepUp.userId) throw new Error("step-up answered for another user");
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") {
      return {
        ok: false,
        status: 400,
        field: "code",
        message: kind === "totp" ? TWO_FACTOR_MESSAGES.wrongCode : TWO_FACTOR_MESSAGES.wrongRecoveryCode,
      };
    }
    if (code === "TOTP_CODE_ALREADY_USED") return { ok: false, status: 400, field: "code", message: TWO_FACTOR_MESSAGES.codeUsed };
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") return { ok: false, status: 429, message: TWO_FACTOR_MESSAGES.tooMany };
    logger.error({ err: error }, "two-factor step-up failed");
    return { ok: false, status: error instanceof APIError && error.statusCode < 500 ? 400 : 500, message: TWO_FACTOR_MESSAGES.failed };
  }
  await reservation.succeeded();
  await db()
    .updateTable("sessions")
    .set({ secondFactorPending: currentDialect() === "sqlite" ? 0 : false })
    .where("id", "=", stepUp.sessionId)
    .execute();
  return { ok: true };
}
