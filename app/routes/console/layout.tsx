import { href, Link, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { CurrentHomeDashboardToggle } from "~/components/home-dashboard-toggle";
import { LogoutButton } from "~/components/logout-button";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { sectionsFor } from "~/lib/console-nav";
import { STAFF_ROLE_LABELS } from "~/lib/staff-roles";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { APP_VERSION } from "~/lib/version";
import { requireStaff } from "~/server/auth/session.server";
import { bellSummary } from "~/server/models/notifications/reads.server";
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
  return { email: user.email, staffRole: user.staffRole, bell: await bellSummary({ userId: user.id }) };
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  // The staff member's own notifications keep the bell's count live.
  useLiveRevalidation("/events/console", ["notifications"]);
  return (
    <div className="container-page py-8">
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-4 dark:border-slate-800">
        <div>
          <h1 className="section-title">Employee Dashboard</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Signed in as {loaderData.email}
            {loaderData.staffRole ? ` (${STAFF_ROLE_LABELS[loaderData.staffRole]})` : null}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <NotificationBell
            unread={loaderData.bell.unread}
            recent={loaderData.bell.recent}
            pagePath={href("/employee-dashboard/notifications")}
          />
          <CurrentHomeDashboardToggle />
          <Link to={href("/employee-dashboard/account")} className="btn-secondary">
            My account
          </Link>
          <LogoutButton />
        </div>
      </header>
      <nav aria-label="Console sections" className="mt-4 overflow-x-auto">
        <ul className="flex gap-1 text-sm">
          {sectionsFor(loaderData.staffRole).map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to}
                end={"end" in s}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 font-medium whitespace-nowrap ${
                    isActive
                      ? "bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-200"
                      : "text-slate-700 hover:text-brand-700 dark:text-slate-300"
                  }`
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
      {/* Which release answers, for staff reporting a problem and operators mid-upgrade. */}
      <footer className="mt-10 border-t border-slate-200 pt-3 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        Version {APP_VERSION}
      </footer>
    </div>
  );
}
