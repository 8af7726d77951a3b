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
 * approval) comes at once; the rest (leads and applications, which the sales and HR mailboxes get
 * anyway, accepted invitations, shared files) in the daily digest.
 */
export function defaultMailChoice(audience: MailAudience, type: NotificationType): MailChoice {
  if (audience === "client") return "immediately";
  return type === "new_request" || type === "client_reply" || type === "approval_decided" ? "immediately" : "digest";
}

/** The form's failure text: kept here, not in console-failures.ts, which the home page loads. */
export const MAIL_PREFERENCES_FAILURE = "Your e-mail preferences could not be saved. Please try again.";

export const DEFAULT_DIGEST_HOUR = 9;
export const DEFAULT_TIME_ZONE = "UTC";

let zones: Set<string> | undefined;

/** An IANA zone the runtime knows (Intl.supportedValuesOf), or UTC, which that list leaves out. */
export function timeZoneNames(): readonly string[] {
  zones ??= new Set(["UTC", ...Intl.supportedValuesOf("timeZone")]);
  return [...zones];
}

/**
 * A zone the runtime can format in. The list above holds ICU's canonical names, some of them the
 * old ones (Asia/Calcutta), so a current name it leaves out (Asia/Kolkata) is tried by building a
 * formatter with it.
 */
export function isTimeZone(value: string): boolean {
  if (!zones) timeZoneNames();
  if (zones!.has(value)) return true;
  if (!/^[A-Z][A-Za-z_]*(\/[A-Za-z0-9_+-]+){1,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
