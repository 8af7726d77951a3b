import { createHash } from "node:crypto";
import { DEMO_BRAND, type Brand } from "~/lib/brand";
import { getBrand } from "~/server/brand/brand.server";
import { renderShareCard, type ShareCardInput } from "~/server/images/share-card.server";

// The share image (og:image) of the agency's pages. The demo brand keeps its drawn card,
// /images/og.png; any other brand gets a card made from its name, tagline, domain, colour and logo
// (server/images/share-card), made once per saved brand and served under a version taken from what
// is drawn, so a social site that kept an old card fetches the new one after a rebrand.

export const SHARE_IMAGE_PATH = "/share-image.png";
/** The demo agency's own card, drawn by hand. */
export const DEMO_SHARE_IMAGE_PATH = "/images/og.png";

export function shareCardInput(brand: Brand): ShareCardInput {
  // Pages show the dark logo only with a light one (components/brand-logo), so the card does too.
  const logoId = brand.logo.light ? (brand.logo.dark ?? brand.logo.light) : null;
  return {
    name: brand.name,
    tagline: brand.tagline,
    // The demo's domain is a stranger's: a brand that kept it shows no domain rather than that one.
    domain: brand.domain === DEMO_BRAND.domain ? "" : brand.domain,
    primaryColor: brand.primaryColor,
    logoId,
    logoForDarkGround: logoId !== null && logoId === brand.logo.dark,
  };
}

const versions = new WeakMap<Brand, string>();

/** A short hash of what the card draws: the same brand gives the same address on every instance. */
export function shareImageVersion(brand: Brand): string {
  let version = versions.get(brand);
  if (!version) {
    version = createHash("sha256")
      .update(JSON.stringify(shareCardInput(brand)))
      .digest("base64url")
      .slice(0, 12);
    versions.set(brand, version);
  }
  return version;
}

/** The share image's path for pages (og:image), with its version. */
export function shareImagePath(brand: Brand): string {
  const drawsTheDemo = shareImageVersion(brand) === shareImageVersion(DEMO_BRAND);
  return drawsTheDemo ? DEMO_SHARE_IMAGE_PATH : `${SHARE_IMAGE_PATH}?v=${shareImageVersion(brand)}`;
}

const made = new WeakMap<Brand, Promise<Buffer>>();

function card(brand: Brand): Promise<Buffer> {
  let png = made.get(brand);
  if (!png) {
    png = renderShareCard(shareCardInput(brand));
    made.set(brand, png);
    // A failure is not kept: the next request tries again.
    png.catch(() => made.delete(brand));
  }
  return png;
}

const YEAR = "public, max-age=31536000, immutable";
// An address with an older version (a link shared before a rebrand) gets today's card, kept briefly.
const BRIEF = "public, max-age=300";

/** GET /share-image.png: the card of the brand in force, whatever the brand. */
export async function shareImageResponse(request: Request): Promise<Response> {
  const brand = await getBrand();
  const version = shareImageVersion(brand);
  const etag = `"share-${version}"`;
  const asked = new URL(request.url).searchParams.get("v");
  const headers: Record<string, string> = {
    "Content-Type": "image/png",
    "Cache-Control": asked === version ? YEAR : BRIEF,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const png = await card(brand);
  headers["Content-Length"] = String(png.length);
  return new Response(request.method === "HEAD" ? null : new Uint8Array(png), { headers });
}
