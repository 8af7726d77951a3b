import { createReadStream } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import yauzl from "yauzl";

// One ZIP reader for every check that opens an upload's archive (DOCX resumes, project files).

/** Serves yauzl's many small central-directory reads from one read of the file's tail. */
export class TailCachedReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly handle: FileHandle,
    private readonly filePath: string,
    private readonly tail: Buffer,
    private readonly tailStart: number,
  ) {
    super();
  }

  override read(buffer: Buffer, offset: number, length: number, position: number, callback: (err: Error | null) => void) {
    const from = position - this.tailStart;
    if (from >= 0 && from + length <= this.tail.length) {
      this.tail.copy(buffer, offset, from, from + length);
      queueMicrotask(() => callback(null));
      return;
    }
    this.handle.read(buffer, offset, length, position).then(
      ({ bytesRead }) => callback(bytesRead === length ? null : new Error("unexpected end of ZIP file")),
      (error: Error) => callback(error),
    );
  }

  override _readStreamForRange(start: number, end: number): Readable {
    // A stream of its own per entry: streams sharing the FileHandle close it under each other.
    if (end <= start) return Readable.from([]);
    return createReadStream(this.filePath, { start, end: end - 1 });
  }

  override close(callback: (err: Error | null) => void) {
    callback(null); // the caller closes the handle once it is done with every stream
  }
}
