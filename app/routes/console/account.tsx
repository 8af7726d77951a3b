import { href, Link } from "react-router";
import type { Route } from "./+types/account";
import { LogoutButton } from "~/components/logout-button";
import { ChangePassword } from "~/components/settings/change-password";
import { SettingRow } from "~/components/settings/setting-row";
import { AccountSecurityRows } from "~/components/settings/account-security-rows";
import { TimeZoneSetting } from "~/components/settings/time-zone-setting";
import { CalendarFeedSetting } from "~/components/settings/calendar-feed-setting";
import { calendarFeedOf } from "~/server/models/accounts/calendar-feeds.server";
import { TwoFactorSetting } from "~/components/settings/two-factor-setting";
import { timeZoneNames } from "~/lib/time-zones";
import { getPlace, userTimeZone } from "~/server/brand/locale.server";
import { browserTimeZone } from "~/server/http/time-zone-cookie.server";
import { accountSecurity } from "~/server/auth/account-security.server";
import { hasSecondFactor } from "~/server/auth/second-factor.server";
import { requireStaff } from "~/server/auth/session.server";

export function meta() {
  return [{ title: "My account | Employee Dashboard" }, { name: "robots", content: "noindex" }];
}

// A staff member's own sign-in security (password, two-factor, passkeys, sessions) lives
// here; each part is a SettingRow whose component sits in app/components/settings/.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
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
  return { email: user.email, name: user.name, twoFactor, security, zone, calendarFeed };
}

export default function ConsoleAccount({ loaderData }: Route.ComponentProps) {
  return (
    <section className="max-w-2xl">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">My account</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {loaderData.name} · {loaderData.email}
      </p>
      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
        <TwoFactorSetting enabled={loaderData.twoFactor} />
        <SettingRow title="Change password" detail="Enter your current password, then the new one. Other devices are signed out.">
          <ChangePassword audience="staff" />
        </SettingRow>
        <AccountSecurityRows {...loaderData.security} />
        <TimeZoneSetting {...loaderData.zone} />
        <CalendarFeedSetting feed={loaderData.calendarFeed} audience="staff" />
        <SettingRow
          title="E-mail preferences"
          detail="Which notifications reach you by e-mail: immediately, in a daily digest, or not at all."
        >
          <Link to={href("/employee-dashboard/notifications/preferences")} className="btn-secondary">
            Choose
          </Link>
        </SettingRow>
        <SettingRow title="Logout" detail="Sign out on this device.">
          <LogoutButton />
        </SettingRow>
      </ul>
    </section>
  );
}
