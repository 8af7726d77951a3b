import { nameNow } from "../shared/people.server";
import type { Selectable } from "kysely";
import { newId } from "~/lib/ids";
import type { ComplaintInput } from "~/lib/schemas/complaints";
import { db } from "~/server/db/db.server";
import type { ComplaintTable } from "~/server/db/schema";
import { events } from "~/server/events/bus.server";
import { CLOSED_REPLY_REFUSED, type SupportTurn } from "~/lib/support-desk";
import { actorName, type Actor } from "~/server/auth/actor.server";
import { recordAudit } from "../shared/audit.server";
import { afterAlerts, alertClientReply, alertNewRequest } from "./alerts.server";
import { Refusal } from "~/lib/refusal";
import { senderOfSide, sideOfSender } from "~/lib/side";
import { insertAttachments } from "./attachments.server";
import type { StoredAttachment } from "~/lib/attachments";

const INITIAL_COMPLAINT_STATUS = "Pending";
/** Set by the request's client only; grey, as SPEC §4 shows any status but Resolved and Pending. */
export const CLOSED_STATUS = "Closed";
/** SPEC §3: the sender of a client's own reply; anything else is staff. */
/** The stored `sender` of each side (app/lib/side.ts keeps the SPEC's "user"). */
export const CLIENT_SENDER = senderOfSide("client");
export const STAFF_SENDER = senderOfSide("staff");

/** A change to a request that is not there, or is another company's: the two answer alike. */
export const noSuchRequest = () => new Refusal("not-found", "This support request no longer exists.");

export interface Reply {
  id: string;
  sender: string;
  senderName: string;
  text: string;
  timestamp: number;
  /** "portal" or "email" (decision 0096); set on replies read back, not on one just written. */
  channel?: string;
}

type ComplaintRow = Selectable<ComplaintTable>;

export interface Complaint extends ComplaintRow {
  replies: Reply[];
}

/**
 * Whose turn it is on a request (decision 0076), from the sender of its last reply: replies are the
 * public thread, internal notes sit in their own table and never count. Only a Pending request has
 * a turn; nobody owes a reply on a Resolved or Closed one.
 */
export function turnOf(status: string, lastSender: string | null | undefined): SupportTurn | null {
  if (status !== INITIAL_COMPLAINT_STATUS) return null;
  return lastSender != null && sideOfSender(lastSender) === "staff" ? "agency-replied" : "awaiting-agency";
}

/** The replies of these requests, oldest first (tests/platform/hot-query-plans.test.ts explains it). */
export function complaintRepliesQuery(complaintIds: string[]) {
  return db()
    .selectFrom("complaintReplies")
    .select(["id", "complaintId", "sender", "text", "timestamp", "channel"])
    .select(nameNow("complaintReplies.senderId", "complaintReplies.senderName").as("senderName"))
    .where("complaintId", "in", complaintIds)
    .orderBy("timestamp")
    .orderBy("id");
}

/** Attaches each complaint's replies, oldest first. */
export async function withReplies(complaints: ComplaintRow[]): Promise<Complaint[]> {
  if (complaints.length === 0) return [];
  const replies = await complaintRepliesQuery(complaints.map((c) => c.id)).execute();
  // One pass over the replies (a filter per request was requests × replies).
  const byComplaint = new Map<string, Reply[]>();
  for (const { complaintId, ...reply } of replies) {
    const list = byComplaint.get(complaintId);
    if (list) list.push(reply);
    else byComplaint.set(complaintId, [reply]);
  }
  return complaints.map((c) => ({ ...c, replies: byComplaint.get(c.id) ?? [] }));
}

/** A company's requests, newest first (the query listComplaints runs). */
export function companyComplaintsQuery({ companyId }: { companyId: string }) {
  return db().selectFrom("complaints").selectAll().where("companyId", "=", companyId).orderBy("createdAt", "desc").orderBy("id");
}

/** The company's complaints, newest first, each with its replies oldest first (SPEC §7). */
export async function listComplaints({ companyId }: { companyId: string }): Promise<Complaint[]> {
  return withReplies(await companyComplaintsQuery({ companyId }).execute());
}

