import { NOTIFICATION_LABELS, type NotificationType } from "~/lib/notification-types";
import { mailChoicesFor } from "./preferences.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { withFooterLink, type MailContent, type PlacedMail } from "~/server/mail/templates.server";
import { knownZone } from "~/lib/place";
import { readPlace } from "~/server/brand/locale.server";
import { unsubscribeHeaders, unsubscribeUrl } from "~/server/mail/unsubscribe-token.server";
import type { Executor } from "~/server/db/db.server";
import { messageHashOf, replyAddressFor } from "~/server/mail/reply-token.server";

// Decision 0046: what becomes of a notification's mail, by the recipient's
// preference for its type. Runs inside `notify`'s transaction, so the mail (or its place in the
// digest) commits with the notification. Security mails (reset, verification, new sign-in, 2FA,
// invitations) never come here: they are queued by their own modules and always go.

/**
 * Per recipient: "immediately" queues the mail now, with the one-click unsubscribe for its type;
 * "digest" holds it in the outbox for the person's next digest (mail/digest.server.ts); "off"
 * queues nothing. Unverified addresses get no notification mail (decision 0028). Keys are
 * `notification:{notificationId}`, so a retried event queues nothing twice.
 */
export async function queueNotificationMails(
  executor: Executor,
  inserted: ReadonlyArray<{ id: string; userId: string }>,
  type: NotificationType,
  mail: MailContent | PlacedMail,
  now: number,
  options: {
    mailFor?: (executor: Executor, userId: string) => Promise<MailContent>;
    thread?: MailThread;
  } = {},
): Promise<void> {
  const people = await executor
    .selectFrom("users")
    .select(["id", "email", "role", "emailVerified", "timeZone"])
    .where(
      "id",
      "in",
      inserted.map((row) => row.userId),
    )
    .execute();
  const choices = await mailChoicesFor(executor, people, type);
  const personOf = new Map(people.map((person) => [person.id, person]));
  const place = typeof mail === "function" ? (await readPlace(executor)).value : null;
  for (const row of inserted) {
    const person = personOf.get(row.userId);
    const choice = choices.get(row.userId);
    if (!person || !person.emailVerified || !choice || choice === "off") continue;
    // A mail with a date is written in the recipient's zone, else the agency's.
    const composed =
      place && typeof mail === "function"
        ? mail({ ...place, timeZone: knownZone(person.timeZone, place.timeZone) })
        : (mail as MailContent);
    const base = { to: person.email, idempotencyKey: `notification:${row.id}`, userId: person.id, notificationId: row.id };
    if (choice === "digest") {
      await enqueueMail(executor, { ...base, ...composed, status: "digest" }, now);
      continue;
    }
    const url = unsubscribeUrl({ userId: person.id, scope: type });
    const own = options.mailFor ? await options.mailFor(executor, person.id) : composed;
    const content = withFooterLink(own, `You get this e-mail for “${NOTIFICATION_LABELS[type]}”.`, { label: "Unsubscribe", url });
    const replyTo = options.thread ? await threadReply(executor, base.idempotencyKey, options.thread, person.id, now) : undefined;
    await enqueueMail(executor, { ...base, ...content, headers: unsubscribeHeaders(url), ...(replyTo ? { replyTo } : {}) }, now);
  }
}

/** What a mail's reply is about: a support request (decision 0096) or a project (decision 0101). */
export type MailThread = { complaintId: string } | { projectId: string };

/**
 * Decision 0096: a mail about a support request carries the recipient's signed reply address, and
 * its Message-ID's hash is kept so a reply that lost the token is still threaded by its headers.
 * Decision 0101: a project or approval mail the same, with the project. Nothing when inbound mail
 * has no reply address.
 */
async function threadReply(executor: Executor, idempotencyKey: string, thread: MailThread, userId: string, now: number) {
  const replyTo = replyAddressFor({ ...thread, userId });
  if (!replyTo) return undefined;
  const messageHash = messageHashOf(idempotencyKey);
  if ("projectId" in thread)
    await executor
      .insertInto("projectMailThreads")
      .values({ messageHash, projectId: thread.projectId, userId, createdAt: now })
      .onConflict((oc) => oc.column("messageHash").doNothing())
      .execute();
  else
    await executor
      .insertInto("mailThreads")
      .values({ messageHash, complaintId: thread.complaintId, userId, createdAt: now })
      .onConflict((oc) => oc.column("messageHash").doNothing())
      .execute();
  return replyTo;
}
