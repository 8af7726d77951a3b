import type { Route } from "./+types/events-portal";
import { requireClient, sessionStillValid } from "~/server/auth/session.server";
import { eventStream } from "~/server/events/sse.server";

/**
 * Live updates for /user-dashboard: changes to the projects ("projects") and support requests
 * ("complaints") of the signed-in member's company, by staff or a teammate, its invoices' payments
 * ("billing"), its proposals ("proposals"), and their own
 * notifications ("notifications"). Another
 * company's events are never forwarded,
 * and the stream ends at the first heartbeat after its session does.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  return eventStream(
    request,
    (event) => {
      if (event.type === "project.changed" && event.companyId === user.companyId) return "projects";
      if (event.type === "complaint.changed" && event.companyId === user.companyId) return "complaints";
      // Billing: a payment landed on one of the company's invoices.
      if (event.type === "invoice.changed" && event.companyId === user.companyId) return "billing";
      // A proposal to the company was sent again, signed, countersigned or declined.
      if (event.type === "proposal.changed" && event.companyId === user.companyId) return "proposals";
      // This member's own bell, nobody else's.
      if (event.type === "notification.changed" && event.userId === user.id) return "notifications";
      return null;
    },
    {
      holder: `user:${user.id}`,
      stillAllowed: () => sessionStillValid(request, user),
      // A removed member, or a closed company's, loses the stream at once on every instance.
      endWhen: (event) => event.type === "client.access-changed" && event.userId === user.id,
    },
  );
}
