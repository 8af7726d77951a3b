import { redirect } from "react-router";
import type { Route } from "./+types/home-dashboard";
import { keepFailureInForm } from "~/lib/form-failure";
import { safeReturnPath } from "~/lib/return-path";
import { getEnv } from "~/server/env.server";
import { readForm } from "~/server/http/form-data.server";
import { homeDashboardCookie } from "~/server/http/home-dashboard-cookie.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { requireUser } from "~/server/auth/session.server";

export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  // Resource routes are outside React Router's own origin check (docs/security.md "Cross-site requests").
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  const form = await readForm(request);
  const enabled = form.get("enabled") === "1";
  const safeReturn = safeReturnPath(form.get("returnTo"));
  const cookie = homeDashboardCookie(enabled, getEnv().APP_URL.startsWith("https://"));
  throw redirect(safeReturn, { headers: { "Set-Cookie": cookie } });
}

// The spec has no text for this toggle; a failed request says so beside it.
const HOME_DASHBOARD_FAILURE = "Could not change this setting. Try again.";

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, HOME_DASHBOARD_FAILURE);
}

export function loader() {
  return redirect("/");
}
