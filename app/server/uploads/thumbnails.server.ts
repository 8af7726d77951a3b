import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { loadSharp } from "./sharp.server";
import { THUMBNAIL_KINDS, type FileKind } from "~/lib/file-kinds";
import { logger } from "~/server/logger.server";
import type { FileStore } from "~/server/storage/file-store.server";
import { tempFileName } from "~/server/storage/temp-files.server";

// Server-made previews ("never the original served inline"): a small WebP re-encoded by
// sharp from the decoded pixels, so nothing of the original file's bytes (metadata, appended data)
// reaches the page. Stored under its own key beside the original; served by the thumbnail routes.

export const THUMBNAIL_SIZE = 320;
export const THUMBNAIL_CONTENT_TYPE = "image/webp";
const MAX_INPUT_PIXELS = 100_000_000; // decompression bombs: 10,000 × 10,000 at most
const TIMEOUT_SECONDS = 20;

/** Whether files of `kind` get a thumbnail. */
export function hasThumbnail(kind: string): boolean {
  return THUMBNAIL_KINDS.has(kind as FileKind);
}

/**
 * Renders a WebP thumbnail (at most 320 × 320, first frame, EXIF orientation applied, metadata
 * dropped) of the image at `sourcePath` into a new temp file in `store.tempDir()`. Returns its
 * path, or null when `kind` gets none or the image cannot be rendered (the upload still succeeds).
 * The caller stores it with `store.putFromFile(key, path, THUMBNAIL_CONTENT_TYPE)` or removes it.
 */
export async function renderThumbnail(sourcePath: string, kind: string, store: FileStore): Promise<string | null> {
  if (!hasThumbnail(kind)) return null;
  const target = path.join(store.tempDir(), tempFileName("part"));
  try {
    const sharp = await loadSharp();
    await sharp(sourcePath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 70, effort: 2 })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toFile(target);
    if ((await stat(target)).size === 0) throw new Error("empty thumbnail");
    return target;
  } catch (error) {
    await rm(target, { force: true });
    logger.warn({ err: error, kind }, "thumbnail could not be made");
    return null;
  }
}

/** The thumbnail's key for an original stored at `key`. */
export function thumbnailKey(key: string): string {
  return `${key}.thumb.webp`;
}
