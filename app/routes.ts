import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the route table of SPEC §2, one line per route.
export default [
  index("routes/marketing/home.tsx"),
  route("services", "routes/marketing/services.tsx"),
  route("service/:slug", "routes/marketing/service.tsx"),
  route("cases", "routes/marketing/cases.tsx"),
  route("careers", "routes/marketing/careers.tsx"),
  route("careers/:id", "routes/marketing/opening.tsx"),
  route("apply/:id", "routes/marketing/apply.tsx"),
  route("apply/:id/submit", "routes/resources/apply-submit.ts"),
  route("about", "routes/marketing/about.tsx"),
  route("terms", "routes/marketing/terms.tsx"),
  route("privacy", "routes/marketing/privacy.tsx"),
  route("quote", "routes/marketing/quote.tsx"),
  route("quote/token", "routes/resources/quote-token.ts"),
  route("login", "routes/auth/login.tsx"),
  route("employee-login", "routes/auth/employee-login.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("dashboard", "routes/auth/dashboard.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("home-dashboard", "routes/resources/home-dashboard.ts"),
  route("settings/reset-password", "routes/resources/settings-reset-password.ts"),
  route("settings/delete-account", "routes/resources/settings-delete-account.ts"),
  route("employee-dashboard", "routes/console/layout.tsx", [
    index("routes/console/overview.tsx"),
    // Console sections are added here, one line each.
  ]),
  route("api/auth/*", "routes/resources/auth-api.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("events/careers", "routes/resources/events-careers.ts"),
  route("events/testimonials", "routes/resources/events-testimonials.ts"),
  route("user-dashboard", "routes/portal/layout.tsx", [
    index("routes/portal/profile.tsx"),
    route("projects", "routes/portal/projects.tsx"),
    route("support", "routes/portal/support.tsx"),
    route("settings", "routes/portal/settings.tsx"),
  ]),
  route("events/console", "routes/resources/events-console.ts"),
  route("events/portal", "routes/resources/events-portal.ts"),
  route("*", "routes/marketing/not-found.tsx"),
] satisfies RouteConfig;
