import type { Route } from "./+types/events-careers";
import { eventStream } from "~/server/events/sse.server";

// Live updates for /careers and /careers/{id} (public, like the pages themselves).
export function loader({ request }: Route.LoaderArgs) {
  return eventStream(request, (event) => (event.type === "opening.changed" ? "openings" : null));
}
