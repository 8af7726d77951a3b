import { displayName } from "~/lib/people";
import type { Kysely } from "kysely";
import { brandIn } from "~/server/brand/brand.server";
import { AREA_ROLES } from "~/lib/staff-roles";
import { complaintLink } from "~/lib/links";
import type { Database } from "~/server/db/schema";
import { absoluteUrl } from "~/server/env.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { clientReplyMail, newRequestMail } from "~/server/mail/support-mails.server";
import type { MailContent, PlacedMail } from "~/server/mail/templates.server";
import { companyMemberIds, notify, publishNotified, staffIdsFor } from "../notifications/notifications.server";
import type { Trx } from "~/server/db/db.server";
import { assignedStaffIds } from "../shared/company-scope.server";
import { recordWebhookEvent, type WebhookChange } from "../webhooks/webhook-changes.server";

// Who hears of what happens on a support request, written in the event's own
// transaction (decision 0044). Staff: the assignee; while nobody is assigned (or the assignee can no
// longer use Support), the company's account team with Support (decision 0105), and when it has
// none, every staff member whose role may use Support. Staff limited to their assigned companies
// never hear of another company's (notify's filter). Clients: every member of the request's company.
// Webhook endpoints and chat alerts that chose these events hear of them here too (decision 0103).

/** Whether `userId` is active staff whose role may use Support: the only people a request can be assigned to. */
export async function isSupportStaff(trx: Trx | Kysely<Database>, userId: string): Promise<boolean> {
  const row = await trx
    .selectFrom("users")
    .select("id")
    .where("id", "=", userId)
    .where("role", "=", "employee")
    .where("staffDisabledAt", "is", null)
    .where("staffRole", "in", [...AREA_ROLES.support])
    .executeTakeFirst();
  return row !== undefined;
}

/** The staff who hear of a request's client activity. */
export async function deskRecipients(trx: Trx, assigneeId: string | null, companyId: string | null): Promise<string[]> {
  if (assigneeId && (await isSupportStaff(trx, assigneeId))) return [assigneeId];
  const team = companyId ? await assignedStaffIds(trx, companyId, "support") : [];
  return team.length > 0 ? team : staffIdsFor(trx, "support");
}

export interface StaffAlert {
  complaintId: string;
  companyId: string | null;
  assigneeId: string | null;
  type: "new_request" | "client_reply";
  eventKey: string;
  title: string;
  body: string;
  actorId: string | null;
  actorName: string;
  mail: MailContent;
}

export async function alertDesk(trx: Trx, alert: StaffAlert, now: number): Promise<string[]> {
  const recipients = await deskRecipients(trx, alert.assigneeId, alert.companyId);
  const { type, eventKey, title, body, actorName, mail } = alert;
  return notify(
    trx,
    recipients,
    // Decision 0102: staff may answer the alert from their own mail program, by its reply address.
    {
      type,
      eventKey,
      title,
      body,
      link: complaintLink("staff", alert.complaintId),
      actorName,
      mail,
      thread: { complaintId: alert.complaintId },
      companyId: alert.companyId,
    },
    { actorId: alert.actorId, now },
  );
}

export interface ClientAlert {
  complaintId: string;
  companyId: string | null;
  type: "staff_reply" | "status_change";
  eventKey: string;
  title: string;
  actorId: string;
  actorName: string;
  /** Composed per recipient when it shows a date (their zone). */
  mail: MailContent | PlacedMail;
  /** The webhook event of the same change: the staff reply, or the request resolved. */
  webhook?: WebhookChange;
}

export async function alertCompany(trx: Trx, alert: ClientAlert, now: number): Promise<string[]> {
  if (alert.webhook) await recordWebhookEvent(trx, alert.webhook, now);
  if (!alert.companyId) return [];
  const recipients = await companyMemberIds(trx, alert.companyId);
  const { type, eventKey, title, actorName, mail } = alert;
  return notify(
    trx,
    recipients,
    {
      type,
      eventKey,
      title,
      link: complaintLink("client", alert.complaintId),
      actorName,
      mail,
      thread: { complaintId: alert.complaintId },
      companyId: alert.companyId,
    },
    { actorId: alert.actorId, now },
  );
}

