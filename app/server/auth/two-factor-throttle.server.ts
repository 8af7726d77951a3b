import { createHash } from "node:crypto";
import { clientIpBucket } from "~/server/defence/client-ip-bucket";
import { hitRateLimit, type RateRule } from "~/server/defence/rate-limit.server";

// Decision 0029. Wrong second-factor codes are counted *before* the code is checked, in the shared
// counters (like sign-in-throttle.server.ts), so parallel guesses cannot outrun the count. Better
// Auth adds its own limits behind ours: 5 codes per sign-in challenge and a 15-minute lock of the
// account's second factor after 10 wrong codes in a row (two-factor-options.server.ts).

/** Code attempts per client IP (IPv6 by /64). */
export const CODE_ATTEMPTS_PER_IP: RateRule = { limit: 20, windowMs: 15 * 60_000 };
/** Code attempts per sign-in challenge, or per signed-in account while enrolling. */
export const CODE_ATTEMPTS_PER_SUBJECT: RateRule = { limit: 5, windowMs: 10 * 60_000 };

// The challenge cookie is a secret: only its hash is used as a key.
const hashed = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 32);

/** Whether this code attempt may be checked; `subject` is the challenge cookie or the user id. */
export async function reserveCodeAttempt(clientIp: string, subject: string, now = Date.now()): Promise<boolean> {
  if (!(await hitRateLimit(`2fa:ip:${clientIpBucket(clientIp)}`, CODE_ATTEMPTS_PER_IP, now))) return false;
  return hitRateLimit(`2fa:subject:${hashed(subject)}`, CODE_ATTEMPTS_PER_SUBJECT, now);
}
