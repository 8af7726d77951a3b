// Every kind of event a person can be notified of, with the label the bell, the
// notifications page and the e-mail preferences show. Client-safe. One name per concept: the
// `type` column, the preference rows and the unsubscribe links all use these keys.

// Heard by a company's members.
const CLIENT_TYPES = [
  "staff_reply",
  "status_change",
  "progress_change",
  "milestone_due",
  "milestone_done",
  "approval_requested",
  "file_shared",
] as const;
// Heard by staff (and "file_shared", below).
const STAFF_TYPES = [
  "approval_decided",
  "invitation_accepted",
  "new_request",
  "client_reply",
  "new_lead",
  "new_application",
  "proposal_decided",
  "payment_disputed",
] as const;
export const NOTIFICATION_TYPES = [...CLIENT_TYPES, ...STAFF_TYPES] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_LABELS: Record<NotificationType, string> = {
  staff_reply: "Replies from the team",
  status_change: "Request status changes",
  progress_change: "Project progress",
  milestone_due: "Milestones due",
  milestone_done: "Milestones done",
  approval_requested: "Approvals requested",
  file_shared: "Files shared",
  approval_decided: "Approvals decided",
  invitation_accepted: "Invitations accepted",
  new_request: "New support requests",
  client_reply: "Client replies",
  new_lead: "New leads",
  new_application: "New applications",
  proposal_decided: "Proposals accepted or declined",
  payment_disputed: "Card payment disputes",
};

/** Which side hears of each type: what the preferences page offers a client or a staff member. */
// A company's client admins hear when someone joins (decision 0041), so they choose its mail too.
export const CLIENT_NOTIFICATION_TYPES: readonly NotificationType[] = [...CLIENT_TYPES, "invitation_accepted"];
// Staff who are members of no company still hear of files a client shares.
export const STAFF_NOTIFICATION_TYPES: readonly NotificationType[] = [...STAFF_TYPES, "file_shared"];

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === "string" && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** One notification as its owner sees it (bell, panel, full page); read from the server model. */
export interface NotificationView {
  id: string;
  type: NotificationType;
  title: string;
  body: string;
  /** An app path, never a full URL. */
  link: string;
  actorName: string | null;
  createdAt: number;
  readAt: number | null;
}
