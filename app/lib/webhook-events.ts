// The events a webhook endpoint may choose (decision 0103), with the words the console shows, and
// the chat alerts built on them. Both sides read this: the form's checkboxes and the writer.

export const WEBHOOK_EVENTS = {
  "lead.created": "Lead created",
  "application.received": "Application received",
  "company.created": "Company created",
  "project.status_changed": "Project status changed",
  "milestone.done": "Milestone done",
  "approval.decided": "Approval decided",
  "file.shared": "File shared",
  "support_request.opened": "Support request opened",
  "support_request.replied": "Support request replied",
  "support_request.closed": "Support request closed",
  "invoice.issued": "Invoice issued",
  "invoice.paid": "Invoice paid",
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

/** "Send test event": only ever to the one endpoint it was asked for. */
export const TEST_EVENT_TYPE = "webhook.test";

/** The payload's `version`: a change to any event's shape that could break a receiver raises it. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/** Chat alerts: one incoming-webhook URL per kind, each fed by one event. */
export const CHAT_ALERTS = {
  new_lead: { label: "New lead", event: "lead.created" },
  new_application: { label: "New application", event: "application.received" },
  support_request: { label: "Client support request", event: "support_request.opened" },
  approval_decided: { label: "Approval decided", event: "approval.decided" },
} as const satisfies Record<string, { label: string; event: WebhookEventType }>;

export type ChatAlert = keyof typeof CHAT_ALERTS;
export const CHAT_ALERT_KINDS = Object.keys(CHAT_ALERTS) as ChatAlert[];

export const DELIVERY_STATUSES = ["pending", "delivered", "failed", "cancelled"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
