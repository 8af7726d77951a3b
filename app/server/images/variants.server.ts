import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Sharp } from "sharp";
import { loadSharp } from "~/server/uploads/sharp.server";
import { ICON_SIZES, IMAGE_MAX_PIXELS, IMAGE_WIDTHS, variantWidths, type IconSize, type ImageFormat } from "~/lib/images";
import type { FileStore } from "~/server/storage/file-store.server";
import { tempFileName } from "~/server/storage/temp-files.server";
import type { SourceFormat } from "./image-check.server";

// The files made from one upload, all re-encoded from decoded pixels (no byte of the original
// reaches a visitor: metadata, appended data and SVG script are gone). An SVG is rasterised from a
// buffer, never a path: librsvg then has no base to resolve `href`s against, so it loads no other
// file and nothing from the network (decision 0069).

const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
const TALLEST = LARGEST * 4;
const TIMEOUT_SECONDS = 30;

export interface MadeFile {
  key: string;
  tempPath: string;
  contentType: string;
}

export const imageFolder = (id: string) => `images/${id}`;
export const originalKey = (id: string) => `${imageFolder(id)}/original`;
export const variantKey = (id: string, width: number, format: ImageFormat) => `${imageFolder(id)}/${width}.${format}`;
export const iconKey = (id: string, size: IconSize) => `${imageFolder(id)}/icon-${size}.png`;

const CONTENT_TYPES: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp" };

/**
 * Decodes the upload once into a lossless master at most 1280 wide (4 × that tall), then writes
 * each variant (and, for logos, the favicons) to temp files in `store.tempDir()`. Throws when the
 * image cannot be decoded; the caller removes the returned temp files.
 */
export async function makeVariants(
  sourcePath: string,
  format: SourceFormat,
  store: FileStore,
  id: string,
  { icons = false } = {},
): Promise<{ width: number; height: number; files: MadeFile[] }> {
  const sharp = await loadSharp();
  const master = await decodeMaster(sourcePath, format);
  const { width = 0, height = 0 } = await sharp(master).metadata();
  if (width < 1 || height < 1) throw new Error("image has no pixels");
  const files: MadeFile[] = [];
  const write = async (key: string, contentType: string, pipeline: Sharp) => {
    const tempPath = path.join(store.tempDir(), tempFileName("part"));
    files.push({ key, tempPath, contentType });
    await pipeline.timeout({ seconds: TIMEOUT_SECONDS }).toFile(tempPath);
  };
  try {
    for (const w of variantWidths(width)) {
      const resized = () => sharp(master).resize({ width: w, withoutEnlargement: true });
      await write(variantKey(id, w, "webp"), CONTENT_TYPES.webp, resized().webp({ quality: 80, effort: 4 }));
      await write(variantKey(id, w, "avif"), CONTENT_TYPES.avif, resized().avif({ quality: 55, effort: 2 }));
    }
    if (icons) {
      for (const size of ICON_SIZES) {
        // iOS shows a transparent apple-touch icon on black: that one gets a white ground.
        const background = size === 180 ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
        const icon = sharp(master).resize(size, size, { fit: "contain", background });
        await write(iconKey(id, size), "image/png", size === 180 ? icon.flatten({ background }).png() : icon.png());
      }
    }
  } catch (error) {
    await Promise.all(files.map((f) => rm(f.tempPath, { force: true })));
    throw error;
  }
  return { width, height, files };
}

async function decodeMaster(sourcePath: string, format: SourceFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" as const, animated: false };
  let input: Sharp;
  if (format === "svg") {
    const bytes = await readFile(sourcePath);
    const meta = await sharp(bytes, options).metadata();
    // Drawn so its longer side is 1280 px: a logo's SVG is often only a few dozen "pixels" wide.
    const longer = Math.max(meta.width ?? 1, meta.height ?? 1);
    const density = Math.min(Math.max((72 * LARGEST) / longer, 1), 10_000);
    input = sharp(bytes, { ...options, density });
  } else {
    input = sharp(sourcePath, options).rotate();
  }
  return input
    .resize({ width: LARGEST, height: TALLEST, fit: "inside", withoutEnlargement: true })
    .png({ compressionLevel: 1 })
    .timeout({ seconds: TIMEOUT_SECONDS })
    .toBuffer();
}
