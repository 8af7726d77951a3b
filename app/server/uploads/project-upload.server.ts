import busboy from "busboy";
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { FileKind } from "~/lib/file-kinds";
import { formatBytes } from "~/lib/file-kinds";
import { logger } from "~/server/logger.server";
import { fileStore, type FileStore } from "~/server/storage/storage.server";
import { tempFileName } from "~/server/storage/temp-files.server";
import { failureGate } from "./failure-gate.server";
import {
  EXECUTABLE_HEAD_BYTES,
  looksExecutable,
  refusalMessage,
  sanitizeFileName,
  sniffFileKind,
  withKindExtension,
  type SniffRefusal,
} from "./file-kinds.server";
import { tookUploadBytes } from "./young-garbage.server";

// The workspace's upload body (reused by support attachments): a multipart form with
// text fields and several files, streamed to temp files in the store's temp dir (never buffered),
// each file's size capped while it streams, the session's total capped by the caller's remaining
// quota, a SHA-256 taken on the way (the download's ETag), and each file's kind sniffed from its
// bytes once it is complete. All or nothing: one refused file refuses the session and leaves no
// temp file behind (decision 0037).

export type UploadRefusal = SniffRefusal | "size" | "quota" | "count" | "empty";

/** A file or the session was refused: answer with `message` (4xx, `status`); nothing was kept. */
export class UploadRejected extends Error {
  readonly status: number;
  /** The form's text fields received before the refusal (all of them when the refusal came from the sniff). */
  fields: Record<string, string> = {};
  constructor(
    readonly reason: UploadRefusal,
    message: string,
  ) {
    super(message);
    this.name = "UploadRejected";
    this.status = reason === "size" || reason === "quota" ? 413 : reason === "count" || reason === "empty" ? 400 : 415;
  }
}

/** The body is not a readable multipart form, or was cut off: answer 400. */
export class MalformedUpload extends Error {
  readonly status = 400;
  fields: Record<string, string> = {};
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "MalformedUpload";
  }
}

export interface UploadLimits {
  /** Files per request (one upload session). */
  maxFiles: number;
  /** Bytes per file, enforced while streaming. */
  maxFileBytes: number;
  /** Bytes for all files together (e.g. what is left of a quota); enforced while streaming. */
  maxTotalBytes?: number;
  /** The form field holding the files; default "files". */
  fileField?: string;
  /** Message when `maxTotalBytes` is passed; a default otherwise. */
  totalMessage?: string;
  /** The accepted kinds as a refused file's message words them (an image form takes fewer). */
  acceptedText?: string;
}

/** A received, sniffed file waiting in the temp dir: the caller must `commit` or `discard` it. */
export interface PendingFile {
  tempPath: string;
  /** Sanitised, ending with an extension of its real kind. */
  name: string;
  size: number;
  /** Hex SHA-256 of the bytes: the download's ETag. */
  sha256: string;
  kind: FileKind;
  contentType: string;
  /** Moves the bytes into the store under `key` (throws KeyExists if taken); the temp file is gone after. */
  commit(key: string): Promise<void>;
  /** Deletes the temp file; idempotent. */
  discard(): Promise<void>;
}

export interface ParsedUpload {
  fields: Record<string, string>;
  files: PendingFile[];
  /** Discards every file not yet committed (safe to call after some were). */
  discardAll(): Promise<void>;
}

const FIELD_MAX_CHARS = 20_000;
const MAX_FIELDS = 30;
const FORM_OVERHEAD = 1024 * 1024;

/**
 * The largest body parseUploadForm accepts with `limits`: every file at its largest, within the
 * quota left, and the form around them. A reverse proxy in front must let this much through
 * (deploy/nginx.conf, deploy/Caddyfile).
 */
export function uploadBodyMax(limits: UploadLimits): number {
  return Math.min(limits.maxFiles * limits.maxFileBytes, limits.maxTotalBytes ?? Infinity) + FORM_OVERHEAD;
}

interface Receiving {
  tempPath: string;
  filename: string;
  done: Promise<void>;
  size: number;
  sha256: string;
}

/**
 * Streams a multipart/form-data request: text fields (at most 30, each at most 20,000 characters)
 * and up to `limits.maxFiles` files in `limits.fileField`, then sniffs each. Throws UploadRejected
 * or MalformedUpload with nothing left on disk; otherwise every returned file is the caller's to
 * commit or discard. An empty file input (no name, no bytes) is no file.
 */
