import { hitRateLimit, type RateRule } from "~/server/defence/rate-limit.server";
import { memberByAddress } from "./inbound-threads.server";

// Decision 0101: per-sender and per-company limits on inbound mail, in the app's rate-limit
// counters (Redis when configured, else the database), so every instance counts the same hour.
// A message beyond a limit is held with its reason, never dropped: its bytes and row stay, and an
// admin can try it again or assign it. Machine mail and failing authentication are settled before
// this and do not count; every person's message counts, whatever becomes of it.

export const SENDER_LIMIT: RateRule = { limit: 20, windowMs: 3_600_000 };
export const COMPANY_LIMIT: RateRule = { limit: 100, windowMs: 3_600_000 };

export const senderKey = (address: string) => `inbound-mail:sender:${address.toLowerCase()}`;
export const companyKey = (companyId: string) => `inbound-mail:company:${companyId}`;

/** The reason to hold this message for a limit, or null when it is within both. */
export async function limitReason(from: string, now = Date.now()): Promise<string | null> {
  if (!(await hitRateLimit(senderKey(from), SENDER_LIMIT, now)))
    return `Rate limit: more than ${SENDER_LIMIT.limit} messages an hour from this address.`;
  const member = await memberByAddress(from);
  if (member && !(await hitRateLimit(companyKey(member.companyId), COMPANY_LIMIT, now)))
    return `Rate limit: more than ${COMPANY_LIMIT.limit} messages an hour from this company.`;
  return null;
}
