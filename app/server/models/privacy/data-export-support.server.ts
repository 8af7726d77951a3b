import { db } from "~/server/db/db.server";
import { recordFolder, type EntryNames } from "~/server/models/privacy/data-export-entry-names.server";
import type { ExportFile } from "./data-export-projects.server";
import { sideOfSender } from "~/lib/side";

// The support half of "Download my data": the company's requests with the replies
// and attachments its members see, and the person's own notifications. Internal notes
// (complaint_notes) are staff-only and never read here; nor are the desk's triage fields
// (assignee, priority).

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export async function exportSupport(companyId: string, userId: string, names: EntryNames) {
  const requests = await db()
    .selectFrom("complaints")
    .select(["id", "createdBy", "subject", "message", "status", "createdAt", "updatedAt", "closedAt"])
    .where("companyId", "=", companyId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const ids = requests.map((r) => r.id);
  const [replies, attachments] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db()
            .selectFrom("complaintReplies")
            .select(["id", "complaintId", "sender", "senderName", "text", "timestamp"])
            .where("complaintId", "in", ids)
            .orderBy("timestamp")
            .orderBy("id")
            .execute(),
          db()
            .selectFrom("attachments")
            .select([
              "id",
              "complaintId",
              "replyId",
              "name",
              "storageKey",
              "size",
              "contentType",
              "sha256",
              "uploadedByName",
              "side",
              "createdAt",
            ])
            .where("complaintId", "in", ids)
            .orderBy("createdAt")
            .orderBy("id")
            .execute(),
        ]);
  const stored: ExportFile[] = [];
  const filesOf = (requestId: string, folder: string, replyId: string | null) =>
    attachments
      .filter((a) => a.complaintId === requestId && a.replyId === replyId)
      .map((a) => {
        const path = names.claim(folder, a.name, "attachment");
        stored.push({ path, key: a.storageKey, size: Number(a.size), modifiedAt: Number(a.createdAt) });
        return {
          name: a.name,
          size: Number(a.size),
          contentType: a.contentType,
          sha256: a.sha256,
          uploadedBy: a.uploadedByName,
          side: a.side,
          uploadedAt: iso(a.createdAt),
          path,
        };
      });
  const documents = requests.map((r) => {
    const folder = `files/support/${recordFolder(r.subject, r.id)}`;
    return {
      id: r.id,
      subject: r.subject,
      message: r.message,
      status: r.status,
      raisedByYou: r.createdBy === userId,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      closedAt: iso(r.closedAt),
      attachments: filesOf(r.id, folder, null),
      replies: replies
        .filter((reply) => reply.complaintId === r.id)
        .map((reply) => ({
          id: reply.id,
          from: sideOfSender(reply.sender),
          name: reply.senderName,
          text: reply.text,
          sentAt: iso(reply.timestamp),
          attachments: filesOf(r.id, folder, reply.id),
        })),
    };
  });
  return { requests: documents, stored };
}

/** The person's own notifications (never a teammate's), oldest first. */
export async function exportNotifications(userId: string) {
  const rows = await db()
    .selectFrom("notifications")
    .select(["id", "type", "title", "body", "link", "actorName", "createdAt", "readAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map((n) => ({ ...n, createdAt: iso(n.createdAt), readAt: iso(n.readAt) }));
}
