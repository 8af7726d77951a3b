import { readFile } from "node:fs/promises";
import { loadSharp } from "~/server/uploads/sharp.server";
import { ACCEPTED_IMAGES_TEXT, IMAGE_MAX_PIXELS } from "~/lib/images";
import { refusalMessage, sniffFileKind } from "~/server/uploads/file-kinds.server";

// Which uploads are images we take, decided from the bytes with the workspace's sniffer
// (executables, polyglots and HTML are refused there), then narrowed to the formats we rasterise.
// GIF is refused (animation would be lost silently); AVIF is not accepted as an upload yet, since
// the shared sniffer does not recognise it (it is only an output format here).

export type SourceFormat = "png" | "jpeg" | "webp" | "svg";

export const SOURCE_CONTENT_TYPES: Record<SourceFormat, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  svg: "image/svg+xml",
};

export type ImageCheck = { ok: true; format: SourceFormat } | { ok: false; message: string };

/** The image format of the file at `filePath` from its bytes, or the reason it is refused. `name` is sanitised. */
export async function checkImage(filePath: string, name: string): Promise<ImageCheck> {
  const verdict = await sniffFileKind(filePath, name);
  if (!verdict.ok) {
    return { ok: false, message: refusalMessage(verdict.reason, name, ACCEPTED_IMAGES_TEXT) };
  }
  const format = verdict.kind;
  if (format === "svg") {
    const text = await readFile(filePath, "utf8");
    // Entities are how an SVG pulls in other files or grows without bound (billion laughs).
    if (/<!ENTITY/i.test(text))
      return { ok: false, message: `“${name}” declares XML entities; save it as a plain SVG and upload it again.` };
    return { ok: true, format };
  }
  if (format !== "png" && format !== "jpeg" && format !== "webp") return notAnImage(name);
  const sharp = await loadSharp();
  const meta = await sharp(filePath).metadata();
  if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) return tooManyPixels(name);
  return { ok: true, format };
}

export function notAnImage(name: string): { ok: false; message: string } {
  return { ok: false, message: refusalMessage("type", name, ACCEPTED_IMAGES_TEXT) };
}

export function tooManyPixels(name: string): { ok: false; message: string } {
  return {
    ok: false,
    message: `“${name}” has more than ${IMAGE_MAX_PIXELS / 1_000_000} million pixels; make it smaller and upload it again.`,
  };
}
