import { open } from "node:fs/promises";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { TailCachedReader } from "./zip-reader.server";

// ZIP archives (plain ZIPs and Office's OOXML) with bounded inflation: the central directory is
// read first and its declared sizes capped (entry count, total size, ratio to the file), then every
// entry is inflated into a counter, so a directory that lies about its sizes is caught too
// (yauzl's validateEntrySizes errors past the declared size). Nothing is ever kept in memory but
// one small entry on request.

export interface ZipLimits {
  maxEntries: number;
  /** Total uncompressed bytes of all entries. */
  maxTotalBytes: number;
  /** Total uncompressed bytes divided by the archive's size. */
  maxRatio: number;
}

export const ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxTotalBytes: 1024 * 1024 * 1024, maxRatio: 100 };

export type ZipVerdict =
  { ok: true; names: string[]; smallEntries: Map<string, string> } | { ok: false; reason: "broken" | "bomb" | "encrypted" };

const TAIL_CACHE_BYTES = 2 * 1024 * 1024;
const SMALL_ENTRY_MAX = 256 * 1024;

/**
 * Checks the ZIP at `filePath` against `limits`, inflating every entry without keeping it. Returns
 * the entry names and the text of the entries named in `keep` (lower-case names, each at most
 * 256 kB), or why it was refused.
 */
export async function checkZip(filePath: string, keep: string[] = [], limits: ZipLimits = ZIP_LIMITS): Promise<ZipVerdict> {
  const handle = await open(filePath, "r");
  let zip: yauzl.ZipFile;
  let size: number;
  try {
    size = (await handle.stat()).size;
    const tailStart = Math.max(0, size - TAIL_CACHE_BYTES);
    const tail = Buffer.alloc(size - tailStart);
    await handle.read(tail, 0, tail.length, tailStart);
    zip = await yauzl.fromRandomAccessReaderPromise(new TailCachedReader(handle, filePath, tail, tailStart), size, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
    });
  } catch {
    await handle.close();
    return { ok: false, reason: "broken" };
  }
  try {
    if (zip.entryCount > limits.maxEntries) return { ok: false, reason: "bomb" };
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > limits.maxTotalBytes || declared > Math.max(size, 1) * limits.maxRatio) return { ok: false, reason: "bomb" };
      if (entry.isEncrypted()) return { ok: false, reason: "encrypted" };
      entries.push(entry);
    }
    const smallEntries = new Map<string, string>();
    for (const entry of entries) {
      if (entry.fileName.endsWith("/")) continue; // a directory
      const wanted = keep.includes(entry.fileName.toLowerCase());
      if (wanted && entry.uncompressedSize > SMALL_ENTRY_MAX) return { ok: false, reason: "broken" };
      const chunks: Buffer[] = [];
      const stream = await zip.openReadStreamPromise(entry);
      await pipeline(
        stream,
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            if (wanted) chunks.push(chunk);
            callback();
          },
        }),
      );
      if (wanted) smallEntries.set(entry.fileName.toLowerCase(), Buffer.concat(chunks).toString("utf8"));
    }
    return { ok: true, names: entries.map((entry) => entry.fileName), smallEntries };
  } catch {
    return { ok: false, reason: "broken" };
  } finally {
    zip.close();
    await handle.close();
  }
}
