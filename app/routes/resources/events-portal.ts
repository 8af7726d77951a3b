import type { Route } from "./+types/events-portal";
import { requireClient, sessionStillValid } from "~/server/auth/session.server";
import { eventStream } from "~/server/events/sse.server";

/**
 * Live updates for /user-dashboard: staff changes to the signed-in client's own projects
 * ("projects") and support requests ("complaints"). Another client's events are never forwarded,
 * and the stream ends at the first heartbeat after its session does (issue 15).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  return eventStream(request, (event) => {
    if (event.type === "project.changed" && event.ownerId === user.id) return "projects";
    if (event.type === "complaint.changed" && event.ownerId === user.id) return "complaints";
    return null;
  }, { holder: `user:${user.id}`, stillAllowed: () => sessionStillValid(request, user) });
}
