import { applicationLink, complaintLink, leadLink, projectLink } from "~/lib/links";
import { WEBHOOK_EVENTS, type WebhookEventType } from "~/lib/webhook-events";
import { absoluteUrl } from "~/server/env.server";

// A chat alert's message (decision 0103): `{ "text": … }`, which Slack's, Mattermost's and Microsoft
// Teams' incoming webhooks all post as a message. One line saying what happened, and the console link.

type Data = Record<string, unknown>;
const text = (data: Data, key: string) => (typeof data[key] === "string" ? (data[key] as string) : "");
const short = (value: string, max = 200) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

function line(type: string, data: Data): string {
  const id = text(data, "id");
  switch (type) {
    case "lead.created":
      return `New lead from ${text(data, "name") || "someone"}${text(data, "requirement") ? `: ${short(text(data, "requirement"))}` : ""}\n${absoluteUrl(leadLink(id))}`;
    case "application.received":
      return `New application from ${text(data, "name") || "someone"}\n${absoluteUrl(applicationLink(id))}`;
    case "support_request.opened":
      return `New support request: ${short(text(data, "subject") || "(no subject)")}\n${absoluteUrl(complaintLink("staff", id))}`;
    case "approval.decided": {
      const status = text(data, "status");
      const verdict = status === "approved" ? "approved" : status ? `decided (${status.replace(/_/g, " ")})` : "decided";
      const what = text(data, "title") || text(data, "subjectTitle") || "an approval";
      const project = text(data, "projectId");
      return `Approval ${verdict}: ${short(what)}${project ? `\n${absoluteUrl(projectLink("staff", project, "milestones"))}` : ""}`;
    }
    default:
      return `${WEBHOOK_EVENTS[type as WebhookEventType] ?? type}${id ? ` (${id})` : ""}`;
  }
}

/** The body sent to a chat endpoint for a stored event payload. */
export function chatBody(payload: string): string {
  const event = JSON.parse(payload) as { type: string; data?: unknown };
  const data = event.data && typeof event.data === "object" ? (event.data as Data) : {};
  const message = event.type === "webhook.test" ? "Test alert: this channel will get the alerts you chose." : line(event.type, data);
  return JSON.stringify({ text: message });
}
