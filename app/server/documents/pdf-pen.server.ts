import { fontRuns, PRIMARY_FONT, selectFont } from "./pdf-fonts.server";

// Writing text on a pdfkit page in runs of one font each (pdf-fonts.server.ts), so any string the
// fonts cover shows whole. Single lines are placed by measured width (exact right alignment);
// wrapped blocks use pdfkit's line wrapper across the runs.

export interface TextStyle {
  size: number;
  colour?: string;
}

const INK = "#1f2937";

/** Inter's contextual alternates (a period or colon between digits) come out of fontkit with no
 *  character behind them, so the PDF's text would lose them when copied or searched: off. */
const FEATURES = { calt: false } as unknown as PDFKit.Mixins.TextOptions["features"];

/** The width of `text` on one line at `size`, every run measured in its own font. */
export function textWidth(doc: PDFKit.PDFDocument, text: string, size: number): number {
  let width = 0;
  for (const run of fontRuns(text)) width += selectFont(doc, run.font).fontSize(size).widthOfString(run.text, { features: FEATURES });
  return width;
}

/** One line, never wrapped: left edge at `x`, or right edge at `x` with `align: "right"`. */
export function line(doc: PDFKit.PDFDocument, text: string, x: number, y: number, style: TextStyle & { align?: "left" | "right" }): void {
  let cx = style.align === "right" ? x - textWidth(doc, text, style.size) : x;
  doc.fillColor(style.colour ?? INK);
  for (const run of fontRuns(text)) {
    selectFont(doc, run.font).fontSize(style.size);
    doc.text(run.text, cx, y, { lineBreak: false, features: FEATURES });
    cx += doc.widthOfString(run.text, { features: FEATURES });
  }
}

/** The height `text` takes wrapped in `width` (measured in the primary font: close enough for the
 *  odd character from another script). */
export function blockHeight(doc: PDFKit.PDFDocument, text: string, width: number, size: number): number {
  if (text === "") return 0;
  return selectFont(doc, PRIMARY_FONT).fontSize(size).heightOfString(text, { width, features: FEATURES });
}

/** Wrapped text at (x, y) in `width`; returns the y below it. */
export function block(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle & { link?: string },
): number {
  if (text === "") return y;
  const runs = fontRuns(text);
  doc.fillColor(style.colour ?? INK);
  runs.forEach((run, i) => {
    selectFont(doc, run.font).fontSize(style.size);
    const options = {
      width,
      features: FEATURES,
      continued: i < runs.length - 1,
      ...(style.link ? { link: style.link, underline: true } : {}),
    };
    if (i === 0) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
  return Math.max(doc.y, y + blockHeight(doc, text, width, style.size));
}
