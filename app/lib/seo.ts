import type { MetaDescriptor } from "react-router";
import { brandUrl, DEMO_BRAND, type Brand } from "./brand";
import { brandFromMatches } from "./use-brand";

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

interface SeoInput {
  title: string;
  description: string;
  path: string;
  /** The meta function's matches: the root loader's brand and APP_URL come from there. */
  matches: Matches;
  type?: "website" | "article";
}

function pageTitle(title: string, brand: Pick<Brand, "name">): string {
  return title === brand.name ? title : `${title} | ${brand.name}`;
}

/** Title, description, canonical and Open Graph tags for one page. */
export function seo({ title, description, path, matches, type = "website" }: SeoInput): MetaDescriptor[] {
  const brand = brandFromMatches(matches);
  // APP_URL comes with the root loader's data; without that data (its loader failed) the brand is the demo's too.
  const base = (baseUrlFrom(matches) ?? brandUrl(DEMO_BRAND)).replace(/\/$/, "");
  const url = `${base}${path}`;
  const fullTitle = pageTitle(title, brand);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    // The demo agency's drawn card, or the one made from the operator's brand (root loader's shareImage).
    { property: "og:image", content: `${base}${shareImageFrom(matches) ?? "/images/og.png"}` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** A private page's title ("{title} | {agency name}") and a noindex: console, sign-in and account pages. */
export function privateMeta(title: string, matches: Matches): MetaDescriptor[] {
  return [{ title: `${title} | ${brandFromMatches(matches).name}` }, { name: "robots", content: "noindex" }];
}

/** What meta functions read of the root loader's data. */
function rootData(matches: Matches): { appUrl?: string; shareImage?: string } | undefined {
  return matches.find((m) => m?.id === "root")?.data as { appUrl?: string; shareImage?: string } | undefined;
}

/** Reads APP_URL that the root loader exposes, so meta functions build absolute URLs. */
export function baseUrlFrom(matches: Matches): string | undefined {
  return rootData(matches)?.appUrl;
}

function shareImageFrom(matches: Matches): string | undefined {
  return rootData(matches)?.shareImage;
}
