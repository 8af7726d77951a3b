import { clientIpBucket } from "~/server/defence/client-ip-bucket";
import { clearRateLimit, countRateLimitHit, hitRateLimit, takeBackRateLimitHit, type RateRule } from "~/server/defence/rate-limit.server";

// docs/decisions/0027-sign-in-throttling.md. Every attempt is counted *before* its password is
// checked, in the shared counters, so parallel requests cannot all slip past a peek.
// Per client IP (IPv6 by /64): a fixed limit. Per account: a few free attempts, then one attempt per
// delay that doubles up to a cap, and a success starts afresh, so strangers can slow an account
// down but never shut its owner out for longer than the cap, nor at all on a known device.

/** Attempts per client IP (or IPv6 /64) that did not sign in. */
export const LOGIN_ATTEMPTS_PER_IP: RateRule = { limit: 30, windowMs: 15 * 60_000 };
/** Attempts per account before each further one has to wait; counted over an hour. */
export const LOGIN_FREE_ATTEMPTS_PER_ACCOUNT: RateRule = { limit: 5, windowMs: 3_600_000 };
export const LOGIN_FIRST_DELAY_MS = 30_000;
export const LOGIN_MAX_DELAY_MS = 15 * 60_000;

// A known device (known-device.server.ts) has a delay of its own instead of the account's.
const keys = (ip: string, email: string, device: string | null) => {
  const account = email.trim().toLowerCase();
  const ipKey = `login:ip:${clientIpBucket(ip)}`;
  if (device) return { ip: ipKey, account: `login:device:${device}`, gate: `login:device-gate:${device}` };
  return { ip: ipKey, account: `login:account:${account}`, gate: `login:gate:${account}` };
};

/** How long the account waits after its `attempt`-th attempt of the window (1-based). */
export function loginDelayMs(attempt: number): number {
  const beyond = attempt - LOGIN_FREE_ATTEMPTS_PER_ACCOUNT.limit;
  if (beyond <= 0) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, LOGIN_FIRST_DELAY_MS * 2 ** Math.min(beyond - 1, 30));
}

export interface LoginReservation {
  /** Whether the password may be checked; when false, answer "too many attempts". */
  allowed: boolean;
  /** Call after a successful sign-in: the attempt is given back and the account's delay ends. */
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt for the client IP and the account before anything is verified. Past the
 * free attempts, an attempt goes ahead only if it opens the account's gate: a counter whose window
 * is the current delay, so of many parallel attempts exactly one sees it empty.
 */
export async function reserveLoginAttempt(
  clientIp: string,
  email: string,
  device: string | null = null,
  now = Date.now(),
): Promise<LoginReservation> {
  const key = keys(clientIp, email, device);
  const refused: LoginReservation = { allowed: false, succeeded: async () => {} };
  if (!(await hitRateLimit(key.ip, LOGIN_ATTEMPTS_PER_IP, now))) return refused;
  const attempt = await countRateLimitHit(key.account, LOGIN_FREE_ATTEMPTS_PER_ACCOUNT.windowMs, now);
  const delay = loginDelayMs(attempt);
  if (delay > 0 && !(await hitRateLimit(key.gate, { limit: 1, windowMs: delay }, now))) return refused;
  return {
    allowed: true,
    async succeeded() {
      await Promise.all([takeBackRateLimitHit(key.ip), clearRateLimit(key.account), clearRateLimit(key.gate)]);
    },
  };
}
