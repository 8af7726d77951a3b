import { open } from "node:fs/promises";
import yauzl from "yauzl";
import { TailCachedReader } from "./zip-reader.server";

// A DOCX is a ZIP: read only its central directory plus one small, size-capped entry
// ([Content_Types].xml), so a zip bomb never gets decompressed.
const ZIP_MAX_ENTRIES = 5_000;
const ZIP_MAX_TOTAL_UNCOMPRESSED = 200 * 1024 * 1024;
const CONTENT_TYPES_MAX_BYTES = 256 * 1024;
const TAIL_CACHE_BYTES = 2 * 1024 * 1024; // holds the central directory of any ordinary DOCX
const DOCX_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

/** True for a Word document (.docx) that is not macro-enabled; false for anything else or a broken ZIP. */
export async function isDocx(filePath: string): Promise<boolean> {
  const handle = await open(filePath, "r");
  let zip: yauzl.ZipFile;
  try {
    const { size } = await handle.stat();
    const tailStart = Math.max(0, size - TAIL_CACHE_BYTES);
    const tail = Buffer.alloc(size - tailStart);
    await handle.read(tail, 0, tail.length, tailStart);
    const reader = new TailCachedReader(handle, filePath, tail, tailStart);
    zip = await yauzl.fromRandomAccessReaderPromise(reader, size, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
    });
  } catch {
    await handle.close();
    return false;
  }
  try {
    if (zip.entryCount > ZIP_MAX_ENTRIES) return false;
    let total = 0;
    let hasDocument = false;
    let contentTypes: yauzl.Entry | undefined;
    for await (const entry of zip.eachEntry()) {
      total += entry.uncompressedSize;
      if (total > ZIP_MAX_TOTAL_UNCOMPRESSED) return false;
      const name = entry.fileName.toLowerCase();
      if (name === "word/document.xml") hasDocument = true;
      else if (name === "[content_types].xml") contentTypes = entry;
      else if (name.endsWith("vbaproject.bin")) return false; // macros
    }
    if (!hasDocument || !contentTypes) return false;
    const types = await readSmallEntry(zip, contentTypes);
    return types !== null && !/macroenabled/i.test(types) && types.includes(DOCX_MAIN);
  } catch {
    return false;
  } finally {
    zip.close();
    await handle.close();
  }
}

async function readSmallEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string | null> {
  if (entry.isEncrypted() || entry.uncompressedSize > CONTENT_TYPES_MAX_BYTES) return null;
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // validateEntrySizes already errors past the declared size; this cap is a second fence.
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > CONTENT_TYPES_MAX_BYTES) return null;
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).toString("utf8");
}
