import { publicPaths } from "~/lib/public-pages";
import { getEnv } from "~/server/env.server";

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function loader() {
  const base = getEnv().APP_URL;
  const urls = publicPaths()
    .map((p) => `  <url><loc>${escapeXml(`${base}${p}`)}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
