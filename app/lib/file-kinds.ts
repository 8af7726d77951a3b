// The kinds of file the workspace accepts, safe to show on both sides of the wire. The
// server decides a file's kind from its bytes (app/server/uploads/file-kinds.server.ts); this list
// only words the rule and hints the browser's file picker.

export const FILE_KINDS = [
  "pdf",
  "png",
  "jpeg",
  "webp",
  "gif",
  "svg",
  "txt",
  "csv",
  "docx",
  "xlsx",
  "pptx",
  "doc",
  "xls",
  "ppt",
  "zip",
] as const;

export type FileKind = (typeof FILE_KINDS)[number];

/** Kinds that get a server-made thumbnail (SVG is never rendered: it could carry script). */
export const THUMBNAIL_KINDS: ReadonlySet<FileKind> = new Set<FileKind>(["png", "jpeg", "webp", "gif"]);

export const ACCEPTED_FILES_TEXT = "PDF, PNG, JPEG, WebP, GIF, SVG, plain text, CSV, Word, Excel and PowerPoint without macros, or ZIP.";

/** The `accept` attribute of file inputs: a hint for the picker, never the check. */
export const FILE_INPUT_ACCEPT = [
  ".pdf",
  ".png",
  ".jpg",
  ".jpeg",
  ".webp",
  ".gif",
  ".svg",
  ".txt",
  ".md",
  ".csv",
  ".docx",
  ".xlsx",
  ".pptx",
  ".doc",
  ".xls",
  ".ppt",
  ".zip",
].join(",");

const KIND_LABELS: Record<FileKind, string> = {
  pdf: "PDF",
  png: "PNG image",
  jpeg: "JPEG image",
  webp: "WebP image",
  gif: "GIF image",
  svg: "SVG image",
  txt: "Text",
  csv: "CSV",
  docx: "Word document",
  xlsx: "Excel workbook",
  pptx: "PowerPoint presentation",
  doc: "Word document",
  xls: "Excel workbook",
  ppt: "PowerPoint presentation",
  zip: "ZIP archive",
};

export function fileKindLabel(kind: string): string {
  return KIND_LABELS[kind as FileKind] ?? "File";
}

/** "1.2 MB", "340 kB", "12 bytes": sizes as people read them (powers of 1000, like file managers). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const units = ["kB", "MB", "GB", "TB"];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
