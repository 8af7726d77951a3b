import type { Migration } from "kysely";
import * as publicData from "./2026-11-21T1750-public-data";
import * as accountsPortal from "./2026-11-21T1830-accounts-portal";
import * as staffConsole from "./2026-11-21T1900-staff-console";
import * as twoFactor from "./2026-11-24T2320-two-factor";
import * as passkeys from "./2026-11-24T2330-passkeys";
import * as staffRoles from "./2026-11-24T2340-staff-roles";
import * as secondFactorPending from "./2026-11-24T2350-second-factor-pending";
import * as companies from "./2026-11-25T0100-companies";
import * as workspace from "./2026-11-25T0400-workspace";
import * as notifications from "./2026-11-25T0800-notifications";
import * as supportDesk from "./2026-11-25T0805-support-desk";
import * as mailPreferences from "./2026-11-25T0810-mail-preferences";
import * as savedReplies from "./2026-11-25T0815-saved-replies";
import * as search from "./2026-11-25T0820-search";
import * as leases from "./2026-11-25T0830-leases";
import * as notificationReadMarks from "./2026-11-25T0830-notification-read-marks";
import * as searchRecency from "./2026-11-25T1040-search-recency";
import * as consent from "./2026-11-26T0000-consent";
import * as retention from "./2026-11-26T0200-retention";
import * as identityConfirmation from "./2026-11-26T0500-identity-confirmation";
import * as siteContent from "./2026-11-28T2300-site-content";
import * as consentPrivacyVersion from "./2026-11-28T2310-consent-privacy-version";
import * as images from "./2026-11-28T2345-images";
import * as userTimeZone from "./2026-11-28T2350-user-time-zone";
import * as identity from "./2026-11-29T0300-identity";
import * as billing from "./2026-11-29T0900-billing";
import * as mailAttachments from "./2026-11-29T0930-mail-attachments";
import * as stripeEvents from "./2026-11-29T0930-stripe-events";
import * as recurringInvoices from "./2026-11-29T1045-recurring-invoices";
import * as cardPaymentRobustness from "./2026-11-30T0900-card-payment-robustness";
import * as proposals from "./2026-11-30T1000-proposals";
import * as inboundMail from "./2026-12-01T1000-inbound-mail";
import * as approvalMailLinks from "./2026-12-01T1200-approval-mail-links";
import * as inboundProjectThreads from "./2026-12-01T1400-inbound-project-threads";
import * as inboundRetention from "./2026-12-01T1600-inbound-retention";
import * as webhooks from "./2026-12-02T1000-webhooks";
import * as apiTokens from "./2026-12-02T1100-api-tokens";
import * as assignedAccounts from "./2026-12-02T1200-assigned-accounts";
import * as calendarFeeds from "./2026-12-02T1300-calendar-feeds";
import * as hotListIndexes from "./2026-12-03T1000-hot-list-indexes";
import * as sessionChangeNotices from "./2026-12-04T1000-session-change-notices";
import * as recentUploadsIndex from "./2026-12-05T1000-recent-uploads-index";
import * as eventChannelPerSchema from "./2026-12-06T1000-event-channel-per-schema";

// Static imports so the migrations travel inside the server bundle. Names sort by time.
export const migrations: Record<string, Migration> = {
  "2026-11-21T1750-public-data": publicData,
  "2026-11-21T1830-accounts-portal": accountsPortal,
  "2026-11-21T1900-staff-console": staffConsole,
  "2026-11-24T2320-two-factor": twoFactor,
  "2026-11-24T2330-passkeys": passkeys,
  "2026-11-24T2340-staff-roles": staffRoles,
  "2026-11-24T2350-second-factor-pending": secondFactorPending,
  "2026-11-25T0100-companies": companies,
  "2026-11-25T0400-workspace": workspace,
  "2026-11-25T0800-notifications": notifications,
  "2026-11-25T0805-support-desk": supportDesk,
  "2026-11-25T0810-mail-preferences": mailPreferences,
  "2026-11-25T0815-saved-replies": savedReplies,
  "2026-11-25T0820-search": search,
  "2026-11-25T0830-leases": leases,
  "2026-11-25T0830-notification-read-marks": notificationReadMarks,
  "2026-11-25T1040-search-recency": searchRecency,
  "2026-11-26T0000-consent": consent,
  "2026-11-26T0200-retention": retention,
  "2026-11-26T0500-identity-confirmation": identityConfirmation,
  "2026-11-28T2300-site-content": siteContent,
  "2026-11-28T2310-consent-privacy-version": consentPrivacyVersion,
  "2026-11-28T2345-images": images,
  "2026-11-28T2350-user-time-zone": userTimeZone,
  "2026-11-29T0300-identity": identity,
  "2026-11-29T0900-billing": billing,
  "2026-11-29T0930-mail-attachments": mailAttachments,
  "2026-11-29T0930-stripe-events": stripeEvents,
  "2026-11-29T1045-recurring-invoices": recurringInvoices,
  "2026-11-30T0900-card-payment-robustness": cardPaymentRobustness,
  "2026-11-30T1000-proposals": proposals,
  "2026-12-01T1000-inbound-mail": inboundMail,
  "2026-12-01T1200-approval-mail-links": approvalMailLinks,
  "2026-12-01T1400-inbound-project-threads": inboundProjectThreads,
  "2026-12-01T1600-inbound-retention": inboundRetention,
  "2026-12-02T1000-webhooks": webhooks,
  "2026-12-02T1100-api-tokens": apiTokens,
  "2026-12-02T1200-assigned-accounts": assignedAccounts,
  "2026-12-02T1300-calendar-feeds": calendarFeeds,
  "2026-12-03T1000-hot-list-indexes": hotListIndexes,
  "2026-12-04T1000-session-change-notices": sessionChangeNotices,
  "2026-12-05T1000-recent-uploads-index": recentUploadsIndex,
  "2026-12-06T1000-event-channel-per-schema": eventChannelPerSchema,
};
