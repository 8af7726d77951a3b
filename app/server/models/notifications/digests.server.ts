import { NOTIFICATION_LABELS, isNotificationType, type NotificationType } from "~/lib/notification-types";
import { preferencesLink } from "~/lib/links";
import { db as defaultDb } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import type { Kysely } from "kysely";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { absoluteUrl } from "~/server/env.server";
import { formatDateTime } from "~/lib/dates";
import type { Zoned } from "~/lib/place";
import { readPlace } from "~/server/brand/locale.server";
import { latestDigestSlot, type DigestSlot } from "~/server/mail/digest-time.server";
import { composeMail, withFooterLink, type MailBrand } from "~/server/mail/templates.server";
import { readBrand } from "~/server/brand/brand.server";
import { unsubscribeHeaders, unsubscribeUrl } from "~/server/mail/unsubscribe-token.server";
import { audienceOf, getDigestSchedule, mailChoicesFor } from "./preferences.server";

// Decision 0046: the daily digest, built from the outbox. `notify` holds each
// digest-bound mail there (status "digest"). Once a person's chosen hour has come in their time
// zone, one transaction inserts their digest under the key `digest:{userId}:{localDate}` and marks
// what it folded in "digested". The outbox's unique key makes a second instance's attempt (or a
// retry after a crash) insert nothing, and then it marks nothing: one digest per person and day.

interface HeldMail {
  id: string;
  subject: string;
  createdAt: number;
  title: string | null;
  link: string | null;
  type: string | null;
}

class DigestTaken extends Error {}

function digestMail(person: { id: string; role: string }, items: HeldMail[], zoned: Zoned, brand: MailBrand) {
  const when = { format: (at: number) => formatDateTime(at, zoned) };
  const mail = composeMail(
    {
      subject: items.length === 1 ? "Your daily digest: 1 update" : `Your daily digest: ${items.length} updates`,
      heading: "Since your last digest",
      blocks: [
        ...items.map((item) => ({
          link: {
            label: item.title ?? item.subject,
            url: absoluteUrl(item.link ?? "/"),
            detail: `${isNotificationType(item.type) ? NOTIFICATION_LABELS[item.type] : "Update"} · ${when.format(item.createdAt)}`,
          },
        })),
        { link: { label: "Choose which e-mails you get, and when", url: absoluteUrl(preferencesLink(audienceOf(person.role))) } },
      ],
    },
    brand,
  );
  const url = unsubscribeUrl({ userId: person.id, scope: "digest" });
  return {
    ...withFooterLink(mail, "You get this digest by your e-mail preferences.", { label: "Unsubscribe from the daily digest", url }),
    headers: unsubscribeHeaders(url),
  };
}

async function heldMails(database: Kysely<Database>, userId: string, before: number): Promise<HeldMail[]> {
  return database
    .selectFrom("mailOutbox as o")
    .leftJoin("notifications as n", "n.id", "o.notificationId")
    .select(["o.id", "o.subject", "o.createdAt", "n.title", "n.link", "n.type"])
    .where("o.status", "=", "digest")
    .where("o.userId", "=", userId)
    .where("o.createdAt", "<", before)
    .orderBy("o.createdAt")
    .orderBy("o.id")
    .execute();
}

/** Held rows that will never go (the person is gone or turned the type off since). */
async function dropHeld(database: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await writeTransaction(
    (trx) =>
      trx
        .updateTable("mailOutbox")
        .set({ status: "dropped", textBody: "", htmlBody: null })
        .where("id", "in", ids)
        .where("status", "=", "digest")
        .execute(),
    database,
  );
}

/** One person's digest for the slot; true when this call queued it. */
async function sendDigest(database: Kysely<Database>, userId: string, now: number): Promise<boolean> {
  const schedule = await getDigestSchedule(userId, database);
  const slot: DigestSlot = latestDigestSlot(now, schedule);
  const key = `digest:${userId}:${slot.localDate}`;
  const done = await database.selectFrom("mailOutbox").select("id").where("idempotencyKey", "=", key).executeTakeFirst();
  if (done) return false;
  const held = await heldMails(database, userId, slot.at);
  if (held.length === 0) return false;
  const person = await database
    .selectFrom("users")
    .select(["id", "email", "role", "emailVerified"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!person || !person.emailVerified) {
    await dropHeld(
      database,
      held.map((h) => h.id),
    );
    return false;
  }
  // A type turned off since it was held is left out; one switched to "immediately" still comes here.
  const types = [...new Set(held.map((h) => h.type).filter(isNotificationType))] as NotificationType[];
  const choices = new Map<string, string>();
  for (const type of types) choices.set(type, (await mailChoicesFor(database, [person], type)).get(person.id) ?? "off");
  const items = held.filter((h) => !isNotificationType(h.type) || choices.get(h.type) !== "off");
  await dropHeld(
    database,
    held.filter((h) => !items.includes(h)).map((h) => h.id),
  );
  if (items.length === 0) return false;

  // The digest's own zone (the one it is sent by), in the agency's locale.
  const zoned = { timeZone: schedule.timeZone, locale: (await readPlace(database)).value.locale };
  const mail = digestMail(person, items, zoned, (await readBrand(database)).value);
  try {
    return await writeTransaction(async (trx) => {
      const claimed = await trx
        .insertInto("mailOutbox")
        .values({
          id: crypto.randomUUID(),
          idempotencyKey: key,
          toAddress: person.email,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          status: "pending",
          attempts: 0,
          nextAttemptAt: now,
          lockedUntil: 0,
          lastError: null,
          createdAt: now,
          sentAt: null,
          headers: JSON.stringify(mail.headers),
          userId,
        })
        .onConflict((oc) => oc.column("idempotencyKey").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!claimed) return false;
      const ids = items.map((item) => item.id);
      const marked = await trx
        .updateTable("mailOutbox")
        .set({ status: "digested", digestKey: key, textBody: "", htmlBody: null })
        .where("id", "in", ids)
        .where("status", "=", "digest")
        .executeTakeFirst();
      // Someone else folded some of them in meanwhile: undo ours; they are in that digest.
      if (Number(marked.numUpdatedRows) !== ids.length) throw new DigestTaken();
      return true;
    }, database);
  } catch (error) {
    if (error instanceof DigestTaken) return false;
    throw error;
  }
}

/** Queues every digest whose hour has come at `now`; resolves with how many it queued. */
export async function queueDueDigests(now: number, database: Kysely<Database> = defaultDb()): Promise<number> {
  const people = await database
    .selectFrom("mailOutbox")
    .select("userId")
    .distinct()
    .where("status", "=", "digest")
    .where("userId", "is not", null)
    .execute();
  let queued = 0;
  for (const { userId } of people) if (userId && (await sendDigest(database, userId, now))) queued++;
  return queued;
}
