import { sql, type Kysely, type Selectable } from "kysely";
import type { NotificationType, NotificationView } from "~/lib/notification-types";
import { pageFrom } from "~/lib/pagination";
import { Refusal } from "~/lib/refusal";
import { notificationFilterSchema, UNREAD_CAP } from "~/lib/schemas/notifications";
import { db } from "~/server/db/db.server";
import type { Database, NotificationTable } from "~/server/db/schema";
import { companyInOrNone, type CompanyScope } from "../shared/company-scope.server";

// Decision 0041: a person's own notifications. Every query is scoped by the
// owner's id, so another person's notification id reads and changes nothing ("not found").
// A notification is read when its own `readAt` is set (opened, or "Mark read") or when it was
// created at or before the person's read mark ("Mark all as read": one row, whatever the number of
// notifications). The unread count stops counting past UNREAD_CAP ("99+"), so it reads at most a
// hundred index entries however many there are (npm run bench: < 5 ms with 10,000).

/**
 * Whose notifications: the person, and for staff the companies they may see now (decision 0105),
 * so a notification about a company they are no longer assigned to leaves their bell. Clients
 * leave `scope` out: their notifications are all their own company's.
 */
export interface Reader {
  userId: string;
  scope?: CompanyScope;
}

export interface NotificationFilter {
  type?: NotificationType;
  unreadOnly?: boolean;
}

const toView = (row: Selectable<NotificationTable>, readBefore: number): NotificationView => {
  const createdAt = Number(row.createdAt);
  const readAt = row.readAt !== null ? Number(row.readAt) : createdAt <= readBefore ? readBefore : null;
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    link: row.link,
    actorName: row.actorName,
    createdAt,
    readAt,
  };
};

/** The person's read mark: everything created at or before it is read (0: none yet). */
async function readMark(userId: string): Promise<number> {
  const row = await db().selectFrom("notificationReadMarks").select("readBefore").where("userId", "=", userId).executeTakeFirst();
  return row ? Number(row.readBefore) : 0;
}

function owned({ userId, scope = "all" }: Reader) {
  return db()
    .selectFrom("notifications")
    .where("userId", "=", userId)
    .where((eb) => companyInOrNone(eb, "notifications.companyId", scope));
}

function unread(reader: Reader, readBefore: number) {
  return owned(reader).where("readAt", "is", null).where("createdAt", ">", readBefore);
}

function filtered(reader: Reader, readBefore: number, filter: NotificationFilter) {
  let query = filter.unreadOnly ? unread(reader, readBefore) : owned(reader);
  if (filter.type) query = query.where("type", "=", filter.type);
  return query;
}

/** The person's notifications, newest first, one page at a time, with how many match. */
export async function listNotifications(
  reader: Reader,
  filter: NotificationFilter = {},
  page: { limit: number; offset: number } = { limit: 20, offset: 0 },
): Promise<{ notifications: NotificationView[]; total: number }> {
  const readBefore = await readMark(reader.userId);
  const [rows, count] = await Promise.all([
    filtered(reader, readBefore, filter)
      .selectAll()
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(reader, readBefore, filter)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { notifications: rows.map((row) => toView(row, readBefore)), total: Number(count.n) };
}

export { UNREAD_CAP };

/** What the bell shows: the unread count, up to UNREAD_CAP + 1 (shown "99+"). One round trip. */
export async function unreadCount(reader: Reader): Promise<number> {
  const mark = sql<number>`coalesce((select read_before from notification_read_marks where user_id = ${reader.userId}), 0)`;
  const capped = owned(reader)
    .select("id")
    .where("readAt", "is", null)
    .where("createdAt", ">", mark)
    .limit(UNREAD_CAP + 1)
    .as("u");
  const row = await db()
    .selectFrom(capped)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The bell's panel: the unread count and the most recent notifications. */
export async function bellSummary(reader: Reader, limit = 10): Promise<{ unread: number; recent: NotificationView[] }> {
  // No count of all the person's notifications: the panel shows the latest few, and at a few
  // thousand per person that count was the dearest query of every portal and console page.
  const readBefore = await readMark(reader.userId);
  const [unreadRows, rows] = await Promise.all([
    unread(reader, readBefore)
      .select("id")
      .limit(UNREAD_CAP + 1)
      .execute(),
    owned(reader).selectAll().orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute(),
  ]);
  return { unread: unreadRows.length, recent: rows.map((row) => toView(row, readBefore)) };
}

/**
 * Marks one of the person's notifications read; "read" when it was read already (nothing changes,
 * its first read time stays). An id that is not theirs (or unknown) is refused as not found.
 */
export async function markNotificationRead({ id, userId }: { id: string; userId: string }, now = Date.now()): Promise<"saved" | "read"> {
  const row = await db()
    .selectFrom("notifications")
    .select(["readAt", "createdAt"])
    .where("id", "=", id)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!row) throw new Refusal("not-found", "This notification does not exist.");
  if (row.readAt !== null || Number(row.createdAt) <= (await readMark(userId))) return "read";
  await db()
    .updateTable("notifications")
    .set({ readAt: now })
    .where("id", "=", id)
    .where("userId", "=", userId)
    .where("readAt", "is", null)
    .execute();
  return "saved";
}

/**
 * Marks the person's notifications read up to `upTo` (the newest one their page or panel showed,
 * so one arriving meanwhile stays unread; never later than now). One row, whatever their number.
 * Returns whether the mark moved (false: nothing new to mark, and nothing is written).
 */
export async function markAllNotificationsRead(
  { userId }: { userId: string },
  { upTo, now = Date.now() }: { upTo?: number; now?: number } = {},
): Promise<boolean> {
  const readBefore = Math.min(upTo !== undefined && Number.isSafeInteger(upTo) && upTo > 0 ? upTo : now, now);
  const result = await moveReadMark(db(), userId, readBefore);
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The single statement of "Mark all as read": the person's mark moves forward, never back. Its
 * own commit is the whole durable write (npm run bench times the statement and the commit apart).
 */
export function moveReadMark(executor: Kysely<Database>, userId: string, readBefore: number) {
  return executor
    .insertInto("notificationReadMarks")
    .values({ userId, readBefore })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ readBefore }).where("notificationReadMarks.readBefore", "<", readBefore))
    .executeTakeFirst();
}

// What the portal's and the console's notifications page load for the signed-in
// person (the caller has passed its guard): their own notifications only, filtered and paged.

export async function loadNotificationsPage(query: URLSearchParams, reader: Reader) {
  const parsed = notificationFilterSchema.parse({ type: query.get("type") || undefined, unread: query.get("unread") || undefined });
  const filter = { type: parsed.type, unreadOnly: parsed.unread === "1" };
  const { page, limit, offset } = pageFrom(query);
  const [{ notifications, total }, unread, newest] = await Promise.all([
    listNotifications(reader, filter, { limit, offset }),
    unreadCount(reader),
    listNotifications(reader, {}, { limit: 1, offset: 0 }),
  ]);
  const newestAt = newest.notifications[0]?.createdAt ?? null;
  return { filter: { type: filter.type ?? "", unreadOnly: filter.unreadOnly }, page, total, unread, notifications, newestAt };
}
