import type { AccountSettingsView } from "~/components/settings/account-setting-rows";
import { timeZoneNames } from "~/lib/time-zones";
import type { SessionUser } from "~/server/auth/actor.server";
import { accountSecurity } from "~/server/auth/account-security.server";
import { hasSecondFactor } from "~/server/auth/second-factor.server";
import { getPlace, userTimeZone } from "~/server/brand/locale.server";
import { browserTimeZone } from "~/server/http/time-zone-cookie.server";
import { calendarFeedOf } from "~/server/models/accounts/calendar-feeds.server";

// The server half of the account rows portal Settings and console My account share
// (components/settings/account-setting-rows.tsx); each route guards first, then hands its user here.

export async function accountSettingsOf(request: Request, user: SessionUser): Promise<AccountSettingsView> {
  const [twoFactor, security, timeZone, place, calendarFeed] = await Promise.all([
    hasSecondFactor(user.id),
    accountSecurity(request, user),
    userTimeZone(user.id),
    getPlace(),
    calendarFeedOf(user.id),
  ]);
  // The zones from the server, so the select renders the same options on both sides.
  // The root loader stores the browser's zone on this same request, alongside this read.
  const zone = { timeZone: timeZone ?? browserTimeZone(request), zones: timeZoneNames(), agencyZone: place.timeZone };
  return { twoFactor, security, zone, calendarFeed };
}
