import { href } from "react-router";
import type { Transaction } from "kysely";
import { newId } from "~/lib/ids";
import type { ComplaintStatus } from "~/lib/schemas/complaints-staff";
import { actorName, type Actor } from "~/server/auth/actor.server";
import { recordAudit } from "./audit.server";
import { STAFF_SENDER, withReplies, type Complaint, type Reply } from "./complaints.server";
import { db } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { getEnv } from "~/server/env.server";
import { events } from "~/server/events/bus.server";
import { enqueueMail, notifyMailEnqueued } from "~/server/mail/outbox.server";
import { complaintStatusMail, staffReplyMail } from "~/server/mail/support-mails.server";

// Staff side of support requests (issue 5). Every function assumes the caller passed requireStaff.

interface InboxEntry {
  id: string;
  subject: string;
  status: string;
  createdAt: number;
  updatedAt: number;
  companyId: string | null;
  companyName: string | null;
  /** The member who raised it; null once they have left the company. */
  createdByEmail: string | null;
  createdByName: string | null;
  replyCount: number;
  /** 'user' when the client spoke last: the request is waiting for us. */
  lastSender: string | null;
}

interface StaffComplaint extends Complaint {
  company: { id: string; name: string } | null;
  /** Who raised it, while they are a member. */
  createdByUser: { id: string; email: string; name: string } | null;
}

