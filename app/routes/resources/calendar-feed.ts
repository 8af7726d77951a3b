import type { Route } from "./+types/calendar-feed";
import { clientIpBucket } from "~/server/defence/client-ip-bucket";
import { hitRateLimit } from "~/server/defence/rate-limit.server";
import { renderCalendar } from "~/server/documents/calendar.server";
import { calendarFor } from "~/server/models/accounts/calendar-events.server";
import { calendarFeedOwnerId } from "~/server/models/accounts/calendar-feeds.server";

// A person's calendar feed (decision 0106), fetched by calendar apps without a session: the
// address itself is the guard (an HMAC its owner can change or turn off). A made-up, changed or
// removed address, a closed company's member and a disabled staff member all get the same 404.

/** Calendar apps poll every few minutes at most; guessing addresses gets nowhere fast either. */
const FETCHES_PER_IP = { limit: 120, windowMs: 15 * 60_000 };

const notFound = () => new Response("No calendar at this address.", { status: 404, headers: { "Content-Type": "text/plain" } });

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!(await hitRateLimit(`calendar-feed:ip:${clientIpBucket(context.clientIp)}`, FETCHES_PER_IP))) {
    return new Response("Too many requests. Try again later.", { status: 429, headers: { "Retry-After": "900" } });
  }
  const ownerId = await calendarFeedOwnerId(params.file);
  if (!ownerId) return notFound();
  const calendar = await calendarFor(ownerId);
  if (!calendar) return notFound();
  return new Response(renderCalendar(calendar), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="calendar.ics"',
      // Private to its owner: never kept by a shared cache, always asked again.
      "Cache-Control": "private, no-cache",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
