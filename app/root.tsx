import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLocation, useRouteLoaderData, type LinksFunction } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
// The same file app.css's @font-face names, so the preload and the face share one hashed URL.
import brandFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { EmployeeShortcut } from "~/components/employee-shortcut";
import { FlashNotice } from "~/components/flash-notice";
import { flashFor } from "~/lib/flash";
import { PendingNavigation } from "~/components/pending-navigation";
import { RouteScrollReset } from "~/components/route-scroll-reset";
import { ScrollToTopButton } from "~/components/scroll-to-top-button";
import { SiteFooter } from "~/components/site-footer";
import { SiteNav } from "~/components/site-nav";
import { SIDEBAR_STORAGE_KEY, THEME_STORAGE_KEY } from "~/lib/constants";
import { useAnnounceHydration } from "~/lib/hydration";
import { useNonce } from "~/lib/nonce";
import { isDashboardPath } from "~/lib/paths";
import { DEFAULT_PLACE, samePlace, TIME_ZONE_COOKIE, type Place } from "~/lib/place";
import { PlaceContext } from "~/lib/place-context";
import { getEnv } from "~/server/env.server";
import { homeDashboardEnabled } from "~/server/http/home-dashboard-cookie.server";
import { getSessionUser } from "~/server/auth/session.server";
import { getBrand } from "~/server/brand/brand.server";
import { browserTimeZone } from "~/server/http/time-zone-cookie.server";
import { viewerPlace } from "~/server/models/site/viewer-place.server";
import { pageBrand } from "~/server/models/site/page-brand.server";
import { FaviconLinks } from "~/components/favicon-links";

export const links: LinksFunction = () => [
  // precedence makes React hoist it to the top of <head>, ahead of the modulepreload links it
  // would otherwise queue behind: the render-blocking CSS is fetched first (Lighthouse FCP).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  // Fetched alongside the CSS instead of after it is parsed: the text swaps to the brand face early.
  { rel: "preload", href: brandFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [user, brand] = await Promise.all([getSessionUser(request), getBrand()]);
  // The agency's place, and the zone this viewer's dates are shown in (theirs when signed in).
  const [{ place, timeZone }, shown] = await Promise.all([
    viewerPlace(user, user ? browserTimeZone(request) : null),
    // Made once per saved brand: the palette's colour maths stay off the page's JavaScript (npm run
    // size) and off each render; no logo and the default colour add nothing to the data.
    pageBrand(brand),
  ]);
  // Every page's data carries this, and every uncached render serialises it: what equals the
  // defaults stays out (no uploaded logo, today's place), and pages get one place, in the viewer's zone.
  const viewer: Place = { ...place, timeZone };
  return {
    appUrl: getEnv().APP_URL,
    ...shown,
    ...(samePlace(viewer, DEFAULT_PLACE) ? {} : { place: viewer }),
    user: user ? { email: user.email, role: user.role, homeDashboard: homeDashboardEnabled(request) } : null,
    flash: flashFor(new URL(request.url).searchParams.get("notice"), { email: user?.email }),
  };
}

// Runs before first paint so a stored dark theme never flashes light (SPEC §4: dark only if stored),
// nor a console sidebar kept as a rail opens wide first (decision 0077).
// The second statement hands the browser's time zone to the server (a cookie), so a signed-in
// person's dates are in their zone from the first page after sign-in on (root loader).
const themeScript =
  `try{if(localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})==="dark")document.documentElement.classList.add("dark")}catch(e){}` +
  `try{if(localStorage.getItem(${JSON.stringify(SIDEBAR_STORAGE_KEY)})==="rail")document.documentElement.dataset.sidebar="rail"}catch(e){}` +
  `try{document.cookie=${JSON.stringify(`${TIME_ZONE_COOKIE}=`)}+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)+";path=/;max-age=31536000;samesite=lax"}catch(e){}`;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The operator's colour replaces app.css's palette (nothing for the default colour). A stored page
  // keeps it until "site.changed" empties the HTML cache; the nonce is swapped per response there.
  useAnnounceHydration();
  // The agency's locale (Settings → Time and place) and colour; the defaults when the root loader failed.
  const root = useRouteLoaderData("root") as { place?: { locale: string }; palette?: string } | undefined;
  const palette = root?.palette;
  return (
    <html lang={root?.place?.locale ?? DEFAULT_PLACE.locale} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
        <Meta />
        <Links />
        {palette ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: palette }} /> : null}
        <FaviconLinks />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const onDashboard = isDashboardPath(pathname);
  return (
    <PlaceContext value={loaderData.place ?? DEFAULT_PLACE}>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {onDashboard ? null : <SiteNav user={loaderData.user} />}
      <PendingNavigation />
      {/* The portal and the console draw their own landmarks (the app shell, decision 0077). */}
      {onDashboard ? (
        <div className="flex flex-1 flex-col">
          <Outlet />
        </div>
      ) : (
        <main id="main" className="flex-1" tabIndex={-1}>
          <Outlet />
        </main>
      )}
      {onDashboard ? null : <SiteFooter />}
      <FlashNotice flash={loaderData.flash} />
      <ScrollToTopButton />
      <RouteScrollReset />
      <EmployeeShortcut />
    </PlaceContext>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let heading = "Something went wrong";
  let detail = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    heading = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    detail = error.statusText || detail;
  }
  return (
    <main id="main" className="container-page flex-1 py-24 text-center">
      <title>{heading}</title>
      <h1 className="section-title">{heading}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{detail}</p>
      <a href="/" className="btn-primary mt-8">
        Back to Home
      </a>
    </main>
  );
}
