import busboy from "busboy";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { RESUME_MAX_BYTES, RESUME_SIZE_MESSAGE, RESUME_TYPE_MESSAGE } from "~/lib/constants";
import { logger } from "~/server/logger.server";
import { fileStore, type FileStore } from "~/server/storage/storage.server";
import { failureGate } from "~/server/uploads/failure-gate.server";
import { receiveFile, type ReceivedFile } from "~/server/uploads/receive-file.server";
import { RESUME_CONTENT_TYPES, sniffResume, type ResumeKind } from "~/server/uploads/sniff.server";

// The application form's body (SPEC §5, docs/security.md "Uploads"): streamed, never buffered; the
// resume's size is capped while it streams and its type comes from its bytes, not its name.
export { RESUME_CONTENT_TYPES, sniffResume, type ResumeKind };

const FIELD_MAX_CHARS = 20_000;
const MAX_FIELDS = 30;
const RESUME_FIELD = "resume";
/** The application form's largest body: the resume and the fields around it. */
export const RESUME_BODY_MAX_BYTES = RESUME_MAX_BYTES + 1024 * 1024;
const NAME_MAX = 100;

export class UploadRejected extends Error {
  constructor(
    public reason: "type" | "size",
    message: string,
  ) {
    super(message);
    this.name = "UploadRejected";
  }
}

/** The body is not a readable multipart form (or was cut off): answer 400. */
export class MalformedForm extends Error {
  readonly status = 400;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "MalformedForm";
  }
}

export interface PendingResume {
  tempPath: string;
  /** Sanitized, with the extension of the real type (so "cv.html" holding a PDF becomes "cv.html.pdf"). */
  originalName: string;
  size: number;
  kind: ResumeKind;
  contentType: string;
  /** Moves the file into the store under `key` (throws KeyExists if taken). */
  commit(key: string): Promise<void>;
  /** Deletes the temp file; idempotent. */
  discard(): Promise<void>;
}

export interface ParsedApplicationForm {
  fields: Record<string, string>;
  resume: PendingResume | null;
}

const typeError = () => new UploadRejected("type", RESUME_TYPE_MESSAGE);
const sizeError = () => new UploadRejected("size", RESUME_SIZE_MESSAGE);

/**
 * Streams a multipart/form-data request: text fields (at most MAX_FIELDS, each at most
 * FIELD_MAX_CHARS) and one file in the "resume" field, written to the store's temp dir with the
 * size limit enforced while streaming, then sniffed. Throws UploadRejected (nothing left on disk)
 * or MalformedForm. A returned resume must be committed or discarded by the caller.
 */
export async function parseApplicationForm(request: Request, store: FileStore = fileStore()): Promise<ParsedApplicationForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new MalformedForm("Expected a multipart/form-data body.");
  }
  if (Number(request.headers.get("content-length")) > RESUME_BODY_MAX_BYTES) throw sizeError();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      preservePath: true, // sanitizeFilename does its own, stricter basename
      defParamCharset: "utf8",
      limits: {
        fieldNameSize: 100,
        fieldSize: FIELD_MAX_CHARS * 4, // bytes; UTF-8 takes at most 4 per character
        fields: MAX_FIELDS,
        files: 1,
        parts: MAX_FIELDS + 2, // 'partsLimit' fires on reaching this, i.e. one part too many
        headerPairs: 20,
        fileSize: RESUME_MAX_BYTES + 1, // 'limit' fires on the byte past the maximum
      },
    });
  } catch (error) {
    throw new MalformedForm("Expected a multipart/form-data body.", { cause: error });
  }

  const gate = failureGate(request, () => new MalformedForm("The upload was interrupted."));
  const { fail } = gate;

  const fields: Record<string, string> = Object.create(null);
  let upload: (ReceivedFile & { filename: string }) | undefined;
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated || value.length > FIELD_MAX_CHARS) {
      fail(new MalformedForm("A form field is too long."));
    } else if (name === RESUME_FIELD && value !== "") {
      // A part without a file name and not octet-stream: busboy sees text, a browser never sends it.
      fail(new MalformedForm("The resume must be sent as a file."));
    } else if (name !== RESUME_FIELD && !(name in fields)) {
      fields[name] = value;
    }
  });
  parser.on("file", (name, stream, info) => {
    if (name !== RESUME_FIELD || gate.failure()) {
      stream.on("error", () => {}).resume(); // busboy destroys it with the request's error
      fail(gate.failure() ?? new MalformedForm("Unexpected file field."));
      return;
    }
    stream.on("limit", () => fail(sizeError()));
    const onError = (error: unknown) => fail(asFormError(error));
    const received = receiveFile(stream, store.tempDir(), gate.signal, () => fail(typeError()), onError);
    upload = Object.assign(received, { filename: info.filename ?? "" });
  });
  const tooMany = () => fail(new MalformedForm("The form has too many fields."));
  parser.on("fieldsLimit", tooMany).on("filesLimit", tooMany).on("partsLimit", tooMany);

  try {
    const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
    await pipeline(body, capBytes(RESUME_BODY_MAX_BYTES), parser, { signal: gate.signal });
    await upload?.done;
  } catch (error) {
    fail(asFormError(error));
  } finally {
    gate.release();
  }

  let failure = gate.failure();
  if (!failure && upload) {
    const size = upload.size();
    if (size === 0 && !upload.filename) {
      await upload.discard(); // an empty file input: no resume
      return { fields, resume: null };
    }
    let kind: ResumeKind | null = null;
    try {
      if (size > 0) kind = await sniffResume(upload.tempPath);
    } catch (error) {
      await upload.discard(); // an I/O failure, not a verdict on the file
      throw error;
    }
    if (kind) return { fields, resume: pendingResume(upload, size, kind, store) };
    failure = typeError();
  }
  if (failure) {
    await upload?.discard();
    if (failure instanceof UploadRejected) logger.info({ reason: failure.reason }, "resume rejected");
    throw failure;
  }
  return { fields, resume: null };
}

