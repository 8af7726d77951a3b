import type { Route } from "./+types/events-careers";
import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { eventStream, streamHolderForIp } from "~/server/events/sse.server";

// Live updates for /careers and /careers/{id} (public, like the pages themselves).
export function loader({ request }: Route.LoaderArgs) {
  return eventStream(request, (event) => (event.type === "opening.changed" ? "openings" : null), {
    holder: streamHolderForIp(request.headers.get(CLIENT_IP_HEADER) ?? ""),
  });
}
