import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/time-zone";
import { accountPathFor } from "~/lib/account-paths";
import { withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { PLACE_TEXT } from "~/lib/place-text";
import { ownTimeZoneSchema } from "~/lib/schemas/place";
import { requireUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { setOwnTimeZone } from "~/server/models/site/place.server";

// "Your time zone": a signed-in person's own zone (clients and staff alike); each comes back to
// their own account page with a notice, so the plain form works without JavaScript.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  // Resource routes are outside React Router's own origin check (docs/security.md "Cross-site requests").
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  const form = await readForm(request);
  requireIntent(form, ["save-time-zone"] as const);
  const back = accountPathFor(user.role);
  const submission = parseWithZod(form, { schema: ownTimeZoneSchema });
  if (submission.status !== "success") throw redirect(withFlash(back, "time-zone-invalid"));
  await setOwnTimeZone(user.id, submission.value.timeZone);
  throw redirect(withFlash(back, "time-zone-saved"));
}

// A request that fails on the way keeps the page and says so beside the button.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, PLACE_TEXT.own.failure);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
