import type { Route } from "./+types/events-console";
import { mayUse, type ConsoleArea } from "~/lib/staff-roles";
import { requireStaff, sessionStillValid } from "~/server/auth/session.server";
import type { AppEvent } from "~/server/events/bus.server";
import { eventStream } from "~/server/events/sse.server";

// Live updates for the staff console: every change staff need to see without reloading, each with
// the console section it belongs to, so a role is only told about the sections it may open.
const FORWARDED: Partial<Record<AppEvent["type"], { name: string; area: ConsoleArea }>> = {
  "quote.created": { name: "leads", area: "leads" },
  "quote.changed": { name: "leads", area: "leads" },
  "proposal.changed": { name: "proposals", area: "leads" },
  "application.created": { name: "applications", area: "applications" },
  "application.changed": { name: "applications", area: "applications" },
  "opening.changed": { name: "openings", area: "openings" },
  "testimonial.changed": { name: "testimonials", area: "testimonials" },
  "project.changed": { name: "projects", area: "clients" },
  "company.changed": { name: "companies", area: "clients" },
  "complaint.changed": { name: "complaints", area: "support" },
  "complaint.noted": { name: "complaints", area: "support" },
  "invoice.changed": { name: "billing", area: "billing" },
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "overview");
  return eventStream(
    request,
    (event) => {
      // This staff member's own bell, nobody else's.
      if (event.type === "notification.changed") return event.userId === user.id ? "notifications" : null;
      const route = FORWARDED[event.type];
      return route && mayUse(user.staffRole, route.area) ? route.name : null;
    },
    {
      holder: `user:${user.id}`,
      // Ends at the first heartbeat after the session does (logout, password reset), and at once
      // when an admin disables, removes or changes the role of this user on any instance.
      stillAllowed: () => sessionStillValid(request, user),
      endWhen: (event) => event.type === "staff.access-changed" && event.userId === user.id,
    },
  );
}
