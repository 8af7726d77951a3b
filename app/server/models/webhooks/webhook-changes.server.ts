import type { Executor } from "~/server/db/db.server";
import { writeWebhookEvent } from "~/server/webhooks/outbox.server";
import {
  applicationData,
  approvalData,
  companyData,
  invoiceData,
  leadData,
  milestoneData,
  projectData,
  projectFileData,
  supportReplyData,
  supportRequestData,
} from "./webhook-resources.server";

// The changes webhooks and chat alerts report (decision 0103). Each is recorded by the code that
// already says who hears of it, inside the change's transaction: the notification's "who hears of
// what" (notifications/events.server.ts, support/alerts.server.ts) or, for changes nobody is
// notified of (a company made, a project's status, an invoice issued or paid), the model's write.
// A rollback takes the event with it; the resource is read only when an endpoint wants it.

export type WebhookChange =
  | { type: "lead.created"; id: string }
  | { type: "application.received"; id: string }
  | { type: "company.created"; id: string }
  | { type: "project.status_changed"; id: string }
  | { type: "milestone.done"; id: string }
  | { type: "approval.decided"; id: string }
  | { type: "file.shared"; id: string }
  | { type: "support_request.opened"; id: string }
  | { type: "support_request.closed"; id: string }
  /** `id` is the reply's: the payload is the new reply, which names its request. */
  | { type: "support_request.replied"; id: string }
  | { type: "invoice.issued"; id: string }
  | { type: "invoice.paid"; id: string };

const READERS: Record<WebhookChange["type"], (trx: Executor, id: string) => Promise<unknown>> = {
  "lead.created": leadData,
  "application.received": applicationData,
  "company.created": companyData,
  "project.status_changed": projectData,
  "milestone.done": milestoneData,
  "approval.decided": approvalData,
  "file.shared": projectFileData,
  "support_request.opened": supportRequestData,
  "support_request.closed": supportRequestData,
  "support_request.replied": supportReplyData,
  "invoice.issued": invoiceData,
  "invoice.paid": invoiceData,
};

/** Writes the change's event for every endpoint that chose it, in `trx`; returns its id or null. */
export function recordWebhookEvent(trx: Executor, change: WebhookChange, now: number): Promise<string | null> {
  return writeWebhookEvent(trx, { type: change.type, data: () => READERS[change.type](trx, change.id) }, now);
}
