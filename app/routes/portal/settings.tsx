import { href, useFetcher } from "react-router";
import type { Route } from "./+types/settings";
import { FormError } from "~/components/forms/form-error";
import { LogoutButton } from "~/components/logout-button";
import { DeleteAccount } from "~/components/portal/delete-account";
import { AccountSettingRows } from "~/components/settings/account-setting-rows";
import { SettingRow } from "~/components/settings/setting-row";
import { PanelError, PanelHeader } from "~/components/portal/panel";
import type { FormResult } from "~/lib/form-result";
import { portalMeta, skipReloadOnQueryChange } from "~/lib/portal";
import { useTheme } from "~/lib/use-theme";
import { requireClient } from "~/server/auth/session.server";
import { accountSettingsOf } from "~/routes/+shared/account-settings.server";

export function meta({ matches }: Route.MetaArgs) {
  return portalMeta("Settings", matches);
}
export const shouldRevalidate = skipReloadOnQueryChange;

const RESET_ACTION = "/settings/reset-password";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  return { email: user.email, ...(await accountSettingsOf(request, user)) };
}

/**
 * Reset Password through a fetcher: success and server-side failure still redirect back with a
 * ?notice= banner, and a failed request shows its SPEC §8 text here instead of the error page.
 */
function ResetPasswordButton() {
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-2">
      <fetcher.Form method="post" action={RESET_ACTION}>
        <input type="hidden" name="intent" value="reset-password" />
        <button type="submit" className="btn-secondary" disabled={busy}>
          Reset Password
        </button>
      </fetcher.Form>
      <FormError message={!busy && fetcher.data?.status === "error" ? fetcher.data.message : undefined} />
    </div>
  );
}

export default function SettingsPanel({ loaderData }: Route.ComponentProps) {
  const { theme, setTheme } = useTheme();
  return (
    <section className="max-w-2xl">
      <PanelHeader title="Settings" intro={`Signed in as ${loaderData.email}`} />
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        <SettingRow title="Password" detail="We e-mail you a link to choose a new password.">
          <ResetPasswordButton />
        </SettingRow>
        <AccountSettingRows settings={loaderData} audience="client" preferencesTo={href("/user-dashboard/notifications/preferences")} />
        <SettingRow
          title="Your data"
          detail="A ZIP of your profile, your company's projects, approvals, support requests and files, and your notifications."
        >
          {/* A download, not a page: a plain link, so the browser saves the ZIP and shows its progress. */}
          <a href={href("/settings/export")} download className="btn-secondary">
            Download my data
          </a>
        </SettingRow>
        <SettingRow title="Dark Mode" detail={`The ${theme} theme is on. Saved in this browser.`}>
          <button type="button" className="btn-secondary" onClick={() => setTheme(theme === "dark" ? "light" : "dark")}>
            {theme === "dark" ? "Light" : "Dark"}
          </button>
        </SettingRow>
        <SettingRow title="Delete Account" detail="Removes your account and everything in this portal.">
          <DeleteAccount />
        </SettingRow>
        <SettingRow title="Logout" detail="Sign out on this device.">
          <LogoutButton />
        </SettingRow>
      </ul>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
