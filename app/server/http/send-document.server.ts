import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";

/**
 * Compression of pages rendered per request (signed in, query strings): one call on the whole
 * page, which entry.server.tsx renders into one buffer, instead of compression's stream. The
 * fastest settings: on a 20 kB page brotli 1 takes 0.11 ms against 0.37 ms at quality 3 (~6% of a
 * render's CPU) for 8% more bytes; gzip 1 likewise against level 4. Cached pages are compressed
 * once at the top settings (html-cache.server.ts); assets at build time.
 */
const BROTLI_DYNAMIC = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const GZIP_DYNAMIC = { level: 1 };
const MIN_COMPRESS_BYTES = 1024;

export type Encoding = "br" | "gzip" | "identity";

const encodingMemo = new Map<string, Encoding>();

/** The coding to send for an Accept-Encoding header (RFC 9110 §12.5.3; q=0 refuses a coding). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const known = encodingMemo.get(acceptEncoding);
  if (known !== undefined) return known;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.split(";");
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name!.trim().toLowerCase(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get("*") ?? 0) > 0;
  const chosen: Encoding = accepts("br") ? "br" : accepts("gzip") || (q.get("x-gzip") ?? 0) > 0 ? "gzip" : "identity";
  // Browsers send a handful of distinct values; anything else is not remembered.
  if (encodingMemo.size < 64) encodingMemo.set(acceptEncoding, chosen);
  return chosen;
}

/** Response headers the body's coding decides, never copied from the app's response. */
const SKIPPED = new Set(["content-length", "content-encoding", "transfer-encoding"]);

/** Whether a response is a whole rendered document (see entry.server.tsx), not a stream. */
export function isBufferedDocument(response: Response): boolean {
  return (
    response.body !== null && response.headers.has("content-length") && (response.headers.get("content-type") ?? "").startsWith("text/html")
  );
}

/**
 * Whether a response is React Router's single-fetch data (`.data`: loader data on navigation,
 * action results). No route defers data, so it is complete once its loaders or action ran; sent
 * whole, it is compressed only when over 1 kB — most are a few hundred bytes, which a streaming
 * compressor (a brotli encoder per response) would cost more CPU and memory to shrink than they weigh.
 */
export function isSingleFetchData(response: Response): boolean {
  return response.body !== null && (response.headers.get("content-type") ?? "").startsWith("text/x-script");
}

/** The bytes of each document response made by `documentResponse`, while the response lives. */
const documentBytes = new WeakMap<Response, Buffer>();

/**
 * A whole rendered page as a Response, its bytes kept at hand for `bodyOf`: reading them back
 * through the Fetch body stream copied them once more and cost about 3% of a large page's CPU.
 * The body is a stream that hands over the same buffer if anyone reads it: given the buffer
 * itself, the Response constructor copies it (WebIDL's BufferSource rule).
 */
export function documentResponse(body: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
  const response = new Response(stream, init);
  documentBytes.set(response, body);
  return response;
}

/** A buffered response's body: the document's own bytes, or the body stream read to its end. */
export async function bodyOf(response: Response): Promise<Buffer> {
  return documentBytes.get(response) ?? Buffer.from(await response.arrayBuffer());
}

/** Sends a whole document, compressed for the request's Accept-Encoding. */
export function sendDocument(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Iterable<[string, string]>,
  body: Buffer,
): void {
  res.statusCode = status;
  let vary = "Accept-Encoding";
  const cookies: string[] = [];
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (SKIPPED.has(lower)) continue;
    if (lower === "vary") vary = /accept-encoding/i.test(value) ? value : `${value}, Accept-Encoding`;
    else if (lower === "set-cookie") cookies.push(value);
    else res.setHeader(name, value);
  }
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  res.setHeader("Vary", vary);
  let bytes = body;
  if (body.length >= MIN_COMPRESS_BYTES) {
    const coding = chooseEncoding(req.headers["accept-encoding"]);
    if (coding === "br") bytes = zlib.brotliCompressSync(body, BROTLI_DYNAMIC);
    else if (coding === "gzip") bytes = zlib.gzipSync(body, GZIP_DYNAMIC);
    if (coding !== "identity") res.setHeader("Content-Encoding", coding);
  }
  res.setHeader("Content-Length", bytes.length);
  res.end(req.method === "HEAD" ? undefined : bytes);
}
