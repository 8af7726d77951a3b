import { Readable } from "node:stream";
import { parseMediaName } from "~/lib/images";
import { FileNotFound } from "~/server/storage/file-store.server";
import { fileStore, type FileStore } from "~/server/storage/storage.server";
import { iconKey, variantKey } from "./variants.server";

// The public answer for /media/<name>: a variant made by the server, never the original. The name
// holds the image id, and ids and variants never change, so browsers and proxies keep it a year.

const IMMUTABLE = "public, max-age=31536000, immutable";

export async function mediaResponse(request: Request, name: string, store: FileStore = fileStore()): Promise<Response> {
  const parsed = parseMediaName(name);
  if (!parsed) return notFound();
  const key =
    "icon" in parsed.variant ? iconKey(parsed.id, parsed.variant.icon) : variantKey(parsed.id, parsed.variant.width, parsed.variant.format);
  const contentType = "icon" in parsed.variant ? "image/png" : parsed.variant.format === "avif" ? "image/avif" : "image/webp";
  const etag = `"${name}"`;
  const headers = {
    "Content-Type": contentType,
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  try {
    if (request.headers.get("if-none-match") === etag) {
      if (!(await store.exists(key))) return notFound();
      return new Response(null, { status: 304, headers });
    }
    const opened = await store.open(key);
    if (request.method === "HEAD") {
      await opened.close();
      return new Response(null, { headers: { ...headers, "Content-Length": String(opened.size) } });
    }
    return new Response(Readable.toWeb(opened.stream()) as ReadableStream<Uint8Array>, {
      headers: { ...headers, "Content-Length": String(opened.size) },
    });
  } catch (error) {
    if (error instanceof FileNotFound) return notFound();
    throw error;
  }
}

function notFound(): Response {
  return new Response("Not found.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