function pendingResume(upload: ReceivedFile & { filename: string }, size: number, kind: ResumeKind, store: FileStore) {
  const contentType = RESUME_CONTENT_TYPES[kind];
  const pending: PendingResume = {
    tempPath: upload.tempPath,
    originalName: withExtension(sanitizeFilename(upload.filename), kind),
    size,
    kind,
    contentType,
    commit: (key) => store.putFromFile(key, upload.tempPath, contentType),
    discard: () => upload.discard(),
  };
  return pending;
}

/** Fails the stream once more than `max` bytes went through, so a huge body is never read to its end. */
function capBytes(max: number): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > max) callback(new MalformedForm("The form is too large."));
      else callback(null, chunk);
    },
  });
}

function asFormError(error: unknown): Error {
  if (error instanceof UploadRejected || error instanceof MalformedForm) return error;
  return new MalformedForm("The form could not be read.", { cause: error });
}

/** The user's file name as safe metadata: basename, [A-Za-z0-9._ -] only, at most 100 characters. */
export function sanitizeFilename(name: string): string {
  const base = String(name).split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFKD")
    .replace(/[\p{M}\p{Cc}\p{Cf}]/gu, "") // accents, NUL and other control or invisible characters
    .replace(/[^A-Za-z0-9._ -]+/g, "_")
    .replace(/ +/g, " ")
    .replace(/_+/g, "_")
    .replace(/\.+/g, ".")
    .replace(/[ .]+$/, "");
  const [, rawStem = cleaned, ext = ""] = /^(.*)(\.[A-Za-z0-9]{1,9})$/.exec(cleaned) ?? [];
  let stem = rawStem
    .replace(/^[ ._-]+/, "")
    .slice(0, NAME_MAX - ext.length)
    .replace(/[ ._-]+$/, "");
  if (!/[A-Za-z0-9]/.test(stem)) stem = "resume";
  return stem + ext;
}

function withExtension(name: string, kind: ResumeKind): string {
  return name.toLowerCase().endsWith(`.${kind}`) ? name : sanitizeFilename(`${name}.${kind}`);
}

/** "resumes/{owner}_{now}_{sanitized name}"; owner is a user id or "guest". */
export function resumeKey(owner: string, now: number, originalName: string): string {
  if (!/^[A-Za-z0-9-]{1,128}$/.test(owner)) throw new Error(`Invalid resume owner: ${JSON.stringify(owner)}`);
  if (!Number.isSafeInteger(now) || now < 0) throw new Error(`Invalid timestamp: ${now}`);
  return `resumes/${owner}_${now}_${sanitizeFilename(originalName)}`;
}
