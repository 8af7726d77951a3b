import { site } from "~/content/site";

interface MailRecipients {
  /** Inbox that receives quote notices. */
  sales: string;
  /** Inbox that receives application notices. */
  hr: string;
}

/**
 * The agency's own inboxes. MAIL_SALES_TO / MAIL_HR_TO override the public addresses from
 * `site.emails`; read on every call so a test or a restart with new values is picked up.
 */
export function mailRecipients(source: Record<string, string | undefined> = process.env): MailRecipients {
  return {
    sales: source.MAIL_SALES_TO?.trim() || site.emails.info,
    hr: source.MAIL_HR_TO?.trim() || site.emails.careers,
  };
}