/** The request's subject, its company's name and who raised it, as alerts name them. */
export async function requestFacts(trx: Trx, complaintId: string) {
  return trx
    .selectFrom("complaints as c")
    .leftJoin("companies as co", "co.id", "c.companyId")
    .leftJoin("users as u", "u.id", "c.createdBy")
    .select([
      "c.id",
      "c.subject",
      "c.message",
      "c.status",
      "c.companyId",
      "c.assigneeId",
      "c.waitingSince",
      "c.closedAt",
      "c.createdAt",
      "co.name as companyName",
      "u.name as createdByName",
      "u.email as createdByEmail",
    ])
    .where("c.id", "=", complaintId)
    .executeTakeFirst();
}

/** After the commit: open bells update, and the mail worker wakes for the queued mails. */
export function afterAlerts(userIds: readonly string[]): void {
  if (userIds.length === 0) return;
  publishNotified(userIds);
  notifyMailEnqueued();
}

const clientNameOf = (facts: { createdByName: string | null; createdByEmail: string | null; companyName: string | null }, fallback = "") =>
  fallback ||
  (facts.createdByEmail === null ? "" : displayName({ name: facts.createdByName, email: facts.createdByEmail })) ||
  facts.companyName ||
  "A client";

export async function alertNewRequest(trx: Trx, complaintId: string, createdBy: string, now: number): Promise<string[]> {
  await recordWebhookEvent(trx, { type: "support_request.opened", id: complaintId }, now);
  const facts = await requestFacts(trx, complaintId);
  if (!facts) return [];
  const clientName = clientNameOf(facts);
  const company = facts.companyName ?? "";
  return alertDesk(
    trx,
    {
      complaintId,
      companyId: facts.companyId,
      assigneeId: facts.assigneeId,
      type: "new_request",
      eventKey: `complaint-new:${complaintId}`,
      title: `New support request: "${facts.subject}"`,
      body: company ? `From ${clientName} of ${company}` : `From ${clientName}`,
      actorId: createdBy,
      actorName: clientName,
      mail: newRequestMail(
        {
          subject: facts.subject,
          message: facts.message,
          clientName,
          company,
          consoleUrl: absoluteUrl(complaintLink("staff", complaintId)),
        },
        await brandIn(trx),
      ),
    },
    now,
  );
}

export async function alertClientReply(
  trx: Trx,
  {
    complaintId,
    reply,
    memberId,
    reopened,
  }: { complaintId: string; reply: { id: string; senderName: string; text: string }; memberId: string | null; reopened: boolean },
  now: number,
): Promise<string[]> {
  await recordWebhookEvent(trx, { type: "support_request.replied", id: reply.id }, now);
  const facts = await requestFacts(trx, complaintId);
  if (!facts) return [];
  const clientName = clientNameOf(facts, reply.senderName);
  const company = facts.companyName ?? "";
  return alertDesk(
    trx,
    {
      complaintId,
      companyId: facts.companyId,
      assigneeId: facts.assigneeId,
      type: "client_reply",
      eventKey: `complaint-reply:${reply.id}`,
      title: reopened ? `${clientName} replied to "${facts.subject}" and reopened it` : `${clientName} replied to "${facts.subject}"`,
      body: reply.text.slice(0, 280),
      actorId: memberId,
      actorName: clientName,
      mail: clientReplyMail(
        {
          subject: facts.subject,
          text: reply.text,
          clientName,
          company,
          reopened,
          consoleUrl: absoluteUrl(complaintLink("staff", complaintId)),
        },
        await brandIn(trx),
      ),
    },
    now,
  );
}
