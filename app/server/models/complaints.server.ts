import type { Selectable } from "kysely";
import { newId } from "~/lib/ids";
import type { ComplaintInput } from "~/lib/schemas/complaints";
import { db } from "~/server/db/db.server";
import type { ComplaintTable } from "~/server/db/schema";
import { events } from "~/server/events/bus.server";

const INITIAL_COMPLAINT_STATUS = "Pending";
/** SPEC §3: the sender of a client's own reply; anything else is staff. */
export const CLIENT_SENDER = "user";
export const STAFF_SENDER = "staff";

export interface Reply {
  id: string;
  sender: string;
  senderName: string;
  text: string;
  timestamp: number;
}

type ComplaintRow = Selectable<ComplaintTable>;

export interface Complaint extends ComplaintRow {
  replies: Reply[];
}

/** Attaches each complaint's replies, oldest first. */
export async function withReplies(complaints: ComplaintRow[]): Promise<Complaint[]> {
  if (complaints.length === 0) return [];
  const replies = await db()
    .selectFrom("complaintReplies")
    .select(["id", "complaintId", "sender", "senderName", "text", "timestamp"])
    .where("complaintId", "in", complaints.map((c) => c.id))
    .orderBy("timestamp")
    .orderBy("id")
    .execute();
  return complaints.map((c) => ({
    ...c,
    replies: replies.filter((r) => r.complaintId === c.id).map(({ complaintId: _complaintId, ...reply }) => reply),
  }));
}

/** The company's complaints, newest first, each with its replies oldest first (SPEC §7, issue 16). */
export async function listComplaints({ companyId }: { companyId: string }): Promise<Complaint[]> {
  const rows = await db()
    .selectFrom("complaints")
    .selectAll()
    .where("companyId", "=", companyId)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
  return withReplies(rows);
}

/** Another company's id yields undefined, exactly like an id that does not exist. */
export async function getComplaint({ id, companyId }: { id: string; companyId: string }): Promise<Complaint | undefined> {
  const row = await db().selectFrom("complaints").selectAll().where("id", "=", id).where("companyId", "=", companyId).executeTakeFirst();
  return row ? (await withReplies([row]))[0] : undefined;
}

/** SPEC §4: every new complaint starts as Pending, whatever the caller sent. */
export async function createComplaint({ companyId, createdBy }: { companyId: string; createdBy: string }, input: ComplaintInput, now = Date.now()) {
  const complaint = {
    id: newId(),
    companyId,
    createdBy,
    subject: input.subject,
    message: input.message,
    status: INITIAL_COMPLAINT_STATUS,
    createdAt: now,
    updatedAt: now,
  };
  await db().insertInto("complaints").values(complaint).execute();
  events().publish({ type: "complaint.changed", id: complaint.id, companyId });
  return complaint;
}

async function insertReply(complaintId: string, companyId: string, reply: Omit<Reply, "id">): Promise<Reply> {
  const row = { id: newId(), complaintId, ...reply };
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("complaintReplies").values(row).execute();
      await trx.updateTable("complaints").set({ updatedAt: reply.timestamp }).where("id", "=", complaintId).execute();
    });
  events().publish({ type: "complaint.changed", id: complaintId, companyId });
  return { id: row.id, ...reply };
}

/**
 * A member's reply on their company's complaint. Returns undefined (nothing stored) when the
 * complaint is not their company's or does not exist, and when the text is blank after trimming (SPEC §5).
 */
export async function addReply(
  { complaintId, companyId, memberName = "" }: { complaintId: string; companyId: string; memberName?: string },
  text: string,
  now = Date.now(),
): Promise<Reply | undefined> {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const owned = await db()
    .selectFrom("complaints")
    .select("id")
    .where("id", "=", complaintId)
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  if (!owned) return undefined;
  return insertReply(complaintId, companyId, { sender: CLIENT_SENDER, senderName: memberName.trim(), text: trimmed, timestamp: now });
}

// Staff replies and status changes live in complaints-staff.server.ts (issue 5): they add audit and mail.
