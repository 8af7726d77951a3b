import { APP_VERSION } from "~/lib/version";

// Liveness: the process answers. Never touches the database. The version tells a rolling upgrade
// which release each instance runs (docs/upgrade.md).
export function loader() {
  return Response.json({ status: "ok", version: APP_VERSION }, { headers: { "Cache-Control": "no-store" } });
}
