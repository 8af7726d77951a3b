import { buffer } from "node:stream/consumers";
import { loadSharp } from "~/server/uploads/sharp.server";
import { variantWidths } from "~/lib/images";
import { logger } from "~/server/logger.server";
import { fileStore } from "~/server/storage/storage.server";
import { getImage } from "./images.server";
import { variantKey } from "./variants.server";

// A stored image as a PNG, for documents (the invoice PDF's logo). pdfkit draws PNG and JPEG only,
// and uploads are kept as WebP/AVIF variants (the original never leaves the store), so the
// 640-wide WebP variant is decoded again and written as a PNG fitting the box: sharp of one
// version writes the same PNG for the same pixels, so a document rendered again later (a crash
// between issue and filing) is the same. An image that cannot be read gives null: the caller
// falls back to text rather than failing the document.

export async function imageAsPng(
  imageId: string | null | undefined,
  box: { width: number; height: number },
): Promise<{ bytes: Uint8Array; type: "image/png" } | null> {
  if (!imageId) return null;
  try {
    const image = await getImage(imageId);
    if (!image) return null;
    const widths = variantWidths(image.width);
    const width = widths.find((w) => w >= 640) ?? widths[widths.length - 1]!;
    const { stream } = await fileStore().read(variantKey(imageId, width, "webp"));
    const sharp = await loadSharp();
    const png = await sharp(await buffer(stream))
      .resize({ ...box, fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { bytes: new Uint8Array(png), type: "image/png" };
  } catch (error) {
    logger.warn({ err: error, imageId }, "a stored image could not be read as a PNG for a document");
    return null;
  }
}