export async function parseUploadForm(request: Request, limits: UploadLimits, store: FileStore = fileStore()): Promise<ParsedUpload> {
  const field = limits.fileField ?? "files";
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\s*;/i.test(contentType)) throw new MalformedUpload("Expected a multipart/form-data body.");
  const sizeError = (name: string) =>
    new UploadRejected("size", `“${sanitizeFileName(name)}” is larger than ${formatBytes(limits.maxFileBytes)}, the limit for one file.`);
  const totalError = () =>
    new UploadRejected("quota", limits.totalMessage ?? `These files are larger than the ${formatBytes(limits.maxTotalBytes ?? 0)} left.`);
  const bodyMax = limits.maxFiles * limits.maxFileBytes + FORM_OVERHEAD;
  const declared = Number(request.headers.get("content-length"));
  if (declared > uploadBodyMax(limits)) {
    if (limits.maxTotalBytes !== undefined && declared > limits.maxTotalBytes + FORM_OVERHEAD) throw totalError();
    throw new UploadRejected("size", `The upload is larger than ${formatBytes(bodyMax)}.`);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      preservePath: true, // sanitizeFileName does its own basename
      defParamCharset: "utf8",
      limits: {
        fieldNameSize: 100,
        fieldSize: FIELD_MAX_CHARS * 4,
        fields: MAX_FIELDS,
        files: limits.maxFiles,
        parts: MAX_FIELDS + limits.maxFiles + 1,
        headerPairs: 20,
        fileSize: limits.maxFileBytes + 1, // 'limit' fires on the byte past the maximum
      },
    });
  } catch (error) {
    throw new MalformedUpload("Expected a multipart/form-data body.", { cause: error });
  }

  const gate = failureGate(request, () => new MalformedUpload("The upload was interrupted."));
  const { fail } = gate;

  const fields: Record<string, string> = Object.create(null);
  const received: Receiving[] = [];
  let total = 0;
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated || value.length > FIELD_MAX_CHARS) fail(new MalformedUpload("A form field is too long."));
    else if (name === field && value !== "") fail(new MalformedUpload("Files must be sent as files."));
    else if (name !== field && !(name in fields)) fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== field || gate.failure()) {
      stream.on("error", () => {}).resume(); // busboy destroys it with the request's error
      fail(gate.failure() ?? new MalformedUpload("Unexpected file field."));
      return;
    }
    const filename = info.filename ?? "";
    stream.on("limit", () => fail(sizeError(filename)));
    const tempPath = path.join(store.tempDir(), tempFileName("part"));
    const hash = createHash("sha256");
    const entry: Receiving = { tempPath, filename, done: Promise.resolve(), size: 0, sha256: "" };
    let head = Buffer.alloc(0);
    const inspect = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (head.length < EXECUTABLE_HEAD_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, EXECUTABLE_HEAD_BYTES - head.length)]);
          if (head.length >= EXECUTABLE_HEAD_BYTES && looksExecutable(head)) {
            fail(new UploadRejected("executable", refusalMessage("executable", sanitizeFileName(filename))));
          }
        }
        entry.size += chunk.length;
        total += chunk.length;
        if (limits.maxTotalBytes !== undefined && total > limits.maxTotalBytes) fail(totalError());
        hash.update(chunk);
        tookUploadBytes(chunk.length);
        callback(null, chunk);
      },
    });
    const out = createWriteStream(tempPath, { flags: "wx", mode: 0o600 });
    entry.done = pipeline(stream, inspect, out, { signal: gate.signal })
      .then(() => {
        entry.sha256 = hash.digest("hex");
      })
      .catch((error: unknown) => fail(asUploadError(error)))
      // Wait for the write stream to close, or a late open could recreate the file after discard.
      .then(() => (out.closed ? undefined : new Promise<void>((resolve) => out.once("close", () => resolve()))));
    received.push(entry);
  });
  const tooMany = () => fail(new UploadRejected("count", `Send at most ${limits.maxFiles} files at once.`));
  parser.on("filesLimit", tooMany);
  const tooManyFields = () => fail(new MalformedUpload("The form has too many fields."));
  parser.on("fieldsLimit", tooManyFields).on("partsLimit", tooManyFields);

  try {
    const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
    await pipeline(body, capBytes(bodyMax), parser, { signal: gate.signal });
  } catch (error) {
    fail(asUploadError(error));
  } finally {
    gate.release();
  }
  await Promise.all(received.map((entry) => entry.done));
  const removeAll = () => Promise.all(received.map((entry) => rm(entry.tempPath, { force: true }))).then(() => undefined);

  const files: PendingFile[] = [];
  try {
    const failure = gate.failure();
    if (failure) throw failure;
    for (const entry of received) {
      if (entry.size === 0 && !entry.filename) continue; // an empty file input
      const shown = sanitizeFileName(entry.filename);
      if (entry.size === 0) throw new UploadRejected("empty", `“${shown}” is empty.`);
      const verdict = await sniffFileKind(entry.tempPath, shown);
      if (!verdict.ok) throw new UploadRejected(verdict.reason, refusalMessage(verdict.reason, shown, limits.acceptedText));
      files.push(pendingFile(entry, withKindExtension(shown, verdict.kind), verdict.kind, verdict.contentType, store));
    }
  } catch (error) {
    await removeAll();
    if (error instanceof UploadRejected) logger.info({ reason: error.reason }, "upload refused");
    // The text fields received before the refusal, so a form can be answered with what was typed.
    if (error instanceof UploadRejected || error instanceof MalformedUpload) error.fields = { ...fields };
    throw error;
  }
  // Temp files of skipped empty inputs.
  await Promise.all(
    received.filter((entry) => !files.some((file) => file.tempPath === entry.tempPath)).map((entry) => rm(entry.tempPath, { force: true })),
  );
  return { fields, files, discardAll: () => Promise.all(files.map((file) => file.discard())).then(() => undefined) };
}

function pendingFile(entry: Receiving, name: string, kind: FileKind, contentType: string, store: FileStore): PendingFile {
  return {
    tempPath: entry.tempPath,
    name,
    size: entry.size,
    sha256: entry.sha256,
    kind,
    contentType,
    commit: (key) => store.putFromFile(key, entry.tempPath, contentType),
    discard: () => rm(entry.tempPath, { force: true }),
  };
}

/** Fails the stream once more than `max` bytes went through, so a huge body is never read to its end. */
function capBytes(max: number): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > max) callback(new UploadRejected("size", `The upload is larger than ${formatBytes(max)}.`));
      else callback(null, chunk);
    },
  });
}

function asUploadError(error: unknown): Error {
  if (error instanceof UploadRejected || error instanceof MalformedUpload) return error;
  // An abort carries the first failure as its reason.
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (cause instanceof UploadRejected || cause instanceof MalformedUpload) return cause;
  return new MalformedUpload("The upload could not be read.", { cause: error });
}
