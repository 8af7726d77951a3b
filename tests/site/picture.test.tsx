import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { BrandLogo } from "~/components/brand-logo";
import { Picture } from "~/components/picture";

const image = { id: "0b4ad4a4-3c55-4e5e-9d0e-1b1f8d1b2c3d", width: 700, height: 350, alt: "A kite over a bay" };

test("<Picture> offers AVIF then WebP srcsets with sizes, and an img with width, height and alt", () => {
  const html = renderToStaticMarkup(<Picture image={image} sizes="(min-width: 768px) 50vw, 100vw" lazy />);
  const avif = `/media/${image.id}-320.avif 320w, /media/${image.id}-640.avif 640w, /media/${image.id}-700.avif 700w`;
  expect(html).toContain(`<source type="image/avif" srcSet="${avif}" sizes="(min-width: 768px) 50vw, 100vw"/>`);
  expect(html.indexOf("image/avif")).toBeLessThan(html.indexOf("image/webp"));
  expect(html).toContain(`src="/media/${image.id}-700.webp"`);
  expect(html).toContain('alt="A kite over a bay"');
  expect(html).toContain('width="700" height="350"');
  expect(html).toContain('loading="lazy"');
});

test("<Picture> at a fixed height keeps the image's ratio in its width and height attributes", () => {
  const html = renderToStaticMarkup(<Picture image={image} sizes="64px" height={32} />);
  expect(html).toContain('width="64" height="32"');
  expect(html).not.toContain("loading=");
});

test("The logo shows the dark variant only under .dark, by CSS, and the hidden one is lazy", () => {
  const dark = { ...image, id: "1b4ad4a4-3c55-4e5e-9d0e-1b1f8d1b2c3d" };
  const html = renderToStaticMarkup(<BrandLogo logo={{ light: image, dark }} height={32} />);
  expect(html).toMatch(/<picture class="flex dark:hidden">.*0b4ad4a4/);
  expect(html).toMatch(/<picture class="hidden dark:flex">.*1b4ad4a4.*loading="lazy"/);
  expect(renderToStaticMarkup(<BrandLogo logo={{ light: null, dark }} height={32} />)).toBe("");
});
