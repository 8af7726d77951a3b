import type { Route } from "./+types/events-portal";
import { requireClient } from "~/server/auth/session.server";
import { eventStream } from "~/server/events/sse.server";

/**
 * Live updates for /user-dashboard: staff changes to the signed-in client's own projects
 * ("projects") and support requests ("complaints"). Another client's events are never forwarded.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  return eventStream(request, (event) => {
    if (event.type === "project.changed" && event.ownerId === user.id) return "projects";
    if (event.type === "complaint.changed" && event.ownerId === user.id) return "complaints";
    return null;
  });
}
