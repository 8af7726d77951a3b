import { logger } from "~/server/logger.server";
import { clientIpBucket } from "./client-ip-bucket";
import { hitRateLimit, type RateRule } from "./rate-limit.server";

// Issue 15 "Mail flooding and address squatting": anyone can register an account on someone
// else's address, so every mail such an account can have us send (a reset link, "account deleted")
// is limited per address and per client IP. Past a limit the mail is quietly not queued and the
// form answers as on success, so the limit tells nothing about the address (docs/security.md).

/** Account mails to one address, whatever asked for them. */
export const ACCOUNT_MAILS_PER_ADDRESS: RateRule = { limit: 3, windowMs: 3_600_000 };
/** Account mails asked for from one client IP (IPv6 by /64), to any address. */
export const ACCOUNT_MAILS_PER_IP: RateRule = { limit: 10, windowMs: 3_600_000 };

/** Counts an account mail asked for from `clientIp`; false when that IP has asked for too many. */
export async function accountMailAllowedFromIp(clientIp: string, kind: string): Promise<boolean> {
  const allowed = await hitRateLimit(`mail:ip:${clientIpBucket(clientIp)}`, ACCOUNT_MAILS_PER_IP);
  if (!allowed) logger.warn({ kind, ip: clientIp }, "account mail not queued: per-IP limit reached");
  return allowed;
}

/** Counts an account mail to `email`; false when the address has had too many this hour. */
export async function accountMailAllowedTo(email: string, kind: string): Promise<boolean> {
  const allowed = await hitRateLimit(`mail:address:${email.trim().toLowerCase()}`, ACCOUNT_MAILS_PER_ADDRESS);
  if (!allowed) logger.warn({ kind }, "account mail not queued: per-address limit reached");
  return allowed;
}
