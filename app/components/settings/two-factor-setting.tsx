import { Link } from "react-router";
import { TWO_FACTOR_SETUP_PATH } from "~/lib/two-factor";
import { SettingRow } from "./setting-row";

/** Settings / My account row: whether two-factor sign-in is on, and the way to its own page. */
export function TwoFactorSetting({ enabled }: { enabled: boolean }) {
  return (
    <SettingRow
      title="Two-factor sign-in"
      detail={
        enabled
          ? "On: you sign in with your password and a code from your authenticator app."
          : "Off: add a code from an authenticator app to your password."
      }
    >
      <Link to={TWO_FACTOR_SETUP_PATH} className="btn-secondary">
        {enabled ? "Manage" : "Set up"}
      </Link>
    </SettingRow>
  );
}
