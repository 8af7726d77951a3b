import { services } from "~/content/services";

/** Every public, indexable path: feeds sitemap.xml and the e2e accessibility sweep. */
const staticPublicPaths = ["/", "/services", "/cases", "/careers", "/about", "/terms", "/privacy", "/quote"];

/**
 * `serviceSlugs`: the published services' slugs (the sitemap reads them from the store); without
 * them, the demo catalogue's, which is what a new install publishes (the e2e sweep's case).
 */
export function publicPaths(serviceSlugs: readonly string[] = services.map((s) => s.slug)): string[] {
  return [...staticPublicPaths, ...serviceSlugs.map((slug) => `/service/${slug}`)];
}
