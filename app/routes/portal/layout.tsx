import { href, Outlet, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { LoadingBar } from "~/components/loading-bar";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { PanelError } from "~/components/portal/panel";
import { PortalShell } from "~/components/portal/shell";
import { VerifyEmailBanner } from "~/components/portal/verify-email-banner";
import { PORTAL_TABS, skipReloadOnQueryChange } from "~/lib/portal";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireClient } from "~/server/auth/session.server";
import { bellSummary } from "~/server/models/notifications/reads.server";

export const shouldRevalidate = skipReloadOnQueryChange;

// Personal pages: never stored by browsers or proxies. Child routes inherit these headers.
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  return { email: user.email, emailVerified: user.emailVerified, bell: await bellSummary({ userId: user.id }) };
}

/** The destination tab while a client-side switch waits for its data, with its loading text. */
function usePendingTab() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  if (navigation.state !== "loading" || navigation.formMethod) return undefined;
  const target = PORTAL_TABS.find((tab) => tab.to === navigation.location.pathname);
  return target && target.to !== pathname && target.loading ? target : undefined;
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  // One stream for the whole portal: staff changes to the client's projects and requests, and
  // the member's own notifications (the bell's count).
  useLiveRevalidation("/events/portal", ["projects", "complaints", "notifications"]);
  const pendingTab = usePendingTab();
  const bell = (
    <NotificationBell unread={loaderData.bell.unread} recent={loaderData.bell.recent} pagePath={href("/user-dashboard/notifications")} />
  );
  return (
    <PortalShell email={loaderData.email} bell={bell}>
      {loaderData.emailVerified ? null : <VerifyEmailBanner email={loaderData.email} />}
      {pendingTab?.loading ? <LoadingBar label={pendingTab.loading} /> : <Outlet />}
    </PortalShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="container-page py-12">
      <PanelError error={error} />
    </div>
  );
}
