import { href, Outlet, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { CurrentHomeDashboardToggle } from "~/components/home-dashboard-toggle";
import { LoadingBar } from "~/components/loading-bar";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { PanelError } from "~/components/portal/panel";
import { VerifyEmailBanner } from "~/components/portal/verify-email-banner";
import { AppShell } from "~/components/shell/app-shell";
import { SidebarLink } from "~/components/shell/sidebar-link";
import { PORTAL_TABS, skipReloadOnQueryChange } from "~/lib/portal";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireClient } from "~/server/auth/session.server";
import { clientMayUseBilling } from "~/server/models/billing/billing-contacts.server";
import { bellSummary } from "~/server/models/notifications/reads.server";

export const shouldRevalidate = skipReloadOnQueryChange;

// Personal pages: never stored by browsers or proxies. Child routes inherit these headers.
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  const bell = await bellSummary({ userId: user.id });
  const billing = clientMayUseBilling(user);
  return { email: user.email, emailVerified: user.emailVerified, bell, billing };
}

/** The destination tab while a client-side switch waits for its data, with its loading text. */
function usePendingTab() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  if (navigation.state !== "loading" || navigation.formMethod) return undefined;
  const target = PORTAL_TABS.find((tab) => tab.to === navigation.location.pathname);
  return target && target.to !== pathname && target.loading ? target : undefined;
}

const TABS = PORTAL_TABS.map((tab) => ({ ...tab, end: tab.to === href("/user-dashboard") }));

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  // One stream for the whole portal: staff changes to the client's projects and requests, and
  // the member's own notifications (the bell's count), and their company's invoices (Billing).
  useLiveRevalidation("/events/portal", ["projects", "complaints", "notifications", "billing"]);
  const pendingTab = usePendingTab();
  return (
    <AppShell
      navLabel="Dashboard"
      items={loaderData.billing ? TABS : TABS.filter((tab) => tab.to !== href("/user-dashboard/billing"))}
      title={<span className="font-semibold text-slate-900 dark:text-white">Client Portal</span>}
      actions={
        <NotificationBell
          unread={loaderData.bell.unread}
          recent={loaderData.bell.recent}
          pagePath={href("/user-dashboard/notifications")}
        />
      }
      sidebarFooter={
        <>
          <CurrentHomeDashboardToggle />
          <SidebarLink to="/">Website home</SidebarLink>
        </>
      }
      email={loaderData.email}
      account={{ to: href("/user-dashboard/settings"), label: "Settings" }}
    >
      {loaderData.emailVerified ? null : <VerifyEmailBanner email={loaderData.email} />}
      {pendingTab?.loading ? <LoadingBar label={pendingTab.loading} /> : <Outlet />}
    </AppShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" tabIndex={-1} className="container-page py-12">
      <PanelError error={error} />
    </main>
  );
}
