import { createWriteStream } from "node:fs";
import { rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Refusal } from "~/lib/refusal";
import { formatBytes } from "~/lib/file-kinds";
import { ICON_SIZES, iconPath, IMAGE_MAX_BYTES, mediaPath, srcSet, variantWidths, type ImageInfo, type ImageKind } from "~/lib/images";
import { newId } from "~/lib/ids";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { logger } from "~/server/logger.server";
import { fileStore, type FileStore } from "~/server/storage/storage.server";
import { tempFileName } from "~/server/storage/temp-files.server";
import { sanitizeFileName } from "~/server/uploads/file-kinds.server";
import { storedFilesIntent } from "~/server/uploads/resume-intents.server";
import { checkImage, SOURCE_CONTENT_TYPES } from "./image-check.server";
import { makeVariants, originalKey } from "./variants.server";

/*
 * Uploaded images: the API other features call (brand logo; later services, case studies, logos).
 *
 *   storeImage({ bytes | stream | tempPath, filename, alt, actor, kind }) → { id, width, height }
 *     Checks the bytes (PNG, JPEG, WebP or SVG; at most 5 MB, 40 megapixels; alt text required),
 *     makes WebP and AVIF variants at 320/640/960/1280 px (never wider than the image: a narrower
 *     one gets its own width), favicons for kind "logo", stores them with the private original in
 *     the file store, then the `images` row. Throws `Refusal("invalid", reason, { field })` with
 *     field "file" or "alt" for bad input; nothing is kept then. A `tempPath` is consumed.
 *   getImage(id) → ImageInfo | undefined        (cached: rows never change)
 *   imageUrls(id) → ImageUrls | undefined        srcsets and the favicon URLs, for pages and mails
 *
 * Variants are public at /media/<id>-<width>.<avif|webp> (and /media/<id>-icon-<32|180>.png),
 * immutable; <Picture> (app/components/picture.tsx) renders them from an ImageInfo.
 */

export interface StoreImageInput {
  bytes?: Uint8Array;
  stream?: Readable;
  /** A file already received into `store.tempDir()` (a parsed upload); moved or removed. */
  tempPath?: string;
  filename: string;
  alt: string;
  actor: { id: string } | null;
  kind: ImageKind;
}

export interface ImageUrls extends ImageInfo {
  avifSrcSet: string;
  webpSrcSet: string;
  /** The largest WebP, for places that take one URL (Open Graph, mails). */
  src: string;
  /** Favicons, for logos only. */
  icons: { size: number; href: string }[];
}

export const ALT_MAX = 300;

export async function storeImage(
  input: StoreImageInput,
  store: FileStore = fileStore(),
): Promise<{ id: string; width: number; height: number }> {
  const name = sanitizeFileName(input.filename || "image");
  const alt = input.alt.trim().replace(/\s+/g, " ");
  const tempPath = await receive(input, store, name);
  const intent = storedFilesIntent(store);
  const stored: string[] = [];
  const made: string[] = [];
  try {
    if (!alt)
      throw new Refusal("invalid", "Describe the image in a few words (alt text): people who cannot see it hear this instead.", {
        field: "alt",
      });
    if (alt.length > ALT_MAX) throw new Refusal("invalid", `Keep the alt text under ${ALT_MAX} characters.`, { field: "alt" });
    const size = (await stat(tempPath)).size;
    if (size === 0) throw new Refusal("invalid", `“${name}” is empty.`, { field: "file" });
    const check = await checkImage(tempPath, name);
    if (!check.ok) throw new Refusal("invalid", check.message, { field: "file" });
    const id = newId();
    const variants = await makeVariants(tempPath, check.format, store, id, { icons: input.kind === "logo" }).catch((error: unknown) => {
      logger.info({ err: error }, "image could not be decoded");
      throw new Refusal("invalid", `“${name}” could not be read as an image.`, { field: "file" });
    });
    made.push(...variants.files.map((f) => f.tempPath));
    const keys = [originalKey(id), ...variants.files.map((f) => f.key)];
    // A crash between the files and the row leaves files no row names: the intent lets the
    // next start delete them (recoverResumeIntents in server/app.ts).
    await intent.note(keys);
    for (const file of variants.files) {
      await store.putFromFile(file.key, file.tempPath, file.contentType);
      stored.push(file.key);
    }
    await store.putFromFile(originalKey(id), tempPath, SOURCE_CONTENT_TYPES[check.format]);
    stored.push(originalKey(id));
    await writeTransaction((trx) =>
      trx
        .insertInto("images")
        .values({
          id,
          kind: input.kind,
          alt,
          width: variants.width,
          height: variants.height,
          originalType: SOURCE_CONTENT_TYPES[check.format],
          originalSize: size,
          createdBy: input.actor?.id ?? null,
          createdAt: Date.now(),
        })
        .execute(),
    );
    await intent.clear();
    return { id, width: variants.width, height: variants.height };
  } catch (error) {
    await Promise.all(stored.map((key) => store.delete(key).catch((e: unknown) => logger.error({ err: e, key }, "image cleanup failed"))));
    await intent.clear();
    throw error;
  } finally {
    await Promise.all([tempPath, ...made].map((file) => rm(file, { force: true })));
  }
}

