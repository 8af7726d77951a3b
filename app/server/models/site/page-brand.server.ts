import { publicBrand, type Brand, type PublicBrand } from "~/lib/brand";
import { brandPaletteCss } from "~/lib/brand-palette";
import type { LogoImages } from "~/lib/images";
import { brandLogos } from "./logo.server";
import { DEMO_SHARE_IMAGE_PATH, shareImagePath } from "./share-image.server";

// What the root loader sends about the brand, made once per stored brand instead of on every page
// render. The brand cache (brand/brand.server.ts) hands out one object until `site.changed` drops
// it, here or through the PostgreSQL bus on any instance, so an entry keyed by that object goes
// with it: nothing to invalidate here.

export interface PageBrand {
  brand: PublicBrand;
  /** The uploaded logos; undefined for the built-in artwork. */
  logo?: LogoImages;
  /** The palette's CSS; undefined for the default colour (app.css has it). */
  palette?: string;
  /** The share image's path (og:image); undefined for the demo brand's own card. */
  shareImage?: string;
}

const made = new WeakMap<Brand, PageBrand>();

export async function pageBrand(brand: Brand): Promise<PageBrand> {
  const known = made.get(brand);
  if (known) return known;
  const logo = await brandLogos(brand);
  const uploaded = logo.light || logo.dark ? logo : undefined;
  const palette = brandPaletteCss(brand.primaryColor);
  const shareImage = shareImagePath(brand);
  const page: PageBrand = {
    brand: publicBrand(brand),
    ...(uploaded ? { logo: uploaded } : {}),
    ...(palette ? { palette } : {}),
    ...(shareImage === DEMO_SHARE_IMAGE_PATH ? {} : { shareImage }),
  };
  // A logo whose image row is not readable yet (getImage keeps no miss) is asked for again next time.
  const complete = (!brand.logo.light || logo.light) && (!brand.logo.dark || logo.dark);
  if (complete) made.set(brand, page);
  return page;
}
