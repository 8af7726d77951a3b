import type { Route } from "./+types/metrics";
import { metricsResponse } from "~/server/http/metrics-endpoint.server";

// Prometheus metrics for the operator's monitoring, never for a signed-in person: a bearer token
// (METRICS_TOKEN) or nothing. METRICS_PORT serves the same text on a loopback listener instead
// (server/metrics-listener.ts). docs/metrics.md lists what is measured.
export function loader({ request }: Route.LoaderArgs) {
  return metricsResponse(request);
}
