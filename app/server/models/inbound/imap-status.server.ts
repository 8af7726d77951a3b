import { leaseHolder } from "~/server/db/leases.server";
import { getEnv } from "~/server/env.server";
import { describeImapTarget, parseImapUrl } from "~/server/env-imap.server";

// Decision 0100: what the console's Inbound mail page says of the IMAP mailbox. The page may be
// served by any instance, so it reads the shared lease rather than one process's memory: the
// holder is connected (or connecting); a failed connection lets the lease go until the retry.

export const IMAP_LEASE = "inbound-imap";

export interface ImapStatus {
  /** The mailbox without its password. */
  mailbox: string;
  /** The instance ("host-pid") reading it now; null when none is. */
  readBy: string | null;
}

/** Null when INBOUND_IMAP_URL is unset. */
export async function imapStatus(now = Date.now()): Promise<ImapStatus | null> {
  const url = getEnv().INBOUND_IMAP_URL;
  if (!url) return null;
  const target = parseImapUrl(url);
  if (typeof target === "string") return null;
  const lease = await leaseHolder(IMAP_LEASE, now);
  return { mailbox: describeImapTarget(target), readBy: lease ? lease.holder.replace(/\.[0-9a-f-]{36}$/, "") : null };
}
