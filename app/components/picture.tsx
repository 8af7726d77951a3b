import { mediaPath, srcSet, variantWidths, type ImageInfo } from "~/lib/images";

interface PictureProps {
  image: ImageInfo;
  /** The `sizes` attribute: how wide the image shows, e.g. "(min-width: 768px) 50vw, 100vw"; by default its shown width. */
  sizes?: string;
  /** Shown height in CSS pixels; the width follows the image's ratio. Without it, width/height are the image's own. */
  height?: number;
  className?: string;
  /** Classes of the <img> itself (its shown size and shape: the <picture> is only its wrapper). */
  imgClassName?: string;
  /** The page's likely largest paint: fetched first. */
  priority?: boolean;
  /** Below the fold: let the browser fetch it when it comes near. */
  lazy?: boolean;
  /** Overrides the stored alt text (e.g. "" where a caption or the link text says it already). */
  alt?: string;
}

/**
 * A stored image (app/server/images/) as <picture>: AVIF first, WebP otherwise, each a `srcset`
 * of the server-made widths, with width and height so the page never shifts as it loads.
 */
export function Picture({ image, sizes, height, className, imgClassName, priority, lazy = false, alt }: PictureProps) {
  const widths = variantWidths(image.width);
  const shownHeight = height ?? image.height;
  const shownWidth = height ? Math.round((image.width * height) / image.height) : image.width;
  sizes ??= `${shownWidth}px`;
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={sizes} />
      {/* The preflight's img { max-width: 100%; height: auto } keeps the ratio when it must shrink. */}
      <img
        src={mediaPath(image.id, widths[widths.length - 1]!, "webp")}
        alt={alt ?? image.alt}
        width={shownWidth}
        height={shownHeight}
        loading={lazy ? "lazy" : undefined}
        fetchPriority={priority ? "high" : undefined}
        className={imgClassName}
      />
    </picture>
  );
}
