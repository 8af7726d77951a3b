import type { Route } from "./+types/events-testimonials";
import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { eventStream, streamHolderForIp } from "~/server/events/sse.server";

// Live updates for the home page's testimonials.
export function loader({ request }: Route.LoaderArgs) {
  return eventStream(request, (event) => (event.type === "testimonial.changed" ? "testimonials" : null), {
    holder: streamHolderForIp(request.headers.get(CLIENT_IP_HEADER) ?? ""),
  });
}
