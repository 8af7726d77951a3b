import { knownZone, type Place } from "~/lib/place";
import { getPlace, userTimeZone } from "~/server/brand/locale.server";
import { logger } from "~/server/logger.server";
import { setOwnTimeZone } from "./place.server";

/**
 * The place a page is formatted with: the agency's, in the viewer's own zone when signed in.
 * A signed-in person without a zone gets the browser's (and keeps it: stored on this first visit,
 * never over one they chose); without that, the agency's.
 */
export async function viewerPlace(
  viewer: { id: string; timeZone?: string | null } | null,
  browserZone: string | null,
): Promise<{ place: Place; timeZone: string }> {
  const place = await getPlace();
  if (!viewer) return { place, timeZone: place.timeZone };
  const userId = viewer.id;
  // The session's user carries the zone read with it; otherwise it is asked for.
  const own = viewer.timeZone !== undefined ? viewer.timeZone : await userTimeZone(userId);
  if (own) return { place, timeZone: knownZone(own, place.timeZone) };
  if (browserZone) {
    // Best effort: a failed write only means the browser's zone is asked for again next time.
    await setOwnTimeZone(userId, browserZone, { onlyIfUnset: true }).catch((error: unknown) => {
      logger.warn({ err: error }, "could not store the browser's time zone");
    });
    return { place, timeZone: browserZone };
  }
  return { place, timeZone: place.timeZone };
}
