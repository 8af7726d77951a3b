import { open } from "node:fs/promises";
import { fileTypeFromFile } from "file-type";
import { loadSharp } from "./sharp.server";
import { ACCEPTED_FILES_TEXT, type FileKind } from "~/lib/file-kinds";
import { inspectLegacyOffice } from "./legacy-office.server";
import { isPlainPdf } from "./pdf.server";
import { checkZip } from "./zip-check.server";

// The workspace's allow-list, decided from a file's bytes, never its name:
// images must decode, PDFs pass the resume code's structural check, Office files carry no macros,
// ZIPs inflate within bounds, text is UTF-8 without NULs. Executables (however named) and
// polyglots (an image or text with a ZIP glued on, an SVG that is not one) are refused.
// Decision 0037.

export const FILE_CONTENT_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  svg: "image/svg+xml",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  zip: "application/zip",
};

/** The extensions a name may end with for each kind; the first is added when it ends otherwise. */
const EXTENSIONS: Record<FileKind, string[]> = {
  pdf: ["pdf"],
  png: ["png"],
  jpeg: ["jpg", "jpeg"],
  webp: ["webp"],
  gif: ["gif"],
  svg: ["svg"],
  txt: ["txt", "md", "log", "text"],
  csv: ["csv"],
  docx: ["docx"],
  xlsx: ["xlsx"],
  pptx: ["pptx"],
  doc: ["doc"],
  xls: ["xls"],
  ppt: ["ppt"],
  zip: ["zip"],
};

export type SniffRefusal = "type" | "executable" | "macros" | "bomb" | "encrypted" | "polyglot";

export type SniffResult = { ok: true; kind: FileKind; contentType: string } | { ok: false; reason: SniffRefusal };

/** Bytes `looksExecutable` needs to see. */
export const EXECUTABLE_HEAD_BYTES = 4;

const EXECUTABLE_MAGICS = [
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]), // ELF
  Buffer.from([0xfe, 0xed, 0xfa, 0xce]), // Mach-O, 32 and 64 bit, both orders, and fat binaries
  Buffer.from([0xfe, 0xed, 0xfa, 0xcf]),
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]),
  Buffer.from("#!"), // scripts
  Buffer.from([0x00, 0x61, 0x73, 0x6d]), // WebAssembly
];

/** Whether a file starting with `head` is a program, so a stream can be refused before its end. */
export function looksExecutable(head: Buffer): boolean {
  // Windows PE: "MZ" then a DOS header with a NUL in it; text that starts "MZ…" has none.
  if (head.length >= 4 && head[0] === 0x4d && head[1] === 0x5a && (head[2] === 0 || head[3] === 0)) return true;
  return EXECUTABLE_MAGICS.some((magic) => head.length >= magic.length && head.subarray(0, magic.length).equals(magic));
}

