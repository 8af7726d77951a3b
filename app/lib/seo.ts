import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

interface SeoInput {
  title: string;
  description: string;
  path: string;
  /** Base URL of the deployment (APP_URL); falls back to the public site URL. */
  baseUrl?: string;
  type?: "website" | "article";
}

function pageTitle(title: string): string {
  return title === site.name ? title : `${title} | ${site.name}`;
}

/** Title, description, canonical and Open Graph tags for one page. */
export function seo({ title, description, path, baseUrl, type = "website" }: SeoInput): MetaDescriptor[] {
  const base = (baseUrl ?? site.url).replace(/\/$/, "");
  const url = `${base}${path}`;
  const fullTitle = pageTitle(title);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${base}/images/og.png` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** Reads APP_URL that the root loader exposes, so meta functions build absolute URLs. */
export function baseUrlFrom(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string | undefined {
  const root = matches.find((m) => m?.id === "root")?.data as { appUrl?: string } | undefined;
  return root?.appUrl;
}
