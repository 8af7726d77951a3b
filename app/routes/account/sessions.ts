import { redirect } from "react-router";
import type { Route } from "./+types/sessions";
import { accountPathFor } from "~/lib/account-paths";
import { withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { revokeOtherSessions, revokeSession } from "~/server/auth/account-sessions.server";
import { requireUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent, requireTargetId } from "~/server/http/form-result.server";
import { isSameOrigin } from "~/server/http/origin-check.server";

// Sessions you can see: "Sign out" one session, or every session but this one. Clients
// and staff alike; each comes back to their own account page.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  // Resource routes are outside React Router's own origin check (docs/security.md "Cross-site requests").
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  const form = await readForm(request);
  const intent = requireIntent(form, ["sign-out", "sign-out-others"] as const);
  const back = accountPathFor(user.role);
  if (intent === "sign-out-others") {
    await revokeOtherSessions(request);
    throw redirect(withFlash(back, "sessions-signed-out"));
  }
  // Owner-scoped: another user's session id (or a made-up one) is not found, and nothing changes.
  if (!(await revokeSession(request, user.id, requireTargetId(form)))) throw new Response("No such session.", { status: 404 });
  throw redirect(withFlash(back, "session-signed-out"));
}

// A request that fails on the way (not a refusal) keeps the page and says so beside the button.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, "Could not sign that session out. Please try again.");
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
