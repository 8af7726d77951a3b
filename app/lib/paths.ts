import { href } from "react-router";

const DASHBOARD_PATHS = [href("/dashboard"), href("/user-dashboard"), href("/employee-dashboard")];

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
export const SETTINGS_PATH = href("/user-dashboard/settings");
