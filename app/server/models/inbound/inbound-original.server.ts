import { buffer } from "node:stream/consumers";
import { Refusal } from "~/lib/refusal";
import { db } from "~/server/db/db.server";
import { parseInbound } from "~/server/mail/inbound-parse.server";
import { fileStore } from "~/server/storage/storage.server";
import { authservId } from "./inbound-routing.server";

// The original of a message that came in by e-mail (decision 0096: the desk shows the text with
// its quoted history and signature cut off; staff may read what was really sent). Scoped to the
// request it was routed to: an id of another request's message is not found. Shown as text only:
// a mail's HTML is never rendered in the console.

export const NO_ORIGINAL = "This mail is not part of this request (or is no longer kept).";

export interface OriginalMail {
  id: string;
  receivedAt: number;
  from: string | null;
  fromName: string;
  subject: string;
  recipients: string[];
  messageId: string | null;
  fullText: string;
  attachments: { filename: string; contentType: string; size: number }[];
  auth: { spf: string; dkim: string; dmarc: string } | null;
  size: number;
}

async function scopedRow(complaintId: string, messageId: string) {
  const row = await db()
    .selectFrom("inboundMessages")
    .select(["id", "rawKey", "receivedAt", "size", "purgedAt"])
    .where("id", "=", messageId)
    .where("complaintId", "=", complaintId)
    .executeTakeFirst();
  // Retention removed the original; the reply it became is still on the request.
  if (!row || row.purgedAt !== null) throw new Refusal("not-found", NO_ORIGINAL);
  return row;
}

async function rawOf(rawKey: string): Promise<Buffer> {
  try {
    return await buffer((await fileStore().read(rawKey)).stream);
  } catch {
    throw new Refusal("not-found", NO_ORIGINAL);
  }
}

/** The message as it was sent, parsed for reading. */
export async function originalMail({ complaintId, messageId }: { complaintId: string; messageId: string }): Promise<OriginalMail> {
  const row = await scopedRow(complaintId, messageId);
  const mail = await parseInbound(await rawOf(row.rawKey), authservId());
  return {
    id: row.id,
    receivedAt: Number(row.receivedAt),
    from: mail.from,
    fromName: mail.fromName,
    subject: mail.subject,
    recipients: mail.recipients,
    messageId: mail.messageId,
    fullText: mail.fullText,
    attachments: mail.attachments.map((a) => ({ filename: a.filename ?? "(unnamed)", contentType: a.contentType, size: a.size })),
    auth: mail.auth,
    size: Number(row.size),
  };
}

/** The raw bytes, for a download (message/rfc822). */
export async function originalRaw({ complaintId, messageId }: { complaintId: string; messageId: string }): Promise<Buffer> {
  return rawOf((await scopedRow(complaintId, messageId)).rawKey);
}
