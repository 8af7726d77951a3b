import type { Route } from "./+types/events-console";
import { mayUse, type ConsoleArea } from "~/lib/staff-roles";
import { requireStaff, sessionStillValid } from "~/server/auth/session.server";
import type { AppEvent } from "~/server/events/bus.server";
import { eventStream } from "~/server/events/sse.server";
import { companyScope, inScope, inScopeOrNone, type CompanyScope } from "~/server/models/shared/company-scope.server";

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

/**
 * Whether the event is about a company the viewer may see (decision 0105). Leads and the rest are
 * nobody's company's; a proposal of no company (a lead's) is everyone's who may use Leads.
 */
function aboutVisibleCompany(event: AppEvent, scope: CompanyScope): boolean {
  if (event.type === "company.changed") return inScope(scope, event.id);
  if (event.type === "proposal.changed") return inScopeOrNone(scope, event.companyId);
  if ("companyId" in event) return inScope(scope, event.companyId);
  return true;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "overview");
  // Read once per stream: a change of the viewer's assignments ends it (staff.access-changed), and
  // the page reconnects with the new scope.
  const scope = await companyScope(user);
  return eventStream(
    request,
    (event) => {
      // This staff member's own bell, nobody else's.
      if (event.type === "notification.changed") return event.userId === user.id ? "notifications" : null;
      const route = FORWARDED[event.type];
      return route && mayUse(user.staffRole, route.area) && aboutVisibleCompany(event, scope) ? route.name : null;
    },
    {
      holder: `user:${user.id}`,
      // Ends at the first heartbeat after the session does (logout, password reset), and at once
      // when an admin disables, removes, changes the role, the limit or the assignments of this user
      // on any instance.
      stillAllowed: () => sessionStillValid(request, user),
      endWhen: (event) => event.type === "staff.access-changed" && event.userId === user.id,
    },
  );
}
