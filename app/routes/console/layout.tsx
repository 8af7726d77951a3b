import { href, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { CurrentHomeDashboardToggle } from "~/components/home-dashboard-toggle";
import { LogoutButton } from "~/components/logout-button";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { AppShell } from "~/components/shell/app-shell";
import { SearchLauncher } from "~/components/console/search-launcher";
import { SidebarLink } from "~/components/shell/sidebar-link";
import { sectionsFor } from "~/lib/console-nav";
import { STAFF_ROLE_LABELS } from "~/lib/staff-roles";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { APP_VERSION } from "~/lib/version";
import { requireStaff } from "~/server/auth/session.server";
import { bellSummary } from "~/server/models/notifications/reads.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { privateMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Employee Dashboard", matches);
}

// Staff pages are personal: never stored by browsers or proxies.
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  return { email: user.email, staffRole: user.staffRole, bell: await bellSummary({ userId: user.id, scope: await companyScope(user) }) };
}

const TOP_BAR_BUTTON =
  "inline-flex items-center rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

/** SPEC §2: the console's visible name is 'Employee Dashboard'; who is signed in, under it. */
function ConsoleTitle({ email, role }: { email: string; role: string | null }) {
  return (
    <>
      <h1 className="truncate text-base font-semibold text-slate-900 dark:text-white">Employee Dashboard</h1>
      <p className="hidden truncate text-xs text-slate-600 sm:block dark:text-slate-400">
        Signed in as {email}
        {role ? ` (${role})` : null}
      </p>
    </>
  );
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  // The staff member's own notifications keep the bell's count live.
  useLiveRevalidation("/events/console", ["notifications"]);
  return (
    <AppShell
      navLabel="Console sections"
      items={sectionsFor(loaderData.staffRole)}
      rail
      search={<SearchLauncher />}
      title={<ConsoleTitle email={loaderData.email} role={loaderData.staffRole ? STAFF_ROLE_LABELS[loaderData.staffRole] : null} />}
      actions={
        <>
          <NotificationBell
            unread={loaderData.bell.unread}
            recent={loaderData.bell.recent}
            pagePath={href("/employee-dashboard/notifications")}
          />
          {/* SPEC §2: a visible Logout button, kept in the top bar beside the avatar menu's. */}
          <LogoutButton className={TOP_BAR_BUTTON} floating />
        </>
      }
      sidebarFooter={
        <>
          <CurrentHomeDashboardToggle />
          <SidebarLink to="/">Website home</SidebarLink>
        </>
      }
      email={loaderData.email}
      account={{ to: href("/employee-dashboard/account"), label: "My account" }}
      footer={
        // Which release answers, for staff reporting a problem and operators mid-upgrade.
        <footer className="border-t border-slate-200 px-4 py-3 text-xs text-slate-500 md:px-8 dark:border-slate-800 dark:text-slate-400">
          Version {APP_VERSION}
        </footer>
      }
    >
      <Outlet />
    </AppShell>
  );
}
