import { CLIENT_NOTIFICATION_TYPES, STAFF_NOTIFICATION_TYPES, type NotificationType } from "./notification-types";
import type { Side } from "~/lib/side";

// Decision 0046: how a person wants each notification type's e-mail. Client-safe:
// the preferences pages, their schema and the server's delivery share these names and defaults.

export const MAIL_CHOICES = ["immediately", "digest", "off"] as const;
export type MailChoice = (typeof MAIL_CHOICES)[number];

export const MAIL_CHOICE_LABELS: Record<MailChoice, string> = {
  immediately: "Immediately",
  digest: "Daily digest",
  off: "Off",
};

/** Who a mail or a preference is for. */
export type MailAudience = Side;

export function notificationTypesFor(audience: MailAudience): readonly NotificationType[] {
  return audience === "client" ? CLIENT_NOTIFICATION_TYPES : STAFF_NOTIFICATION_TYPES;
}

/**
 * Without a saved choice. Clients hear of few events, each about their own work: at once. Staff
 * hear of many: what someone is waiting on them for (a new request, a client's reply, a decided
 * approval, a disputed card payment, which has a deadline to answer) comes at once; the rest (leads and applications, which the sales and HR mailboxes get
 * anyway, accepted invitations, shared files) in the daily digest.
 */
export function defaultMailChoice(audience: MailAudience, type: NotificationType): MailChoice {
  if (audience === "client") return "immediately";
  return type === "new_request" || type === "client_reply" || type === "approval_decided" || type === "payment_disputed"
    ? "immediately"
    : "digest";
}

/** The form's failure text: kept here, not in console-failures.ts, which the home page loads. */
export const MAIL_PREFERENCES_FAILURE = "Your e-mail preferences could not be saved. Please try again.";

export const DEFAULT_DIGEST_HOUR = 9;