/** One plain sentence per refusal, naming the file; `accepted` words the list for a "type" refusal. */
export function refusalMessage(reason: SniffRefusal, name: string, accepted = ACCEPTED_FILES_TEXT): string {
  switch (reason) {
    case "executable":
      return `“${name}” is a program; programs can't be shared here.`;
    case "macros":
      return `“${name}” contains macros. Save it without macros (as .docx, .xlsx or .pptx) and upload it again.`;
    case "bomb":
      return `“${name}” unpacks to far more than its size; we can't accept it.`;
    case "encrypted":
      return `“${name}” is password-protected, so we can't check it. Upload it without a password.`;
    case "polyglot":
      return `“${name}” looks like two kinds of file at once; we can't accept it.`;
    default:
      return `“${name}” is not a kind of file we accept. Accepted: ${accepted}`;
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PDF_MAGIC = Buffer.from("%PDF-");
const OOXML_MAIN: Array<[FileKind, string]> = [
  ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"],
  ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"],
  ["pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"],
];
const IMAGE_KINDS: Record<string, FileKind> = { png: "png", jpg: "jpeg", webp: "webp", gif: "gif" };
const SHARP_FORMATS: Partial<Record<FileKind, string>> = { png: "png", jpeg: "jpeg", webp: "webp", gif: "gif" };
// The end-of-central-directory record sits in a ZIP's last 64 kB: a ZIP glued onto something else.
const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const TAIL_BYTES = 64 * 1024 + 22;
const TEXT_CHUNK = 64 * 1024; // like the PDF check's chunks: short-lived, never megabyte strings

/**
 * The kind of the file at `filePath` from its bytes. `name` (already sanitised) only tells CSV from
 * plain text, which bytes cannot. Reads at most the whole file once or twice; ZIPs are inflated
 * within ZIP_LIMITS.
 */
export async function sniffFileKind(filePath: string, name: string): Promise<SniffResult> {
  const head = await readHead(filePath, 16);
  if (head.length === 0) return refuse("type");
  if (looksExecutable(head)) return refuse("executable");
  if (startsWith(head, PDF_MAGIC)) return (await isPlainPdf(filePath)) ? accept("pdf") : refuse("polyglot");
  if (startsWith(head, ZIP_MAGIC) || startsWith(head, EMPTY_ZIP_MAGIC)) return sniffZip(filePath);
  if (startsWith(head, CFB_MAGIC)) return sniffCfb(filePath);
  if (await hasZipTail(filePath)) return refuse("polyglot");
  const detected = await fileTypeFromFile(filePath).catch(() => undefined);
  const image = detected ? IMAGE_KINDS[detected.ext] : undefined;
  if (image) return (await decodesAs(filePath, image)) ? accept(image) : refuse("polyglot");
  const text = await readUtf8Text(filePath);
  if (text === null) return refuse(detected && /executable|msdownload|x-elf|mach/.test(detected.mime) ? "executable" : "type");
  if (/\.svg$/i.test(name) || /^\s*<(?:\?xml|svg|!--|!doctype\s+svg)/i.test(text.start)) {
    return isSvg(text.start) ? accept("svg") : /\.svg$/i.test(name) ? refuse("polyglot") : accept("txt");
  }
  // HTML is text too, but not on the list: a page saved from a browser runs when opened.
  if (/^\uFEFF?\s*<(?:!doctype\s+html|html|head|body|script)[\s>]/i.test(text.start)) return refuse("type");
  return accept(/\.csv$/i.test(name) ? "csv" : "txt");
}

/** `name` ending with an extension of `kind`, adding the usual one when it does not ("cv.html" holding a PDF → "cv.html.pdf"). */
export function withKindExtension(name: string, kind: FileKind): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext && EXTENSIONS[kind].includes(ext) ? name : `${name}.${EXTENSIONS[kind][0]}`;
}

const NAME_MAX = 120;

/**
 * A person's file name as safe metadata: its last path segment only (no
 * `../`), Unicode NFC, without control or invisible characters, quotes, slashes or other characters
 * that mean something to a shell or a header, at most 120 characters, never empty or a dot-file.
 */
export function sanitizeFileName(raw: string): string {
  const base = String(raw).split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/[^\p{L}\p{M}\p{N} ._()+,&'-]+/gu, "_")
    .replace(/\s+/g, " ")
    .replace(/_+/g, "_")
    .replace(/\.{2,}/g, ".")
    .replace(/^[ ._-]+/, "")
    .replace(/[ .]+$/, "");
  const [, stem = cleaned, ext = ""] = /^(.*?)(\.[\p{L}\p{N}]{1,9})$/u.exec(cleaned) ?? [];
  const trimmed = Array.from(stem)
    .slice(0, NAME_MAX - ext.length)
    .join("")
    .replace(/[ ._-]+$/, "");
  return (/[\p{L}\p{N}]/u.test(trimmed) ? trimmed : "file") + ext;
}

/** The key that makes two names "the same file" (uploading the same name adds a version). */
export function fileNameKey(name: string): string {
  return name.normalize("NFC").toLowerCase();
}

async function sniffZip(filePath: string): Promise<SniffResult> {
  const verdict = await checkZip(filePath, ["[content_types].xml"]);
  if (!verdict.ok) return refuse(verdict.reason === "broken" ? "type" : verdict.reason);
  const lower = verdict.names.map((entry) => entry.toLowerCase());
  if (lower.some((entry) => entry.endsWith("vbaproject.bin"))) return refuse("macros");
  // Java and Android programs are ZIPs too.
  if (lower.some((entry) => entry === "meta-inf/manifest.mf" || entry === "androidmanifest.xml" || entry === "classes.dex")) {
    return refuse("executable");
  }
  const types = verdict.smallEntries.get("[content_types].xml");
  if (types !== undefined) {
    if (/macroEnabled/i.test(types)) return refuse("macros");
    for (const [kind, main] of OOXML_MAIN) if (types.includes(main)) return accept(kind);
  }
  return accept("zip");
}

async function sniffCfb(filePath: string): Promise<SniffResult> {
  const verdict = await inspectLegacyOffice(filePath);
  return verdict.ok ? accept(verdict.kind) : refuse(verdict.reason);
}

async function decodesAs(filePath: string, kind: FileKind): Promise<boolean> {
  try {
    const sharp = await loadSharp();
    const meta = await sharp(filePath, { failOn: "error" }).metadata();
    return meta.format === SHARP_FORMATS[kind] && (meta.width ?? 0) > 0 && (meta.height ?? 0) > 0;
  } catch {
    return false;
  }
}

/** An SVG document: its root element is <svg>. Scripts inside are harmless here: SVGs are only ever downloads. */
function isSvg(start: string): boolean {
  const body = start
    .replace(/^\uFEFF/, "")
    .replace(/<\?xml[\s\S]*?\?>/, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<!doctype[^>]*>/i, "");
  return /^\s*<svg[\s>]/i.test(body);
}

/** The file as UTF-8 text (its first 64 kB kept for the SVG check), or null with a NUL or invalid UTF-8. */
async function readUtf8Text(filePath: string): Promise<{ start: string } | null> {
  const handle = await open(filePath, "r");
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const buffer = Buffer.alloc(TEXT_CHUNK);
  let start = "";
  try {
    for (let position = 0; ;) {
      const { bytesRead } = await handle.read(buffer, 0, TEXT_CHUNK, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const chunk = buffer.subarray(0, bytesRead);
      if (chunk.includes(0)) return null;
      const text = decoder.decode(chunk, { stream: true });
      if (start.length < 65_536) start += text.slice(0, 65_536 - start.length);
    }
    decoder.decode();
    return { start };
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

async function hasZipTail(filePath: string): Promise<boolean> {
  const handle = await open(filePath, "r");
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    return tail.includes(EOCD);
  } finally {
    await handle.close();
  }
}

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await open(filePath, "r");
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function startsWith(head: Buffer, magic: Buffer): boolean {
  return head.subarray(0, magic.length).equals(magic);
}

function accept(kind: FileKind): SniffResult {
  return { ok: true, kind, contentType: FILE_CONTENT_TYPES[kind] };
}

function refuse(reason: SniffRefusal): SniffResult {
  return { ok: false, reason };
}
