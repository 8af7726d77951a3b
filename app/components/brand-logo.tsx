import type { LogoImages } from "~/lib/images";
import { useLogo } from "~/lib/use-brand";
import { Picture } from "./picture";

/**
 * The agency's uploaded logo at `height` CSS pixels, or null when none is uploaded (the caller
 * shows the built-in artwork). The dark variant shows under `.dark` by CSS alone, so a stored dark
 * theme never flashes the light logo; without one, the light logo shows in both themes.
 */
export function BrandLogo({
  logo,
  height,
  alt,
  lazy = false,
}: {
  logo: LogoImages | undefined;
  height: number;
  alt?: string;
  lazy?: boolean;
}) {
  if (!logo?.light) return null;
  const sizes = `${Math.ceil((logo.light.width * height) / logo.light.height)}px`;
  if (!logo.dark) return <Picture image={logo.light} sizes={sizes} height={height} alt={alt} lazy={lazy} className="flex" />;
  const darkSizes = `${Math.ceil((logo.dark.width * height) / logo.dark.height)}px`;
  return (
    <>
      <Picture image={logo.light} sizes={sizes} height={height} alt={alt} lazy={lazy} className="flex dark:hidden" />
      {/* Lazy: a hidden lazy image is not fetched, so the light theme never downloads it. */}
      <Picture image={logo.dark} sizes={darkSizes} height={height} alt={alt} lazy className="hidden dark:flex" />
    </>
  );
}

/** The header's mark: the uploaded logo (its alt text names the agency), or the built-in mark and `name`. */
export function SiteMark({ name, height }: { name: string; height: number }) {
  const logo = useLogo();
  if (logo?.light) return <BrandLogo logo={logo} height={height} />;
  return (
    <>
      <img src="/images/logo-mark.svg" alt="" width={height} height={height} />
      <span>{name}</span>
    </>
  );
}
