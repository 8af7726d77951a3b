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
  route("login", "routes/auth/login.tsx"),
  route("employee-login", "routes/auth/employee-login.tsx"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("events/careers", "routes/resources/events-careers.ts"),
  route("events/testimonials", "routes/resources/events-testimonials.ts"),
  route("*", "routes/marketing/not-found.tsx"),
] satisfies RouteConfig;
