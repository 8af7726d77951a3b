import { iconPath } from "~/lib/images";
import { useLogo } from "~/lib/use-brand";

/**
 * The favicons: made from the uploaded logo when there is one, the built-in artwork otherwise.
 * Rendered in the document's <head> by root.tsx's Layout, since `links` cannot read loader data;
 * the error page (no loader data) gets the built-in ones.
 */
export function FaviconLinks() {
  const logo = useLogo();
  if (logo?.light) {
    return (
      <>
        <link rel="icon" href={iconPath(logo.light.id, 32)} type="image/png" sizes="32x32" />
        <link rel="apple-touch-icon" href={iconPath(logo.light.id, 180)} />
      </>
    );
  }
  return (
    <>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
    </>
  );
}
