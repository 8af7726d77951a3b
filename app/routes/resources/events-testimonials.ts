import type { Route } from "./+types/events-testimonials";
import { eventStream } from "~/server/events/sse.server";

// Live updates for the home page's testimonials.
export function loader({ request }: Route.LoaderArgs) {
  return eventStream(request, (event) => (event.type === "testimonial.changed" ? "testimonials" : null));
}
