import { pageFrom } from "~/lib/pagination";
import { notificationFilterSchema } from "~/lib/schemas/notifications";
import { listNotifications, unreadCount } from "./reads.server";

// Issue 18 part 1: what the portal's and the console's notifications page load for the signed-in
// person (the caller has passed its guard): their own notifications only, filtered and paged.

export async function loadNotificationsPage(request: Request, userId: string) {
  const url = new URL(request.url);
  const parsed = notificationFilterSchema.parse({ type: url.searchParams.get("type") || undefined, unread: url.searchParams.get("unread") || undefined });
  const filter = { type: parsed.type, unreadOnly: parsed.unread === "1" };
  const { page, limit, offset } = pageFrom(url);
  const [{ notifications, total }, unread, newest] = await Promise.all([
    listNotifications({ userId }, filter, { limit, offset }),
    unreadCount({ userId }),
    listNotifications({ userId }, {}, { limit: 1, offset: 0 }),
  ]);
  const newestAt = newest.notifications[0]?.createdAt ?? null;
  return { filter: { type: filter.type ?? "", unreadOnly: filter.unreadOnly }, page, total, unread, notifications, newestAt };
}
