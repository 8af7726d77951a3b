import type { PasskeyView, SessionView } from "~/lib/account-paths";
import { Passkeys, type ConfirmationView } from "./passkeys";
import { SessionsList } from "./sessions-list";
import { SettingRow } from "./setting-row";

/** The Passkeys and Sessions rows of portal Settings and console My account. */
export function AccountSecurityRows({
  passkeys,
  sessions,
  confirmation,
}: {
  passkeys: PasskeyView[];
  sessions: SessionView[];
  confirmation: ConfirmationView;
}) {
  return (
    <>
      <SettingRow title="Passkeys" detail="Sign in with your fingerprint, face or device PIN instead of a password.">
        <Passkeys passkeys={passkeys} confirmation={confirmation} />
      </SettingRow>
      <SettingRow title="Sessions" detail="Where your account is signed in. Sign out any you do not recognise.">
        <SessionsList sessions={sessions} />
      </SettingRow>
    </>
  );
}
