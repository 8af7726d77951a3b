import { services } from "~/content/services";

/** Every public, indexable path: feeds sitemap.xml and the e2e accessibility sweep. */
const staticPublicPaths = ["/", "/services", "/cases", "/careers", "/about", "/terms", "/privacy", "/quote"];

export function publicPaths(): string[] {
  return [...staticPublicPaths, ...services.map((s) => `/service/${s.slug}`)];
}
