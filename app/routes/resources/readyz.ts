import { readiness } from "~/server/http/health.server";

// Readiness: database reachable, migrations applied, storage answering and Redis answering if set
// (503 otherwise), for load balancers.
export async function loader() {
  const state = await readiness();
  return Response.json(state, { status: state.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
