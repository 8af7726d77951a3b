import { redirect } from "react-router";
import type { Route } from "./+types/notifications-read";
import { safeReturnPath } from "~/lib/return-path";
import { markReadSchema } from "~/lib/schemas/notifications";
import { requireUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { refusalResponse } from "~/server/http/refusal.server";
import { markAllNotificationsRead, markNotificationRead } from "~/server/models/notifications/reads.server";
import { publishNotified } from "~/server/models/notifications/notifications.server";

// Marks one (intent "one") or all (intent "all") of the signed-in person's
// notifications read, from the bell, the panel and the notifications page. Works without
// JavaScript: 303 back to the form's page (a same-origin path), or for "one" opened from a link, to
// the thing itself. The person's other tabs hear of it (notification.changed). Decision 0041.

const notificationsPage = (role: string) => (role === "employee" ? "/employee-dashboard/notifications" : "/user-dashboard/notifications");

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  // Resource routes are outside React Router's own origin check (docs/security.md "Cross-site requests").
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  const parsed = markReadSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw new Response("Choose one notification or all of them.", { status: 400 });
  const back = safeReturnPath(parsed.data.returnTo, notificationsPage(user.role));
  if (parsed.data.intent === "one") {
    // Another person's id is "not found", exactly like an unknown one, and nothing changes.
    const outcome = await markNotificationRead({ id: parsed.data.id, userId: user.id }).catch((error: unknown) => {
      throw refusalResponse(error);
    });
    if (outcome === "saved") publishNotified([user.id]);
  } else if (await markAllNotificationsRead({ userId: user.id }, { upTo: parsed.data.upTo })) {
    publishNotified([user.id]);
  }
  throw redirect(back, 303);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return redirect(notificationsPage(user.role));
}
