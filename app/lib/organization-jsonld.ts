import { formatAddress, type PublicBrand } from "./brand";
import { mediaPath, variantWidths, type LogoImages } from "./images";

let regionNames: Map<string, string> | null = null;

/** ISO 3166-1 alpha-2 code for a country as typed ("India" → "IN"), as schema.org recommends; else the text. */
export function countryCode(country: string): string {
  const trimmed = country.trim();
  if (/^[a-z]{2}$/i.test(trimmed)) return trimmed.toUpperCase();
  if (!regionNames) {
    regionNames = new Map();
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = names.of(code);
        if (name && name !== code) regionNames.set(name.toLowerCase(), code);
      }
  }
  return regionNames.get(trimmed.toLowerCase()) ?? trimmed;
}

/** The uploaded logo's largest WebP variant, else the built-in mark (Organization and JobPosting). */
export function logoUrl(baseUrl: string, logo: LogoImages | undefined): string {
  const image = logo?.light;
  if (!image) return `${baseUrl}/images/logo-mark.svg`;
  return `${baseUrl}${mediaPath(image.id, variantWidths(image.width).at(-1)!, "webp")}`;
}

export function organizationJsonLd(baseUrl: string, brand: PublicBrand, logo?: LogoImages) {
  const { address } = brand;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: brand.name,
    ...(brand.legalName && brand.legalName !== brand.name ? { legalName: brand.legalName } : {}),
    url: baseUrl,
    logo: logoUrl(baseUrl, logo),
    ...(brand.emails.info ? { email: brand.emails.info } : {}),
    ...(brand.phone ? { telephone: brand.phone } : {}),
    // An agency without a postal address set (a new install after setup) has none in the data either.
    ...(formatAddress(brand)
      ? {
          address: {
            "@type": "PostalAddress",
            streetAddress: address.street,
            addressLocality: address.city,
            addressRegion: address.region,
            postalCode: address.postalCode,
            addressCountry: countryCode(address.country),
          },
        }
      : {}),
    sameAs: Object.values(brand.social).filter(Boolean),
  };
}

/** JSON for a <script> data block: "<" escaped so content can never close the tag. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
