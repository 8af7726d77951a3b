/** Larger than any of our forms; resumes are streamed by their own parser, never through here. */
export const FORM_MAX_BYTES = 1024 * 1024;

const FORM_TYPES = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

const refuse = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw refuse(413, "The form is too large.");
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The form a UI action was posted. Anything else (JSON, text, a multipart body without its
 * boundary or cut short, more than FORM_MAX_BYTES) is the client's mistake and is answered 4xx,
 * never 500, and a huge body is not read to its end (fuzzing).
 */
export async function readForm(request: Request, maxBytes = FORM_MAX_BYTES): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.test(type)) throw refuse(415, "Expected a form.");
  if (Number(request.headers.get("content-length")) > maxBytes) throw refuse(413, "The form is too large.");
  const bytes = await readCapped(request, maxBytes);
  try {
    return await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw refuse(400, "The form could not be read.");
  }
}

/** A body exactly as sent (a signed webhook's), refused with 413 past `maxBytes` without reading it all. */
export async function readRawBody(request: Request, maxBytes = FORM_MAX_BYTES): Promise<Buffer> {
  if (Number(request.headers.get("content-length")) > maxBytes) throw refuse(413, "The body is too large.");
  const bytes = await readCapped(request, maxBytes);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
