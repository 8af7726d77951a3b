// Uploaded images as both sides see them: the widths their variants are made at, the public URLs
// of those variants, and the limits the upload form words. The server makes the files
// (app/server/images/); <Picture> (app/components/picture.tsx) shows them.

/** The widths variants are made at; an image narrower than one gets its own width instead (never upscaled). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
/** Square PNG favicons made from a logo: the tab icon and the apple-touch icon. */
export const ICON_SIZES = [32, 180] as const;
export type IconSize = (typeof ICON_SIZES)[number];

/** 5 MB as SPEC and formatBytes count them (5 × 1024 × 1024 bytes). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Decoded size limit (decompression bombs): 40 megapixels, e.g. 8000 × 5000. */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const ACCEPTED_IMAGES_TEXT = "PNG, JPEG, WebP or SVG, at most 5 MB.";

export const IMAGE_KINDS = ["logo", "content"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** What a page needs to show a stored image without layout shift. */
export interface ImageInfo {
  id: string;
  width: number;
  height: number;
  alt: string;
}

/** The brand's uploaded logos as pages get them (root loader); null: the built-in artwork. */
export interface LogoImages {
  light: ImageInfo | null;
  dark: ImageInfo | null;
}

/** The variant widths of an image `width` pixels wide, smallest first. */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < largest);
  if (largest > 0) widths.push(largest);
  return widths;
}

/** The public URL of one variant. Ids are never reused and variants never change: the URL is immutable. */
export function mediaPath(id: string, width: number, format: ImageFormat): string {
  return `/media/${id}-${width}.${format}`;
}

export function iconPath(id: string, size: IconSize): string {
  return `/media/${id}-icon-${size}.png`;
}

/** `srcset` of an image's variants in `format`. */
export function srcSet(image: Pick<ImageInfo, "id" | "width">, format: ImageFormat): string {
  return variantWidths(image.width)
    .map((w) => `${mediaPath(image.id, w, format)} ${w}w`)
    .join(", ");
}

/** The variant file a /media name asks for, or null when the name is not one we make. */
export function parseMediaName(name: string): { id: string; variant: { width: number; format: ImageFormat } | { icon: IconSize } } | null {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(?:(\d{2,4})\.(avif|webp)|icon-(\d{2,3})\.png)$/.exec(
    name,
  );
  if (!match) return null;
  const [, id, width, format, icon] = match;
  if (icon !== undefined) {
    const size = Number(icon);
    return (ICON_SIZES as readonly number[]).includes(size) ? { id: id!, variant: { icon: size as IconSize } } : null;
  }
  const w = Number(width);
  if (!Number.isInteger(w) || w < 1 || w > IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!) return null;
  return { id: id!, variant: { width: w, format: format as ImageFormat } };
}
