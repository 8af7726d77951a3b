import { createHmac } from "node:crypto";
import { db } from "~/server/db/db.server";

// Decision 0053: a TOTP code opens one sign-in (or one confirmation) at most. Better Auth's
// twoFactor plugin accepts a code of the current 30-second step or of the one either side, as
// often as it is sent; a before-hook on its verify endpoint (auth-hooks.server.ts) finds the step
// the code belongs to and claims it here, and a step not newer than the last one claimed is refused.

const PERIOD_MS = 30_000;
const DIGITS = 6;
/** The plugin's window: one step before and after the current one (@better-auth/utils/otp). */
const WINDOW = 1;

/** RFC 4226's HOTP: the plugin's key is the secret's UTF-8 bytes, HMAC-SHA-1, six digits. */
function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", Buffer.from(secret, "utf8")).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(value % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** The time-step whose code `code` is, among those the plugin accepts at `now`; null for a wrong code. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / PERIOD_MS);
  for (let step = current + WINDOW; step >= current - WINDOW; step--) {
    if (hotp(secret, step) === code) return step;
  }
  return null;
}

/**
 * Records `step` as the account's newest accepted one. False when that step or a newer one was
 * accepted already. One conditional UPDATE: of two requests claiming the same step at once, the
 * database lets exactly one change the row (PostgreSQL re-checks the condition after the row lock,
 * SQLite has one writer), so two concurrent sign-ins with one code cannot both pass.
 */
export async function claimTotpStep(userId: string, step: number): Promise<boolean> {
  const result = await db()
    .updateTable("twoFactors")
    .set({ lastTotpStep: step })
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("lastTotpStep", "is", null), eb("lastTotpStep", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