/** Another company's id yields undefined, exactly like an id that does not exist. */
export async function getComplaint({ id, companyId }: { id: string; companyId: string }): Promise<Complaint | undefined> {
  const row = await db().selectFrom("complaints").selectAll().where("id", "=", id).where("companyId", "=", companyId).executeTakeFirst();
  return row ? (await withReplies([row]))[0] : undefined;
}

/** Writes what belongs to a new request or reply (its attachments) in the same transaction. */
/** Files already in the store that join a new request or reply, written in its transaction. */
export interface Attached {
  by: Actor;
  files: StoredAttachment[];
}

/**
 * SPEC §4: every new complaint starts as Pending, whatever the caller sent. The client is
 * waiting from now, and the support desk hears of it in the same transaction.
 */
export async function createComplaint(
  { companyId, createdBy }: { companyId: string; createdBy: string },
  input: ComplaintInput,
  now = Date.now(),
  attached?: Attached,
) {
  const complaint = {
    id: newId(),
    companyId,
    createdBy,
    subject: input.subject,
    message: input.message,
    status: INITIAL_COMPLAINT_STATUS,
    createdAt: now,
    updatedAt: now,
    waitingSince: now,
  };
  const alerted = await db()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("complaints").values(complaint).execute();
      if (attached)
        await insertAttachments(trx, attached.by, "client", { complaintId: complaint.id, replyId: null, companyId }, attached.files);
      return alertNewRequest(trx, complaint.id, createdBy, now);
    });
  events().publish({ type: "complaint.changed", id: complaint.id, companyId });
  afterAlerts(alerted);
  return complaint;
}

/**
 * A member's reply on their company's complaint. Undefined (nothing stored) when the text is blank
 * after trimming: SPEC §5 ignores it. A complaint that is not their company's, or does not exist, is
 * refused as not-found.
 * Starts the client's wait if staff had answered, tells the desk, and a reply to a
 * Resolved request reopens it (Pending, audited). A Closed one is refused: they reopen it first (within 30 days).
 */
export async function addReply(
  { complaintId, companyId, memberName = "", member }: { complaintId: string; companyId: string; memberName?: string; member?: Actor },
  text: string,
  now = Date.now(),
  attached?: Attached,
): Promise<Reply | undefined> {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const name = member ? actorName(member) : memberName.trim();
  const reply: Reply = { id: newId(), sender: CLIENT_SENDER, senderName: name, text: trimmed, timestamp: now };
  const stored = await db()
    .transaction()
    .execute(async (trx) => {
      const complaint = await trx
        .selectFrom("complaints")
        .select(["id", "status", "waitingSince"])
        .where("id", "=", complaintId)
        .where("companyId", "=", companyId)
        .executeTakeFirst();
      if (!complaint) throw noSuchRequest();
      if (complaint.status === CLOSED_STATUS) throw new Refusal("conflict", CLOSED_REPLY_REFUSED);
      const reopened = complaint.status === "Resolved";
      await trx
        .insertInto("complaintReplies")
        .values({ ...reply, complaintId, senderId: member?.id ?? null })
        .execute();
      await trx
        .updateTable("complaints")
        .set({ updatedAt: now, waitingSince: complaint.waitingSince ?? now, ...(reopened ? { status: INITIAL_COMPLAINT_STATUS } : {}) })
        .where("id", "=", complaintId)
        .execute();
      if (reopened) {
        const detail = { from: complaint.status, to: INITIAL_COMPLAINT_STATUS, by: "client-reply", replyId: reply.id, companyId };
        await recordAudit(
          trx,
          member ?? { id: "", email: "", name },
          { action: "complaint.status", entity: "complaint", entityId: complaintId, detail },
          now,
        );
      }
      if (attached) await insertAttachments(trx, attached.by, "client", { complaintId, replyId: reply.id, companyId }, attached.files);
      return alertClientReply(trx, { complaintId, reply, memberId: member?.id ?? null, reopened }, now);
    });
  events().publish({ type: "complaint.changed", id: complaintId, companyId });
  afterAlerts(stored);
  return reply;
}

// Staff replies and status changes live in complaints-staff.server.ts: they add audit and mail.
