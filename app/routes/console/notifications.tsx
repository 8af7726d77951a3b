import { href } from "react-router";
import type { Route } from "./+types/notifications";
import { NotificationsPage } from "~/components/notifications/notifications-page";
import { STAFF_NOTIFICATION_TYPES } from "~/lib/notification-types";
import { requireStaff } from "~/server/auth/session.server";
import { loadNotificationsPage } from "~/server/models/notifications/reads.server";
import { companyScope } from "~/server/models/shared/company-scope.server";

// A staff member's own notifications, with filters and paging (decision 0041).

export function meta() {
  return [{ title: "Notifications | Employee Dashboard" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "account");
  return loadNotificationsPage(new URL(request.url).searchParams, { userId: user.id, scope: await companyScope(user) });
}

export default function ConsoleNotifications({ loaderData }: Route.ComponentProps) {
  return <NotificationsPage path={href("/employee-dashboard/notifications")} types={STAFF_NOTIFICATION_TYPES} {...loaderData} />;
}
