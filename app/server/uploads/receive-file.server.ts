import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { couldBeResume, HEAD_BYTES } from "./sniff.server";
import { tempFileName } from "~/server/storage/temp-files.server";

export interface ReceivedFile {
  tempPath: string;
  /** Settles (never rejects) once the temp file is fully written and closed, or given up on. */
  done: Promise<void>;
  /** Bytes written so far. */
  size(): number;
  discard(): Promise<void>;
}

/**
 * Streams one file part into a new file in `dir`. Calls `onWrongType` as soon as the first bytes
 * cannot start a PDF, ZIP or compound file, and `onError` on a stream or disk error. The byte
 * limit is the caller's (busboy's `fileSize`), so nothing past it ever reaches this stream.
 */
export function receiveFile(
  source: Readable,
  dir: string,
  signal: AbortSignal,
  onWrongType: () => void,
  onError: (error: unknown) => void,
): ReceivedFile {
  const tempPath = path.join(dir, tempFileName("part"));
  const out = createWriteStream(tempPath, { flags: "wx", mode: 0o600 });
  let size = 0;
  let head = Buffer.alloc(0);
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (size < HEAD_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        if (head.length >= HEAD_BYTES && !couldBeResume(head)) onWrongType();
      }
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const done = pipeline(source, inspect, out, { signal })
    .catch(onError) // the caller tears the whole request down
    .then(() => (out.closed ? undefined : new Promise<void>((resolve) => out.once("close", () => resolve()))));
  let removed: Promise<void> | undefined;
  return {
    tempPath,
    done,
    size: () => size,
    discard() {
      // Wait for the write stream to close first, or its late open could recreate the file.
      removed ??= done.then(() => rm(tempPath, { force: true }));
      return removed;
    },
  };
}
