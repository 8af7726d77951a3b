import { href } from "react-router";
import type { Route } from "./+types/notifications";
import { NotificationsPage } from "~/components/notifications/notifications-page";
import { CLIENT_NOTIFICATION_TYPES } from "~/lib/notification-types";
import { portalMeta } from "~/lib/portal";
import { requireClient } from "~/server/auth/session.server";
import { loadNotificationsPage } from "~/server/models/notifications/reads.server";

// A client's own notifications, with filters and paging (decision 0041).

export function meta({ matches }: Route.MetaArgs) {
  return portalMeta("Notifications", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  return loadNotificationsPage(new URL(request.url).searchParams, { userId: user.id });
}

export default function PortalNotifications({ loaderData }: Route.ComponentProps) {
  return <NotificationsPage path={href("/user-dashboard/notifications")} types={CLIENT_NOTIFICATION_TYPES} {...loaderData} />;
}
