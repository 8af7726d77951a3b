import { redirect } from "react-router";
import type { Route } from "./+types/calendar-feed";
import { accountPathFor } from "~/lib/account-paths";
import { withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { requireUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { makeCalendarFeed, removeCalendarFeed } from "~/server/models/accounts/calendar-feeds.server";

// "Calendar feed" on portal Settings and console My account (decision 0106): make the private
// address, give it a new one (the old stops), or turn it off. Clients and staff alike; each comes
// back to their own account page.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  // Resource routes are outside React Router's own origin check (docs/security.md "Cross-site requests").
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  const intent = requireIntent(await readForm(request), ["make", "remove"] as const);
  const back = accountPathFor(user.role);
  if (intent === "remove") {
    await removeCalendarFeed(user);
    throw redirect(withFlash(back, "calendar-feed-removed"));
  }
  const outcome = await makeCalendarFeed(user);
  throw redirect(withFlash(back, outcome === "made" ? "calendar-feed-made" : "calendar-feed-renewed"));
}

// A request that fails on the way (not a refusal) keeps the page and says so beside the button.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, "Could not change the calendar feed. Please try again.");
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
