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
  return (
    <>
      <Picture image={logo.light} height={height} alt={alt} lazy={lazy} className={logo.dark ? "flex dark:hidden" : "flex"} />
      {/* Lazy: a hidden lazy image is not fetched, so the light theme never downloads it. */}
      {logo.dark ? <Picture image={logo.dark} height={height} alt={alt} lazy className="hidden dark:flex" /> : null}
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
