import path from "node:path";
import type { Readable, Writable } from "node:stream";

// The private file store's contract (docs/security.md "Uploads"), shared by the local and S3
// backends.

export interface FileStore {
  /** Atomically stores the file at `key` from a local temp file path, consuming (moving) that file.
   *  Never overwrites: throws `KeyExists` if something is already stored at `key`. */
  putFromFile(key: string, tempPath: string, contentType: string): Promise<void>;
  /** Opens a stored file for streaming; throws `FileNotFound` when missing. With `range`, the stream
   *  holds only bytes `start`..`end` (inclusive, as in HTTP Range; `end` past the file is clamped),
   *  while `size` stays the whole file's size. The caller checks `start` against the size first. */
  read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number; contentType?: string }>;
  /** Opens a stored file to be sent one way or the other (downloads): like `read`, throws
   *  `FileNotFound` when missing, so an answer can still be a 404 before any byte is written. */
  open(key: string, range?: ByteRange): Promise<OpenedFile>;
  /** Idempotent. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The stored size, or null when nothing is stored at `key`. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Keys starting with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Throws when the store cannot be reached or written (for /readyz). */
  checkReachable(): Promise<void>;
  /** Where in-flight uploads are written: always a local directory. */
  tempDir(): string;
}

/** A stored file (or the range asked for) opened by `FileStore.open`: sent once, by exactly one of
 *  `stream` or `writeTo`, or released with `close`. */
export interface OpenedFile {
  /** The whole file's size, as `read` reports it. */
  size: number;
  /** The bytes as a Node stream (for a Fetch Response). */
  stream(): Readable;
  /** Writes the bytes into `out` (not ending it), respecting its backpressure; the local backend
   *  reads into a few reused buffers. Resolves quietly if `out` closes first (a client gone). */
  writeTo(out: Writable): Promise<void>;
  /** Releases the file unsent; harmless after the bytes were taken. */
  close(): Promise<void>;
}

/** Inclusive byte offsets, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export class FileNotFound extends Error {
  readonly status = 404;
  constructor(key: string) {
    super(`No stored file at "${key}".`);
    this.name = "FileNotFound";
  }
}

export class InvalidKey extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = "InvalidKey";
  }
}

export class KeyExists extends Error {
  constructor(key: string) {
    super(`A file is already stored at "${key}".`);
    this.name = "KeyExists";
  }
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._ -]*$/;
const CONTENT_TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** Keys are relative POSIX paths of safe segments: no `..`, no absolute path, no `\`, NUL or dot-files. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidKey(key);
}

export function isValidKey(key: string): boolean {
  return (
    typeof key === "string" &&
    key.length > 0 &&
    key.length <= 512 &&
    !key.includes("..") &&
    key.split("/").every((segment) => SEGMENT.test(segment))
  );
}

/** A list() prefix may end mid-segment, but can never climb out or name an absolute path. */
export function assertValidPrefix(prefix: string): void {
  if (prefix !== "" && (prefix.startsWith("/") || prefix.includes("..") || /[\\\0]/.test(prefix))) {
    throw new InvalidKey(prefix);
  }
}

export function contentTypeOf(key: string): string | undefined {
  return CONTENT_TYPES[path.posix.extname(key).toLowerCase()];
}
