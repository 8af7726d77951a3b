import { open } from "node:fs/promises";

// A PDF resume must look like a document and nothing else: it ends with its %%EOF
// trailer (so "%PDF-" glued onto an HTML page fails), holds no HTML page on lines of its own (a
// PDF/HTML polyglot), and no action a reader would run when staff open it: JavaScript, launching
// a program, embedded files. Text that merely mentions <script> or /JS inside a string passes.
// Streams the author compressed are not inflated: a fence against crafted files, not a virus
// scanner; downloads are attachments with nosniff either way.
const TAIL_BYTES = 1024; // readers accept junk after %%EOF up to about this much
// Small enough that each chunk's latin1 string stays an ordinary young-generation string: at 1 MB
// Node makes it an external string that lives until a full collection, and ten uploads checked at
// once held ~40 MB of them (the upload-memory figure, decision 0040).
const CHUNK_BYTES = 64 * 1024;
const OVERLAP = 64; // longer than any marker, so none is split unseen between chunks
// A line break first: a chunk may start mid-line, and a PDF never starts with HTML anyway.
const HTML_LINE = /[\r\n][ \t]*<(?:!doctype|html|head|body|script|iframe|svg)[\s>/]/i;
const ACTIONS = [/\/S\s*\/(?:JavaScript|Launch)\b/, /\/JS\s*[(<]/, /\/JS\s+\d+\s+\d+\s+R\b/, /\/(?:EmbeddedFiles?|RichMedia)\b/];

function hasActiveContent(text: string): boolean {
  if (HTML_LINE.test(text)) return true;
  // PDF names may hide letters as #xx escapes (/J#61vaScript).
  const decoded = text.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return ACTIONS.some((pattern) => pattern.test(decoded));
}

/** True for a file that starts as a PDF, ends with its trailer, and holds no HTML or PDF scripts. */
export async function isPlainPdf(filePath: string): Promise<boolean> {
  const handle = await open(filePath, "r");
  try {
    const { size } = await handle.stat();
    const tail = Buffer.alloc(Math.min(TAIL_BYTES, size));
    await handle.read(tail, 0, tail.length, size - tail.length);
    if (!tail.toString("latin1").includes("%%EOF")) return false;
    const buffer = Buffer.alloc(CHUNK_BYTES + OVERLAP);
    let carried = 0;
    for (let position = 0; position < size;) {
      const { bytesRead } = await handle.read(buffer, carried, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const length = carried + bytesRead;
      if (hasActiveContent(buffer.toString("latin1", 0, length))) return false;
      carried = Math.min(OVERLAP, length);
      buffer.copy(buffer, 0, length - carried, length);
    }
    return true;
  } finally {
    await handle.close();
  }
}
