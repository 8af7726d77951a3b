// SPEC §2: a signed-in user's "dashboard on the home page" toggle, kept in a cookie.
const HOME_DASHBOARD_COOKIE = "agency_home_dashboard";

export function homeDashboardEnabled(request: Request): boolean {
  const cookie = request.headers.get("cookie") ?? "";
  return cookie.split(/;\s*/).includes(`${HOME_DASHBOARD_COOKIE}=1`);
}

export function homeDashboardCookie(enabled: boolean, secure: boolean): string {
  const attrs = `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return enabled ? `${HOME_DASHBOARD_COOKIE}=1; Max-Age=31536000; ${attrs}` : `${HOME_DASHBOARD_COOKIE}=; Max-Age=0; ${attrs}`;
}
