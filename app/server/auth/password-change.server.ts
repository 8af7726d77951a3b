import { APIError } from "better-auth/api";
import type { SessionUser } from "./actor.server";
import { auth } from "./auth.server";
import { knownDeviceFor } from "./known-device.server";
import { reserveLoginAttempt } from "./sign-in-throttle.server";
import { logger } from "~/server/logger.server";

// Settings → Change password. The current password is a password guess like a sign-in,
// so it is counted in the sign-in throttle's buckets (decision 0027) before it is checked: a stolen
// session cannot guess faster here than at /login.

export type PasswordChange =
  { ok: true; headers: Headers } | { ok: false; reason: "wrong-password" | "throttled" | "no-password" | "failed" };

export async function changeOwnPassword(
  request: Request,
  user: SessionUser,
  passwords: { currentPassword: string; newPassword: string },
  clientIp: string,
): Promise<PasswordChange> {
  const reservation = await reserveLoginAttempt(clientIp, user.email, knownDeviceFor(request, user.email));
  if (!reservation.allowed) return { ok: false, reason: "throttled" };
  try {
    // Revokes every other session of the account and keeps this browser signed in on a new one.
    const { headers } = await (
      await auth()
    ).api.changePassword({
      body: { ...passwords, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await reservation.succeeded();
    return { ok: true, headers };
  } catch (error) {
    const code = error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
    if (code === "INVALID_PASSWORD") return { ok: false, reason: "wrong-password" };
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return { ok: false, reason: "no-password" };
    logger.error({ err: error, userId: user.id }, "password change failed");
    return { ok: false, reason: "failed" };
  }
}
