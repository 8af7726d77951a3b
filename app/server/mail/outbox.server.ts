import type { Kysely, Transaction } from "kysely";
import { newId } from "~/lib/ids";
import type { Database } from "~/server/db/schema";
import { events } from "~/server/events/bus.server";
import { assertValidKey } from "~/server/storage/file-store.server";
import { REPLY_TO } from "./mailer.server";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Stable per logical message, e.g. `quote:{quoteId}:confirmation`. A second enqueue with the
   * same key is ignored, and the key fixes the Message-ID header. At most 200 characters.
   */
  idempotencyKey: string;
  /** Extra headers, only those of ALLOWED_HEADERS (List-Unsubscribe…), single lines. */
  headers?: Record<string, string>;
  /** Where a reply goes (the person who wrote in, on a notice to staff): one bare address. */
  replyTo?: string;
  /** A notification mail's recipient and notification (digest bookkeeping). */
  userId?: string;
  notificationId?: string;
  /** "digest": held for the person's daily digest (mail/digest.server.ts), never sent by itself. */
  status?: "pending" | "digest";
  /** Files sent with the mail, read from the file store when it leaves (not copied here). */
  attachments?: OutboxAttachment[];
}

export interface OutboxAttachment {
  /** A key in the private file store (`fileStore()`); the file must still be there when the mail leaves. */
  key: string;
  /** The name the recipient sees: one line, no path. */
  filename: string;
  contentType: string;
}

/** The row's attachments as JSON; keys checked like the store checks them, names kept to one line. */
function attachmentsJson(attachments: OutboxAttachment[] | undefined): string | null {
  if (!attachments || attachments.length === 0) return null;
  for (const a of attachments) {
    assertValidKey(a.key);
    // eslint-disable-next-line no-control-regex
    if (!a.filename || a.filename.length > 200 || /[\u0000-\u001f\u007f/\\]/.test(a.filename))
      throw new RangeError("an attachment's filename must be one short line without a path");
    if (!/^[a-z]+\/[a-z0-9.+-]+$/i.test(a.contentType)) throw new RangeError("an attachment's content type must be type/subtype");
  }
  return JSON.stringify(attachments.map(({ key, filename, contentType }) => ({ key, filename, contentType })));
}

/** The headers a row may add: the worker sends them as stored, so nothing else gets in. */
const ALLOWED_HEADERS = new Set(["List-Unsubscribe", "List-Unsubscribe-Post"]);

const SINGLE_ADDRESS = /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+\.[^\s@,;<>"()[\]\\]+$/;

/** The row's headers as JSON; Reply-To comes only from `replyTo`, checked like a recipient. */
function headersJson(headers: Record<string, string> | undefined, replyTo: string | undefined): string | null {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!ALLOWED_HEADERS.has(name)) throw new RangeError(`mail header ${name} is not allowed`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(value) || value.length > 900) throw new RangeError(`mail header ${name} must be one short line`);
  }
  if (replyTo !== undefined && (!SINGLE_ADDRESS.test(replyTo) || replyTo.length > 254))
    throw new RangeError("mail.replyTo must be a single e-mail address");
  const all = { ...headers, ...(replyTo === undefined ? {} : { [REPLY_TO]: replyTo }) };
  return Object.keys(all).length === 0 ? null : JSON.stringify(all);
}

/**
 * Writes a pending outbox row through `executor`. Pass the transaction that stores the
 * submission so the mail commits (or rolls back) with it. A duplicate idempotency key is a no-op.
 * After the transaction commits, call `notifyMailEnqueued()` to wake the worker.
 */
export async function enqueueMail(
  executor: Kysely<Database> | Transaction<Database>,
  mail: OutboxMail,
  now: number = Date.now(),
): Promise<void> {
  if (mail.idempotencyKey.length === 0 || mail.idempotencyKey.length > 200) {
    throw new RangeError("idempotencyKey must be 1–200 characters");
  }
  // Exactly one bare address: a list or a display name here could turn one mail into many.
  if (!SINGLE_ADDRESS.test(mail.to)) throw new RangeError("mail.to must be a single e-mail address");
  await executor
    .insertInto("mailOutbox")
    .values({
      id: newId(),
      idempotencyKey: mail.idempotencyKey,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      status: mail.status ?? "pending",
      attempts: 0,
      nextAttemptAt: now,
      lockedUntil: 0,
      lastError: null,
      createdAt: now,
      sentAt: null,
      headers: headersJson(mail.headers, mail.replyTo),
      userId: mail.userId ?? null,
      notificationId: mail.notificationId ?? null,
      attachments: attachmentsJson(mail.attachments),
    })
    .onConflict((oc) => oc.column("idempotencyKey").doNothing())
    .execute();
}

/** Wakes the mail worker(s) at once instead of at the next poll. Call after the commit. */
export function notifyMailEnqueued(): void {
  events().publish({ type: "mail.enqueued" });
}
