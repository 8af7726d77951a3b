import type { Route } from "./+types/events-console";
import { requireStaff, sessionStillValid } from "~/server/auth/session.server";
import { eventStream } from "~/server/events/sse.server";

// Live updates for the staff console: every change staff need to see without reloading.
const FORWARDED: Record<string, string> = {
  "quote.created": "leads",
  "quote.changed": "leads",
  "application.created": "applications",
  "application.changed": "applications",
  "opening.changed": "openings",
  "testimonial.changed": "testimonials",
  "project.changed": "projects",
  "complaint.changed": "complaints",
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  // Ends at the first heartbeat after the session does: logout, removal from staff (issue 15).
  return eventStream(request, (event) => FORWARDED[event.type] ?? null, {
    holder: `user:${user.id}`,
    stillAllowed: () => sessionStillValid(request, user),
  });
}