/** The input as a temp file, its size capped while it streams (never buffered beyond the cap). */
async function receive(input: StoreImageInput, store: FileStore, name: string): Promise<string> {
  if (input.tempPath) return input.tempPath;
  const tempPath = path.join(store.tempDir(), tempFileName("part"));
  const tooLarge = () =>
    new Refusal("invalid", `“${name}” is larger than ${formatBytes(IMAGE_MAX_BYTES)}, the limit for an image.`, { field: "file" });
  try {
    if (input.bytes) {
      if (input.bytes.byteLength > IMAGE_MAX_BYTES) throw tooLarge();
      await writeFile(tempPath, input.bytes, { flag: "wx", mode: 0o600 });
      return tempPath;
    }
    if (!input.stream) throw new Refusal("invalid", "Choose an image to upload.", { field: "file" });
    let total = 0;
    const cap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        total += chunk.length;
        callback(total > IMAGE_MAX_BYTES ? tooLarge() : null, chunk);
      },
    });
    await pipeline(input.stream, cap, createWriteStream(tempPath, { flags: "wx", mode: 0o600 }));
    return tempPath;
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
}

// Rows never change after they are written, so a found image is kept (bounded).
const cache = new Map<string, Promise<ImageInfo | undefined>>();
const CACHE_MAX = 500;

export function getImage(id: string): Promise<ImageInfo | undefined> {
  let found = cache.get(id);
  if (!found) {
    found = db()
      .selectFrom("images")
      .select(["id", "width", "height", "alt"])
      .where("id", "=", id)
      .executeTakeFirst()
      .then((row) => (row ? { id: row.id, width: Number(row.width), height: Number(row.height), alt: row.alt } : undefined));
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(id, found);
    // A miss or a failed read is not kept: the row may commit a moment later.
    void found.then(
      (image) => image || cache.delete(id),
      () => cache.delete(id),
    );
  }
  return found;
}

/** The image's kind, for callers that accept only one (a logo must be a logo). */
export async function imageKind(id: string): Promise<string | undefined> {
  const row = await db().selectFrom("images").select("kind").where("id", "=", id).executeTakeFirst();
  return row?.kind;
}

export async function imageUrls(id: string): Promise<ImageUrls | undefined> {
  const image = await getImage(id);
  if (!image) return undefined;
  const widths = variantWidths(image.width);
  const kind = await imageKind(id);
  return {
    ...image,
    avifSrcSet: srcSet(image, "avif"),
    webpSrcSet: srcSet(image, "webp"),
    src: mediaPath(image.id, widths[widths.length - 1]!, "webp"),
    icons: kind === "logo" ? ICON_SIZES.map((size) => ({ size, href: iconPath(id, size) })) : [],
  };
}

/** Whether the image a stored key belongs to has its row (startup recovery of a crashed upload). */
export async function isImageKeyReferenced(key: string): Promise<boolean> {
  const id = /^images\/([\w-]+)\//.exec(key)?.[1];
  if (!id) return false;
  return Boolean(await db().selectFrom("images").select("id").where("id", "=", id).executeTakeFirst());
}

/** Drops the cache (tests). */
export function forgetImages(): void {
  cache.clear();
}
