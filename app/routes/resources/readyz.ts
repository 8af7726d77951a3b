import { cachedReadiness } from "~/server/http/health.server";

// Readiness for load balancers: 200 when the database answers, migrations are applied, storage
// answers and Redis (if set) answers; 503 otherwise. The route is public, so it says only that
// (no migration names or internals: they go to the log) and checks at most once a second.
export async function loader() {
  const ready = await cachedReadiness().then(
    (state) => state.ready,
    () => false,
  );
  return Response.json({ status: ready ? "ok" : "not ready" }, { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
