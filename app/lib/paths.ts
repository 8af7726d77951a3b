import type { href } from "react-router";

/**
 * A path of the route table (`href`'s typed first argument), checked at compile time only: this
 * module is on every public page, and calling `href` there would add a React Router chunk to the
 * home page's JavaScript budget (npm run size).
 */
type RoutePath = Parameters<typeof href>[0];

const DASHBOARD_PATHS: RoutePath[] = ["/dashboard", "/user-dashboard", "/employee-dashboard"];

/** SPEC §2: the navigation bar is hidden on dashboard paths. */
export function isDashboardPath(pathname: string): boolean {
  return DASHBOARD_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export const navLinks = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/cases", label: "Case Studies" },
  { to: "/careers", label: "Careers" },
] as const;

/** Where the client's Settings panel lives; settings actions come back here. */
export const SETTINGS_PATH: RoutePath = "/user-dashboard/settings";
