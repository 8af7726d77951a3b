import { href } from "react-router";
import type { Route } from "./+types/account";
import { LogoutButton } from "~/components/logout-button";
import { AccountSettingRows } from "~/components/settings/account-setting-rows";
import { SettingRow } from "~/components/settings/setting-row";
import { accountSettingsOf } from "~/routes/+shared/account-settings.server";
import { requireStaff } from "~/server/auth/session.server";

export function meta() {
  return [{ title: "My account | Employee Dashboard" }, { name: "robots", content: "noindex" }];
}

// A staff member's own sign-in security (password, two-factor, passkeys, sessions) lives
// here; each part is a SettingRow whose component sits in app/components/settings/.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  return { email: user.email, name: user.name, ...(await accountSettingsOf(request, user)) };
}

export default function ConsoleAccount({ loaderData }: Route.ComponentProps) {
  return (
    <section className="max-w-2xl">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">My account</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {loaderData.name} · {loaderData.email}
      </p>
      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
        <AccountSettingRows settings={loaderData} audience="staff" preferencesTo={href("/employee-dashboard/notifications/preferences")} />
        <SettingRow title="Logout" detail="Sign out on this device.">
          <LogoutButton />
        </SettingRow>
      </ul>
    </section>
  );
}
