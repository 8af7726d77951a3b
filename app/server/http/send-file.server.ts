import type { ServerResponse } from "node:http";
import { attachmentDisposition } from "./attachment.server";
import { Readable } from "node:stream";
import { FileNotFound, type FileStore, type OpenedFile } from "~/server/storage/file-store.server";

// The private-file responder (reused by support attachments): a stored file
// streamed as an attachment the browser must not sniff, render or keep, with single byte ranges
// (206; 416 when unsatisfiable) so a broken download resumes, and the bytes' SHA-256 as a strong
// ETag (If-None-Match → 304, If-Range → the range only while the file is unchanged). The answer is
// decided once (`fileAnswer`) and written either as a Fetch Response or straight to node:http.

export interface StoredFile {
  key: string;
  /** The stored size (from the row, so no extra round trip to the store). */
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  contentType: string;
  /** The name the browser saves it as; any characters (encoded per RFC 6266 here). */
  filename: string;
}

export type ByteRangeRequest = { start: number; end: number } | "unsatisfiable" | null;

/** What to answer for a stored file: status, headers and the bytes (a range, or none). */
export interface FileAnswer {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  /** The slice to send; null with 200 for the whole file. */
  range: { start: number; end: number } | null;
  /** Whether bytes follow the headers (not for HEAD, 304 or 416). */
  hasBody: boolean;
}

export interface FileAnswerOptions {
  /** The server's own preview shown in an <img>: inline, and `private` added to `no-store`. */
  inline?: boolean;
}

/**
 * The answer to `method` with request headers read by `header`, for `file`: the one place where
 * the download headers, Range and ETag rules live, whichever path then writes it (a Fetch Response
 * for React Router, or node:http directly: decision 0040).
 */
export function fileAnswer(
  method: string,
  header: (name: string) => string | null,
  file: StoredFile,
  options: FileAnswerOptions = {},
): FileAnswer {
  const etag = `"${file.sha256}"`;
  const headers: Record<string, string> = {
    ETag: etag,
    "Accept-Ranges": "bytes",
    "Cache-Control": options.inline ? "private, no-store" : "no-store",
    "X-Content-Type-Options": "nosniff",
    // Even if something made a browser render it (an SVG, say), it runs in a sandbox with no origin.
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (!options.inline) headers["Content-Disposition"] = attachmentDisposition(file.filename);
  if (matchesEtag(header("if-none-match"), etag)) return { status: 304, headers, range: null, hasBody: false };

  const ifRange = header("if-range");
  const range = ifRange === null || ifRange.trim() === etag ? parseRange(header("range"), file.size) : null;
  if (range === "unsatisfiable") {
    headers["Content-Range"] = `bytes */${file.size}`;
    return { status: 416, headers, range: null, hasBody: false };
  }
  headers["Content-Type"] = file.contentType;
  headers["Content-Length"] = String(range ? range.end - range.start + 1 : file.size);
  if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${file.size}`;
  return { status: range ? 206 : 200, headers, range, hasBody: method !== "HEAD" };
}

/** Whether `answer` sends a download from its first byte (what gets audited; resumed slices are not). */
export function startsAtFirstByte(answer: FileAnswer): boolean {
  return answer.status === 200 || (answer.status === 206 && answer.range?.start === 0);
}

/**
 * Opens the bytes `answer` sends, or null when it sends none. Throws FileNotFound when the bytes
 * are gone (HEAD too), before any header is written, so the caller can still answer 404.
 */
export async function openAnswerBody(store: FileStore, file: StoredFile, answer: FileAnswer): Promise<OpenedFile | null> {
  if (answer.status !== 200 && answer.status !== 206) return null;
  if (!answer.hasBody) {
    if (!(await store.exists(file.key))) throw new FileNotFound(file.key);
    return null;
  }
  return store.open(file.key, answer.range ?? undefined);
}

/** `answer` with its opened body as a Fetch Response (the React Router route's half). */
export function answerResponse(answer: FileAnswer, body: OpenedFile | null, headers: HeadersInit = {}): Response {
  const all = new Headers(headers);
  for (const [name, value] of Object.entries(answer.headers)) all.set(name, value);
  return new Response(body ? (Readable.toWeb(body.stream()) as ReadableStream<Uint8Array>) : null, { status: answer.status, headers: all });
}

/**
 * Writes `answer` to a node:http response, then its bytes straight into the socket with the
 * socket's backpressure (`OpenedFile.writeTo`: reused buffers on local disk). A client that goes
 * away mid-download is not an error. Resolves once the response is ended or cut off.
 */
export async function writeAnswer(res: ServerResponse, answer: FileAnswer, body: OpenedFile | null): Promise<void> {
  res.writeHead(answer.status, answer.headers);
  if (body) {
    try {
      await body.writeTo(res);
    } finally {
      await body.close();
    }
  }
  if (!res.destroyed) res.end();
}

/**
 * Streams `file` from `store` for `request` (GET or HEAD). Returns 200, 206, 304 or 416; throws
 * FileNotFound when the bytes are gone, for the route to answer 404. `headers` are added.
 */
export async function sendStoredFile(request: Request, store: FileStore, file: StoredFile, headers: HeadersInit = {}): Promise<Response> {
  const answer = fileAnswer(request.method, (name) => request.headers.get(name), file);
  return answerResponse(answer, await openAnswerBody(store, file, answer), headers);
}

/**
 * One `bytes=` range of a file of `size` bytes (RFC 9110 §14.1.2): `a-b`, `a-` or `-n`. Null when
 * there is no usable Range header (absent, another unit, several ranges: the whole file is sent);
 * "unsatisfiable" when it starts past the end.
 */
export function parseRange(header: string | null, size: number): ByteRangeRequest {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return "unsatisfiable";
  if (end < start) return null; // a syntactically invalid range is ignored
  return { start, end };
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag;
  });
}
