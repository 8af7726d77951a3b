import { create } from "content-disposition";

// Downloads: the Content-Disposition header by the `content-disposition` package (quoting,
// escaping, RFC 8187 `filename*` for names outside ASCII), and one answer for bytes a person
// downloads, so every download route sends the same private, never-sniffed headers.

/**
 * `attachment` with the file's real name, and for a name outside ASCII a fallback without accents
 * (`Café.pdf` → `Cafe.pdf`) rather than the package's `?`, which is no file name on Windows.
 */
export function attachmentDisposition(filename: string): string {
  // A stored name is sanitised at upload; line breaks must never reach a header whatever a row holds.
  const name = filename.replace(/[\r\n\t]/g, " ").trim() || "download";
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_");
  return create(name, { fallback: ascii });
}

/** Bytes a signed-in person downloads: an attachment, private, never cached, never sniffed. */
export function attachmentResponse(
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>,
  file: { filename: string; contentType: string; size?: number },
): Response {
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Content-Disposition": attachmentDisposition(file.filename),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Robots-Tag": "noindex",
  };
  const size = file.size ?? (body instanceof Uint8Array ? body.length : undefined);
  if (size !== undefined) headers["Content-Length"] = String(size);
  return new Response(body, { headers });
}
