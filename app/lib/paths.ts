const DASHBOARD_PATHS = ["/dashboard", "/user-dashboard", "/employee-dashboard"];

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
