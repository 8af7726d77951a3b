import type { ComponentProps } from "react";
import { Link } from "react-router";
import type { CalendarFeedView } from "~/lib/calendar-feed";
import { AccountSecurityRows } from "./account-security-rows";
import { CalendarFeedSetting } from "./calendar-feed-setting";
import { ChangePassword } from "./change-password";
import { SettingRow } from "./setting-row";
import { TimeZoneSetting } from "./time-zone-setting";
import { TwoFactorSetting } from "./two-factor-setting";

/** What the rows show (routes/+shared/account-settings.server.ts reads it). */
export interface AccountSettingsView {
  twoFactor: boolean;
  security: ComponentProps<typeof AccountSecurityRows>;
  zone: ComponentProps<typeof TimeZoneSetting>;
  calendarFeed: CalendarFeedView | null;
}

/**
 * The rows portal Settings and console My account both show, in this order: two-factor, change
 * password, passkeys and sessions, time zone, calendar feed, e-mail preferences.
 */
export function AccountSettingRows({
  settings,
  audience,
  preferencesTo,
}: {
  settings: AccountSettingsView;
  audience: "client" | "staff";
  /** The person's own e-mail preferences page. */
  preferencesTo: string;
}) {
  return (
    <>
      <TwoFactorSetting enabled={settings.twoFactor} />
      <SettingRow title="Change password" detail="Enter your current password, then the new one. Other devices are signed out.">
        <ChangePassword audience={audience} />
      </SettingRow>
      <AccountSecurityRows {...settings.security} />
      <TimeZoneSetting {...settings.zone} />
      <CalendarFeedSetting feed={settings.calendarFeed} audience={audience} />
      <SettingRow
        title="E-mail preferences"
        detail="Which notifications reach you by e-mail: immediately, in a daily digest, or not at all."
      >
        <Link to={preferencesTo} className="btn-secondary">
          Choose
        </Link>
      </SettingRow>
    </>
  );
}
