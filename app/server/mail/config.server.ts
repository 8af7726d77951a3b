import type { MailIdentity } from "~/lib/brand";
import { companyDomain } from "~/server/brand/company-domain.server";
import { readMailIdentity } from "~/server/brand/brand.server";
import { db, type Db, type Executor } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";

// Who the agency's own notices go to, and who every mail comes from. Nothing here falls back to the
// demo site's addresses: an install that only set SMTP_URL must never mail a lead or a resume to a
// stranger's domain (decision "first-run setup"). The order is always the environment, then what the
// operator entered (setup or the brand settings), then nothing.

interface MailRecipients {
  /** Inbox that receives quote notices (and the staff-side notices nobody else hears); null: none. */
  sales: string | null;
  /** Inbox that receives application notices; null: none. */
  hr: string | null;
}

const loggedMissing = new Set<keyof MailRecipients>();

/** Says once per process that a kind of notice is not mailed, and how to turn it on. */
function noteMissing(kind: keyof MailRecipients): void {
  if (loggedMissing.has(kind)) return;
  loggedMissing.add(kind);
  const [variable, what] = kind === "sales" ? ["MAIL_SALES_TO", "lead"] : ["MAIL_HR_TO", "application"];
  logger.info(
    `no inbox for ${what} notices: they are not mailed (they stay in the console); set ${variable} or the inbox in the brand settings`,
  );
}

/**
 * The agency's own inboxes: MAIL_SALES_TO / MAIL_HR_TO when set, else the inboxes of the stored mail
 * identity, else null (no notice mail). Pass the open transaction when called inside one: on SQLite
 * a read through db() would wait for the very transaction it runs in.
 */
export async function mailRecipients(executor: Executor = db()): Promise<MailRecipients> {
  const env = getEnv();
  const needsIdentity = !env.MAIL_SALES_TO || !env.MAIL_HR_TO;
  const identity: MailIdentity | null = needsIdentity ? (await readMailIdentity(executor)).value : null;
  const sales = env.MAIL_SALES_TO?.trim() || identity?.leadsInbox?.trim() || null;
  const hr = env.MAIL_HR_TO?.trim() || identity?.applicationsInbox?.trim() || null;
  if (!sales) noteMissing("sales");
  if (!hr) noteMissing("hr");
  return { sales, hr };
}

/** A display name as RFC 5322 wants it: quoted, with its quotes and backslashes escaped. */
function quotedName(name: string): string {
  return `"${name.replace(/[\r\n]+/g, " ").replace(/(["\\])/g, "\\$1")}"`;
}

/** The sender from a mail identity: `"Name" <address>`, the address no-reply@ the company domain when unset. */
export function senderOf(identity: Pick<MailIdentity, "senderName" | "senderAddress">, domain = companyDomain()): string {
  const address = identity.senderAddress?.trim() || `no-reply@${domain}`;
  const name = identity.senderName.trim();
  return name ? `${quotedName(name)} <${address}>` : address;
}

/** Who every mail comes from: MAIL_FROM when set, else the stored mail identity (read each send: it is cached). */
export async function mailFrom(database: Db = db()): Promise<string> {
  const fixed = getEnv().MAIL_FROM;
  if (fixed) return fixed;
  return senderOf((await readMailIdentity(database)).value);
}

/** Tests: log the missing inboxes again. */
export function forgetMailRecipientNotes(): void {
  loggedMissing.clear();
}
