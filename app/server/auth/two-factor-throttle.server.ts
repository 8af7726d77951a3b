import { createHash } from "node:crypto";
import { clientIpBucket } from "~/server/defence/client-ip-bucket";
import { hitRateLimit, takeBackRateLimitHit, type RateRule } from "~/server/defence/rate-limit.server";

// Decision 0029. Wrong second-factor codes are counted *before* the code is checked, in the shared
// counters (like sign-in-throttle.server.ts), so parallel guesses cannot outrun the count. Better
// Auth adds its own limits behind ours: 5 codes per sign-in challenge and a 15-minute lock of the
// account's second factor after 10 wrong codes in a row (two-factor-options.server.ts).

/** Code attempts per client IP (IPv6 by /64) that did not sign in (an office shares one address). */
export const CODE_ATTEMPTS_PER_IP: RateRule = { limit: 30, windowMs: 15 * 60_000 };
/** Code attempts per sign-in challenge, or per signed-in account while enrolling. */
export const CODE_ATTEMPTS_PER_SUBJECT: RateRule = { limit: 5, windowMs: 10 * 60_000 };

// The challenge cookie is a secret: only its hash is used as a key.
const hashed = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 32);

export interface CodeReservation {
  /** Whether the code may be checked; when false, answer "too many wrong codes". */
  allowed: boolean;
  /** Call after a right code: the attempt no longer counts against the IP. */
  succeeded(): Promise<void>;
}

/** Counts a code attempt for the client IP and `subject` (the challenge cookie, or the user while enrolling). */
export async function reserveCodeAttempt(clientIp: string, subject: string, now = Date.now()): Promise<CodeReservation> {
  const ipKey = `2fa:ip:${clientIpBucket(clientIp)}`;
  const refused: CodeReservation = { allowed: false, succeeded: async () => {} };
  if (!(await hitRateLimit(ipKey, CODE_ATTEMPTS_PER_IP, now))) return refused;
  if (!(await hitRateLimit(`2fa:subject:${hashed(subject)}`, CODE_ATTEMPTS_PER_SUBJECT, now))) return refused;
  return { allowed: true, succeeded: () => takeBackRateLimitHit(ipKey) };
}