/** Every client's complaints: unresolved first, then newest; optionally one status only. */
export async function listInbox(options: { status?: string; limit: number; offset: number }): Promise<{ entries: InboxEntry[]; total: number }> {
  let base = db()
    .selectFrom("complaints as c")
    .leftJoin("companies as co", "co.id", "c.companyId")
    .leftJoin("users as u", "u.id", "c.createdBy")
    .leftJoin("profiles as p", "p.userId", "c.createdBy");
  if (options.status) base = base.where("c.status", "=", options.status);
  const [rows, count] = await Promise.all([
    base
      .select(["c.id", "c.subject", "c.status", "c.createdAt", "c.updatedAt", "c.companyId", "co.name as companyName", "u.email as createdByEmail", "p.fullName as createdByName"])
      .select((eb) => [
        eb.selectFrom("complaintReplies as r").select(eb.fn.countAll<number>().as("n")).whereRef("r.complaintId", "=", "c.id").as("replyCount"),
        eb
          .selectFrom("complaintReplies as r")
          .select("r.sender")
          .whereRef("r.complaintId", "=", "c.id")
          .orderBy("r.timestamp", "desc")
          .orderBy("r.id", "desc")
          .limit(1)
          .as("lastSender"),
      ])
      .orderBy((eb) => eb.case().when("c.status", "=", "Resolved").then(1).else(0).end())
      .orderBy("c.createdAt", "desc")
      .orderBy("c.id")
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    entries: rows.map((r) => ({ ...r, replyCount: Number(r.replyCount ?? 0), lastSender: r.lastSender ?? null })),
  };
}

/** One complaint with its thread, its company and the member who raised it. */
export async function getInboxComplaint({ id }: { id: string }): Promise<StaffComplaint | undefined> {
  const row = await db()
    .selectFrom("complaints as c")
    .leftJoin("companies as co", "co.id", "c.companyId")
    .leftJoin("users as u", "u.id", "c.createdBy")
    .selectAll("c")
    .select(["co.name as companyName", "u.email as createdByEmail", "u.name as createdByName"])
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { companyName, createdByEmail, createdByName, ...complaint } = row;
  const [withThread] = await withReplies([complaint]);
  return {
    ...withThread!,
    company: complaint.companyId && companyName !== null ? { id: complaint.companyId, name: companyName } : null,
    createdByUser: complaint.createdBy && createdByEmail !== null ? { id: complaint.createdBy, email: createdByEmail, name: createdByName ?? "" } : null,
  };
}

async function complaintForChange(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom("complaints as c")
    .leftJoin("users as u", "u.id", "c.createdBy")
    .select(["c.id", "c.companyId", "c.status", "c.createdAt", "u.email", "u.emailVerified"])
    .where("c.id", "=", id)
    .executeTakeFirst();
}

const portalUrl = () => `${getEnv().APP_URL}${href("/user-dashboard/support")}`;

/**
 * Replies as staff: sender 'staff' with the staff member's name. The reply, its audit row and the
 * client's e-mail commit together. Undefined when the text is blank (SPEC §5) or the complaint unknown.
 */
export async function addStaffReply(actor: Actor, { complaintId, text }: { complaintId: string; text: string }, now = Date.now()) {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const stored = await db()
    .transaction()
    .execute(async (trx) => {
      const complaint = await complaintForChange(trx, complaintId);
      if (!complaint) return undefined;
      const reply: Reply = { id: newId(), sender: STAFF_SENDER, senderName: actorName(actor), text: trimmed, timestamp: now };
      await trx.insertInto("complaintReplies").values({ ...reply, complaintId }).execute();
      await trx.updateTable("complaints").set({ updatedAt: now }).where("id", "=", complaintId).execute();
      await recordAudit(trx, actor, { action: "complaint.reply", entity: "complaint", entityId: complaintId, detail: { replyId: reply.id, companyId: complaint.companyId } }, now);
      const mail = staffReplyMail({ staffName: reply.senderName, text: trimmed, raisedAt: complaint.createdAt, portalUrl: portalUrl() });
      // Decision 0028: an unverified address gets no mail but its verification link; the reply waits in the portal.
      // Issue 16: the member who raised it is mailed; once they have left, the others read it in the portal.
      if (complaint.email && complaint.emailVerified) await enqueueMail(trx, { to: complaint.email, ...mail, idempotencyKey: `complaint:${complaintId}:reply:${reply.id}` }, now);
      return { reply, companyId: complaint.companyId };
    });
  if (!stored) return undefined;
  if (stored.companyId) events().publish({ type: "complaint.changed", id: complaintId, companyId: stored.companyId });
  notifyMailEnqueued();
  return stored.reply;
}

type StatusChange = { changed: false } | { changed: true; changeId: string; from: string; to: ComplaintStatus };

/**
 * Sets Pending or Resolved (Pending again is a reopen). A real change writes an audit row and mails
 * the client in one transaction; setting the current status changes nothing. Undefined when unknown.
 */
export async function setComplaintStatus(
  actor: Actor,
  { complaintId, status }: { complaintId: string; status: ComplaintStatus },
  now = Date.now(),
): Promise<StatusChange | undefined> {
  const change = await db()
    .transaction()
    .execute(async (trx): Promise<(StatusChange & { companyId: string | null }) | undefined> => {
      const complaint = await complaintForChange(trx, complaintId);
      if (!complaint) return undefined;
      if (complaint.status === status) return { changed: false, companyId: complaint.companyId };
      const updated = await trx
        .updateTable("complaints")
        .set({ status, updatedAt: now })
        .where("id", "=", complaintId)
        .where("status", "=", complaint.status)
        .executeTakeFirst();
      // Another staff member changed it a moment ago: theirs stands, and they mailed the client.
      if (Number(updated.numUpdatedRows) === 0) return { changed: false, companyId: complaint.companyId };
      const changeId = newId();
      const detail = { from: complaint.status, to: status, changeId, companyId: complaint.companyId };
      await recordAudit(trx, actor, { action: "complaint.status", entity: "complaint", entityId: complaintId, detail }, now);
      const mail = complaintStatusMail({ status, raisedAt: complaint.createdAt, portalUrl: portalUrl() });
      if (complaint.email && complaint.emailVerified) await enqueueMail(trx, { to: complaint.email, ...mail, idempotencyKey: `complaint:${complaintId}:status:${changeId}` }, now);
      return { changed: true, changeId, from: complaint.status, to: status, companyId: complaint.companyId };
    });
  if (!change) return undefined;
  if (change.changed) {
    if (change.companyId) events().publish({ type: "complaint.changed", id: complaintId, companyId: change.companyId });
    notifyMailEnqueued();
  }
  const { companyId: _companyId, ...result } = change;
  return result;
}
