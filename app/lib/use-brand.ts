import { useRouteLoaderData } from "react-router";
import { DEMO_BRAND, type PublicBrand } from "./brand";
import type { LogoImages } from "./images";

/**
 * The brand from the root loader. Falls back to the demo brand only where the root loader has no
 * data (an error thrown by the root loader itself).
 */
export function useBrand(): PublicBrand {
  const data = useRouteLoaderData("root") as { brand?: PublicBrand } | undefined;
  return data?.brand ?? DEMO_BRAND;
}

/** For `meta` functions: the brand from the matches React Router passes them. */
export function brandFromMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): PublicBrand {
  const root = matches.find((m) => m?.id === "root")?.data as { brand?: PublicBrand } | undefined;
  return root?.brand ?? DEMO_BRAND;
}

/** The uploaded logos from the root loader, if any (undefined where the root loader has no data). */
export function useLogo(): LogoImages | undefined {
  const data = useRouteLoaderData("root") as { logo?: LogoImages } | undefined;
  return data?.logo;
}
