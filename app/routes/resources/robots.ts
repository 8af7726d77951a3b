import { getEnv } from "~/server/env.server";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /user-dashboard",
    "Disallow: /employee-dashboard",
    "Disallow: /employee-login",
    "Disallow: /api/",
    `Sitemap: ${getEnv().APP_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
