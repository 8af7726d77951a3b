import type { Readable } from "node:stream";
import { ZipFile } from "yazl";
import { logger } from "~/server/logger.server";
import type { FileStore } from "~/server/storage/file-store.server";
import type { PersonExport } from "~/server/models/privacy/data-export.server";

// Decision 0050: the "Download my data" ZIP, made while it is sent. Entries are
// stored, not deflated (the files are mostly compressed formats already, and no CPU goes to it),
// so the archive's exact size is known before the first byte: the browser's download bar shows
// real progress. Each stored file is opened only when its turn comes, and read only as fast as
// the response drains: the whole archive is never in memory, whatever the files add up to.

export interface ExportArchive {
  body: ReadableStream<Uint8Array>;
  /** The archive's exact length in bytes (Content-Length). */
  size: number;
}

/** The archive of `exported` with `readme` first, its files read from `store`; `signal` stops it. */
export function exportArchive(exported: PersonExport, readme: string, store: FileStore, now: Date, signal?: AbortSignal): ExportArchive {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const opened = new Set<Readable>();
  // A missing stored file, a store that fails mid-read or a size that does not match the row: the
  // download fails visibly (cut short) rather than ending in an archive that looks complete.
  const fail = (error: Error) => {
    logger.error({ err: error, userId: exported.person.id }, "data export failed");
    stop(error);
  };
  const stop = (error?: Error) => {
    for (const stream of opened) stream.destroy();
    opened.clear();
    output.destroy(error);
  };
  zip.on("error", fail);

  zip.addBuffer(Buffer.from(readme), "README.txt", { compress: false, mtime: now });
  for (const [name, value] of Object.entries(exported.documents)) {
    zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), name, { compress: false, mtime: now });
  }
  for (const file of exported.files) {
    zip.addReadStreamLazy(file.path, { compress: false, size: file.size, mtime: new Date(file.modifiedAt) }, (done) => {
      store.read(file.key).then(
        ({ stream }) => {
          opened.add(stream);
          stream.once("close", () => opened.delete(stream));
          stream.once("error", fail);
          done(null, stream);
        },
        (error: Error) => done(error, undefined as never),
      );
    });
  }
  let size = -1;
  // With every entry stored and every size given, yazl knows the total during end().
  // (Its types omit the callback's argument.)
  zip.end({ forceZip64Format: false, comment: "" }, (...args: unknown[]) => {
    size = Number(args[0]);
  });
  if (size < 0) throw new Error("the archive's size is unknown");

  const onAbort = () => stop();
  signal?.addEventListener("abort", onAbort, { once: true });
  const chunks = output[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const body = new ReadableStream<Uint8Array>(
    {
      // Pulled one chunk at a time: nothing is read ahead of what the response has taken.
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) {
            signal?.removeEventListener("abort", onAbort);
            controller.close();
          } else {
            controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
          }
        } catch (error) {
          signal?.removeEventListener("abort", onAbort);
          controller.error(error);
        }
      },
      cancel() {
        signal?.removeEventListener("abort", onAbort);
        stop();
      },
    },
    { highWaterMark: 0 },
  );
  return { body, size };
}
