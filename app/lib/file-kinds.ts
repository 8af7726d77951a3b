// The kinds of file the workspace accepts, safe to show on both sides of the wire. The
// server decides a file's kind from its bytes (app/server/uploads/file-kinds.server.ts); this list
// only words the rule and hints the browser's file picker.

import { DEFAULT_PLACE } from "./place";

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

const BYTE_UNITS = ["kilobyte", "megabyte", "gigabyte", "terabyte"] as const;
const byteFormats = new Map<string, Intl.NumberFormat>();

function byteFormat(locale: string, unit: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${unit}|${fractionDigits}`;
  let format = byteFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "unit",
      unit,
      // "12 bytes" reads better than "12 byte"; the larger units read best short ("100 MB").
      unitDisplay: unit === "byte" ? "long" : "short",
      maximumFractionDigits: fractionDigits,
    });
    byteFormats.set(key, format);
  }
  return format;
}

/**
 * "100 MB", "5 GB", "1.2 MB", "340 kB", "12 bytes": sizes as people read them, counted in powers of
 * 1024 as SPEC counts its limits ("10 MB (10485760 bytes)") and the defaults are set (decision 0079),
 * worded by the locale's Intl rules. One decimal below 10 of a unit, none above.
 */
export function formatBytes(bytes: number, locale: string = DEFAULT_PLACE.locale): string {
  if (bytes < 1024) return byteFormat(locale, "byte", 0).format(bytes);
  let value = bytes / 1024;
  let unit = 0;
  // 1,048,575 bytes is "1 MB", not "1024 kB": move up once the rounded value would read 1024 or more.
  while (value >= 1023.5 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return byteFormat(locale, BYTE_UNITS[unit]!, value < 9.95 ? 1 : 0).format(value);
}

/** "12% of 5 GB used (600 MB)": a project's storage, with "under 1%" rather than a misleading 0%. */
export function formatStorageUse(used: number, quota: number, locale: string = DEFAULT_PLACE.locale): string {
  const of = formatBytes(quota, locale);
  if (used <= 0) return `Nothing of ${of} used yet`;
  const share = used / quota;
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const part = share < 0.005 ? `Under ${percent.format(0.01)}` : percent.format(Math.min(1, share));
  return `${part} of ${of} used (${formatBytes(used, locale)})`;
}
