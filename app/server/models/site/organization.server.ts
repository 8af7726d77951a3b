import { publicBrand } from "~/lib/brand";
import { organizationJsonLd, serializeJsonLd } from "~/lib/organization-jsonld";
import { getBrand } from "~/server/brand/brand.server";
import { getEnv } from "~/server/env.server";
import { brandLogos } from "./logo.server";

/** The Organization JSON-LD as the home page carries it: the brand and its uploaded logo, if any. */
export async function organizationJsonLdFor(): Promise<string> {
  const brand = await getBrand();
  const logo = await brandLogos(brand);
  return serializeJsonLd(organizationJsonLd(getEnv().APP_URL, publicBrand(brand), logo.light || logo.dark ? logo : undefined));
}
