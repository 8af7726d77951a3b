import type { Trx } from "~/server/db/db.server";
import { db } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";
import { REOPEN_WINDOW_MS } from "~/lib/support-desk";
import { REPLY_MAX_LENGTH } from "~/lib/schemas/complaints";
import type { StoredAttachment } from "~/lib/attachments";
import { actorName, type Actor } from "~/server/auth/actor.server";
import { recordAudit } from "../shared/audit.server";
import { afterAlerts, alertClientReply, alertNewRequest } from "./alerts.server";
import { CLIENT_SENDER, CLOSED_STATUS } from "./complaints.server";
import { insertAttachments } from "./attachments.server";

// Decision 0096: a client's e-mail becomes a reply or a new request, as the portal's forms make
// them, with channel "email". The row id is the inbound message's id, so a message processed twice
// (a crash after the commit, before its status was written) adds nothing the second time; `mark`
// writes the inbound row's outcome in the same transaction.

const PENDING = "Pending";
const SUBJECT_MAX = 160;
const MESSAGE_MAX = 5000;

/** Text longer than the portal takes is cut, with a marker: the whole mail stays for staff. */
const fit = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 2).trimEnd()} …`);

export type EmailOutcome = { kind: "added"; complaintId: string } | { kind: "refused"; reason: string } | { kind: "duplicate" };

interface EmailReply {
  id: string;
  complaintId: string;
  member: Actor & { companyId: string };
  text: string;
  files: StoredAttachment[];
  mark: (trx: Trx, outcome: EmailOutcome) => Promise<void>;
}

/**
 * A member's e-mail reply on their company's request. A Resolved request is reopened as a portal
 * reply reopens it; a Closed one is reopened within the 30 days its client may reopen it, and
 * refused after (the mail is held for staff).
 */
export async function addEmailReply({ id, complaintId, member, text, files, mark }: EmailReply, now = Date.now()): Promise<EmailOutcome> {
  const name = actorName(member);
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const complaint = await trx
        .selectFrom("complaints")
        .select(["id", "status", "waitingSince", "closedAt"])
        .where("id", "=", complaintId)
        .where("companyId", "=", member.companyId)
        .executeTakeFirst();
      const refuse = async (reason: string) => {
        const outcome: EmailOutcome = { kind: "refused", reason };
        await mark(trx, outcome);
        return { outcome, alerted: [] as string[] };
      };
      if (!complaint) return refuse("The request is not the sender's company's, or no longer exists.");
      if (complaint.status === CLOSED_STATUS && (complaint.closedAt === null || now - Number(complaint.closedAt) > REOPEN_WINDOW_MS))
        return refuse("The request was closed more than 30 days ago.");
      const inserted = await trx
        .insertInto("complaintReplies")
        .values({
          id,
          complaintId,
          sender: CLIENT_SENDER,
          senderId: member.id,
          senderName: name,
          text: fit(text, REPLY_MAX_LENGTH),
          timestamp: now,
          channel: "email",
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 1) === 0) {
        const outcome: EmailOutcome = { kind: "duplicate" };
        await mark(trx, outcome);
        return { outcome, alerted: [] as string[] };
      }
      const reopened = complaint.status !== PENDING;
      await trx
        .updateTable("complaints")
        .set({ updatedAt: now, waitingSince: complaint.waitingSince ?? now, ...(reopened ? { status: PENDING, closedAt: null } : {}) })
        .where("id", "=", complaintId)
        .execute();
      if (reopened) {
        const detail = { from: complaint.status, to: PENDING, by: "client-email-reply", replyId: id, companyId: member.companyId };
        await recordAudit(trx, member, { action: "complaint.status", entity: "complaint", entityId: complaintId, detail }, now);
      }
      await insertAttachments(trx, member, "client", { complaintId, replyId: id, companyId: member.companyId }, files, now);
      const reply = { id, senderName: name, text };
      const alerted = await alertClientReply(trx, { complaintId, reply, memberId: member.id, reopened }, now);
      const outcome: EmailOutcome = { kind: "added", complaintId };
      await mark(trx, outcome);
      return { outcome, alerted };
    });
  if (result.outcome.kind === "added") {
    events().publish({ type: "complaint.changed", id: complaintId, companyId: member.companyId });
    afterAlerts(result.alerted);
  }
  return result.outcome;
}

interface EmailRequest {
  id: string;
  member: Actor & { companyId: string };
  subject: string;
  text: string;
  files: StoredAttachment[];
  mark: (trx: Trx, outcome: EmailOutcome) => Promise<void>;
}

/** A new request from a member's e-mail: Pending, the client waiting, the desk alerted. */
export async function createEmailComplaint(
  { id, member, subject, text, files, mark }: EmailRequest,
  now = Date.now(),
): Promise<EmailOutcome> {
  const complaint = {
    id,
    companyId: member.companyId,
    createdBy: member.id,
    subject: fit(subject || "(no subject)", SUBJECT_MAX),
    message: fit(text, MESSAGE_MAX),
    status: PENDING,
    createdAt: now,
    updatedAt: now,
    waitingSince: now,
    channel: "email",
  };
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const inserted = await trx
        .insertInto("complaints")
        .values(complaint)
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 1) === 0) {
        const outcome: EmailOutcome = { kind: "duplicate" };
        await mark(trx, outcome);
        return { outcome, alerted: [] as string[] };
      }
      await insertAttachments(trx, member, "client", { complaintId: id, replyId: null, companyId: member.companyId }, files, now);
      const alerted = await alertNewRequest(trx, id, member.id, now);
      const outcome: EmailOutcome = { kind: "added", complaintId: id };
      await mark(trx, outcome);
      return { outcome, alerted };
    });
  if (result.outcome.kind === "added") {
    events().publish({ type: "complaint.changed", id, companyId: member.companyId });
    afterAlerts(result.alerted);
  }
  return result.outcome;
}
