import { isTimeZone, TIME_ZONE_COOKIE } from "~/lib/place";

// The browser's own time zone, as the root layout's inline script stores it (a cookie, so the
// first signed-in request already carries it). Without JavaScript there is none: the agency's
// zone is used until the person picks theirs on their account page.

export function browserTimeZone(request: Request): string | null {
  const cookie = request.headers.get("cookie") ?? "";
  for (const part of cookie.split(/;\s*/)) {
    if (!part.startsWith(`${TIME_ZONE_COOKIE}=`)) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(TIME_ZONE_COOKIE.length + 1));
    } catch {
      return null;
    }
    return isTimeZone(value) ? value : null;
  }
  return null;
}
