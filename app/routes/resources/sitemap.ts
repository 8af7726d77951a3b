import { publicPaths } from "~/lib/public-pages";
import { getEnv } from "~/server/env.server";
import { listOpenOpenings } from "~/server/models/pipeline/openings.server";
import { publishedServices } from "~/server/models/site/pages.server";

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function urlEntry(loc: string, lastmod?: number): string {
  const modified = lastmod === undefined ? "" : `<lastmod>${new Date(lastmod).toISOString()}</lastmod>`;
  return `  <url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
}

// Rendered on every request (the HTML cache never holds it), so an opening closed a moment ago is
// already gone; each open opening has a public page with JobPosting data.
export async function loader() {
  const base = getEnv().APP_URL;
  const [openings, services] = await Promise.all([listOpenOpenings(), publishedServices()]);
  const urls = [
    ...publicPaths(services.map((s) => s.slug)).map((p) => urlEntry(`${base}${p}`)),
    ...openings.map((o) => urlEntry(`${base}/careers/${encodeURIComponent(o.id)}`, o.updatedAt)),
  ].join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
