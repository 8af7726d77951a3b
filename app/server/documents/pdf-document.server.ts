import PDFDocument from "pdfkit";
import { completeUnicodeMaps, PRIMARY_FONT, registerInvoiceFonts, selectFont } from "./pdf-fonts.server";

// Every PDF of ours is A4 in the site's fonts, with fixed dates (the same document gives the same
// bytes) and its Unicode maps completed so its text can be copied and searched.

export interface PdfSetup {
  margin: number;
  lang: string;
  /** Dates come from the document (issue, signature), never the clock. */
  info: { Title: string; Author: string; Subject: string; Creator: string; CreationDate: Date; ModDate: Date };
  /** Keep pages to revisit them at the end (page footers). */
  bufferPages?: boolean;
}

/** Opens a document on its first page, lets `draw` fill it, and returns the finished bytes. */
export async function writePdf(setup: PdfSetup, draw: (doc: PDFKit.PDFDocument) => void | Promise<void>): Promise<Buffer> {
  const m = setup.margin;
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: m, left: m, right: m, bottom: m },
    bufferPages: setup.bufferPages ?? false,
    // No default font: pdfkit would load Helvetica's metrics, which a bundle does not carry.
    font: "",
    autoFirstPage: false,
    lang: setup.lang,
    info: { ...setup.info, Producer: "PDFKit" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  registerInvoiceFonts(doc);
  selectFont(doc, PRIMARY_FONT);
  doc.addPage();
  await draw(doc);
  completeUnicodeMaps(doc);
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
