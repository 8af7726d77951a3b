import { logger } from "~/server/logger.server";
import { clientIpBucket } from "./client-ip-bucket";
import { hitRateLimit, takeBackRateLimitHit, type RateRule } from "./rate-limit.server";

// Mail flooding and address squatting: anyone can register an account on someone
// else's address or type it into a public form, so every mail a stranger can have us send to it (a
// reset link, "account deleted", a quote or application confirmation) is limited per address, and
// per client IP. Past a limit the mail is quietly not queued and the form answers as on success,
// so the limit tells nothing about the address (docs/security.md "Rate limits").

/** Mails to one address that a stranger could have asked for, all kinds together. */
export const MAILS_PER_ADDRESS: RateRule = { limit: 3, windowMs: 3_600_000 };
/** Account mails asked for from one client IP (IPv6 by /64), to any address. */
export const ACCOUNT_MAILS_PER_IP: RateRule = { limit: 10, windowMs: 3_600_000 };

/** Counts an account mail asked for from `clientIp`; false when that IP has asked for too many. */
export async function accountMailAllowedFromIp(clientIp: string, kind: string): Promise<boolean> {
  const allowed = await hitRateLimit(`mail:ip:${clientIpBucket(clientIp)}`, ACCOUNT_MAILS_PER_IP);
  if (!allowed) logger.warn({ kind, ip: clientIp }, "account mail not queued: per-IP limit reached");
  return allowed;
}

/** Counts a mail to `email`; false when the address has had too many this hour. */
export async function mailAllowedTo(email: string, kind: string): Promise<boolean> {
  const allowed = await hitRateLimit(`mail:address:${email.trim().toLowerCase()}`, MAILS_PER_ADDRESS);
  if (!allowed) logger.warn({ kind }, "mail not queued: per-address limit reached");
  return allowed;
}

/**
 * Client invitations to one address, whichever company asks (decision 0055). Each invitation and
 * resend also counts against MAILS_PER_ADDRESS, which caps the hour; this caps the day, so a run of
 * companies cannot take turns mailing one stranger.
 */
export const INVITATIONS_PER_ADDRESS: RateRule = { limit: 5, windowMs: 24 * 3_600_000 };

const mailKey = (email: string) => `mail:address:${email.trim().toLowerCase()}`;
const invitationKey = (email: string) => `client-invite:address:${email.trim().toLowerCase()}`;

/**
 * Counts an invitation mail to `email` against both limits; false (and nothing counted) past
 * either. Unlike the mails above, the inviter is told: they typed the address, and a silent drop
 * would leave a pending invitation nobody received.
 */
export async function invitationAllowedTo(email: string): Promise<boolean> {
  const [mail, invitations] = [
    await hitRateLimit(mailKey(email), MAILS_PER_ADDRESS),
    await hitRateLimit(invitationKey(email), INVITATIONS_PER_ADDRESS),
  ];
  if (mail && invitations) return true;
  await giveBackInvitationTo(email);
  logger.warn({ kind: "client-invitation" }, "invitation refused: per-address limit reached");
  return false;
}

/** Undoes `invitationAllowedTo`'s count when the invitation was refused for another reason. */
export async function giveBackInvitationTo(email: string): Promise<void> {
  await takeBackRateLimitHit(mailKey(email));
  await takeBackRateLimitHit(invitationKey(email));
}
