import type { InvoiceDocument, InvoiceDocumentLine } from "~/lib/invoice-document";
import { correctsLine, documentDate, documentHeading, INVOICE_LABELS as L, taxNoteText, totalRows } from "~/lib/invoice-text";
import { formatMinorUnits, formatQuantity, formatTaxRate } from "~/lib/money-format";
import { writePdf } from "./pdf-document.server";
import { fontsCover } from "./pdf-fonts.server";
import { block, blockHeight, line } from "./pdf-pen.server";

// The invoice (or credit note) as a PDF: rendered once at issue and stored, so the same bytes are
// downloaded and mailed forever (decision 0083). The same document gives the same bytes:
// the PDF's dates come from the issue date and its file id is a hash of them.

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;
const BOTTOM = 841.89 - MARGIN - 20;
const MUTED = "#6b7280";
const RULE = "#d1d5db";
const SIZE = 9;
/** Right edges of the number columns, and the description's width. */
const COLS = { description: 180, quantity: 235, unitPrice: 335, taxRate: 385, net: 495 };
/** Lines drawn between two yields to the event loop. */
const LINES_PER_SLICE = 5;

interface Ctx {
  doc: PDFKit.PDFDocument;
  inv: InvoiceDocument;
  /** "code" when the fonts lack the currency's symbol. */
  display: "symbol" | "code";
  money(minor: number): string;
  y: number;
}

function fixedDate(inv: InvoiceDocument): Date {
  return new Date(`${inv.issueDate ?? "1970-01-01"}T00:00:00Z`);
}

function header(c: Ctx): void {
  const { doc, inv } = c;
  const logo = inv.agency.logo;
  if (logo) doc.image(Buffer.from(logo.bytes), MARGIN, MARGIN, { fit: [160, 48] });
  else line(doc, inv.agency.name, MARGIN, MARGIN, { size: 20, colour: inv.agency.colour });
  const right = MARGIN + WIDTH;
  line(doc, documentHeading(inv), right, MARGIN, { size: 16, align: "right" });
  let y = MARGIN + 24;
  const facts = [`${L.issueDate}: ${documentDate(inv.issueDate, inv.locale)}`, `${L.dueDate}: ${documentDate(inv.dueDate, inv.locale)}`];
  const corrects = correctsLine(inv);
  if (corrects) facts.push(corrects);
  for (const fact of facts) {
    line(doc, fact, right, y, { size: SIZE, colour: MUTED, align: "right" });
    y += 13;
  }
  c.y = Math.max(y, MARGIN + 60) + 10;
}

function partyLines(party: InvoiceDocument["client"]): string[] {
  return [...party.addressLines, ...(party.taxId ? [`${L.taxId}: ${party.taxId}`] : []), ...(party.email ? [party.email] : [])];
}

function parties(c: Ctx): void {
  const half = WIDTH / 2 - 10;
  let bottom = c.y;
  for (const [i, [label, party]] of (
    [
      [L.from, c.inv.agency],
      [L.billTo, c.inv.client],
    ] as const
  ).entries()) {
    const x = MARGIN + i * (half + 20);
    line(c.doc, label.toUpperCase(), x, c.y, { size: 8, colour: MUTED });
    let y = block(c.doc, party.name, x, c.y + 12, half, { size: 11 });
    for (const text of partyLines(party)) y = block(c.doc, text, x, y, half, { size: SIZE, colour: MUTED });
    bottom = Math.max(bottom, y);
  }
  c.y = bottom + 20;
}

function rule(c: Ctx, y: number, colour = RULE): void {
  c.doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(colour)
    .stroke();
}

function tableHeader(c: Ctx): void {
  const y = c.y;
  line(c.doc, L.description, MARGIN, y, { size: 8, colour: MUTED });
  for (const [label, right] of [
    [L.quantity, COLS.quantity],
    [L.unitPrice, COLS.unitPrice],
    [L.taxRate, COLS.taxRate],
    [L.net, COLS.net],
  ] as const)
    line(c.doc, label, MARGIN + right, y, { size: 8, colour: MUTED, align: "right" });
  rule(c, y + 12, c.inv.agency.colour);
  c.y = y + 18;
}

/** A new page for the rest, the document's heading and (for lines) the table header repeated. */
function nextPage(c: Ctx, withTableHeader: boolean): void {
  c.doc.addPage();
  line(c.doc, `${documentHeading(c.inv)} · ${c.inv.client.name}`, MARGIN, MARGIN, { size: SIZE, colour: MUTED });
  c.y = MARGIN + 24;
  if (withTableHeader) tableHeader(c);
}

function ensureSpace(c: Ctx, height: number, withTableHeader = false): void {
  if (c.y + height > BOTTOM) nextPage(c, withTableHeader);
}

function lineRow(c: Ctx, item: InvoiceDocumentLine): void {
  const height = Math.max(blockHeight(c.doc, item.description, COLS.description, SIZE), 12) + 8;
  ensureSpace(c, height, true);
  const { doc, inv } = c;
  block(doc, item.description, MARGIN, c.y, COLS.description, { size: SIZE });
  const cells: [string, number][] = [
    [formatQuantity(item.quantityMilli, inv.locale), COLS.quantity],
    [c.money(item.unitPrice), COLS.unitPrice],
    [formatTaxRate(item.taxRateBp, inv.locale), COLS.taxRate],
    [c.money(item.net), COLS.net],
  ];
  for (const [text, right] of cells) line(doc, text, MARGIN + right, c.y, { size: SIZE, align: "right" });
  c.y += height;
  rule(c, c.y - 4);
}

async function lines(c: Ctx): Promise<void> {
  tableHeader(c);
  for (const [i, item] of c.inv.lines.entries()) {
    lineRow(c, item);
    // A long invoice gives other requests a turn between slices of lines.
    if ((i + 1) % LINES_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  c.y += 8;
}

function summary(c: Ctx): void {
  const { doc, inv } = c;
  const totals = totalRows(inv, c.display);
  const height = 14 * Math.max(inv.taxSummary.length + 1, totals.length) + 20;
  ensureSpace(c, height);
  const top = c.y;
  let y = top;
  line(doc, L.taxSummary.toUpperCase(), MARGIN, y, { size: 8, colour: MUTED });
  y += 13;
  for (const row of inv.taxSummary) {
    const rate = formatTaxRate(row.taxRateBp, inv.locale);
    line(doc, `${L.tax} ${rate}`, MARGIN, y, { size: SIZE });
    line(doc, `${L.taxableAmount} ${c.money(row.net)}`, MARGIN + 172, y, { size: SIZE, colour: MUTED, align: "right" });
    line(doc, `${L.taxAmount} ${c.money(row.tax)}`, MARGIN + 280, y, { size: SIZE, colour: MUTED, align: "right" });
    y += 14;
  }
  let ty = top;
  for (const row of totals) {
    const size = row.strong ? 12 : SIZE;
    line(doc, row.label, MARGIN + COLS.unitPrice - 30, ty, { size, colour: row.strong ? inv.agency.colour : MUTED });
    line(doc, row.amount, MARGIN + COLS.net, ty, { size, align: "right", colour: row.strong ? inv.agency.colour : undefined });
    ty += row.strong ? 18 : 14;
  }
  c.y = Math.max(y, ty) + 16;
}

function section(c: Ctx, title: string, texts: string[], link?: string): void {
  const body = texts.filter((t) => t.trim() !== "");
  if (body.length === 0) return;
  const height = 14 + body.reduce((h, t) => h + blockHeight(c.doc, t, WIDTH, SIZE), 0);
  ensureSpace(c, Math.min(height, 120));
  line(c.doc, title.toUpperCase(), MARGIN, c.y, { size: 8, colour: MUTED });
  let y = c.y + 12;
  for (const text of body) {
    if (y + blockHeight(c.doc, text, WIDTH, SIZE) > BOTTOM) {
      nextPage(c, false);
      y = c.y;
    }
    y = block(c.doc, text, MARGIN, y, WIDTH, { size: SIZE, ...(link ? { link, colour: c.inv.agency.colour } : {}) });
  }
  c.y = y + 12;
}

function footers(c: Ctx): void {
  const range = c.doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    c.doc.switchToPage(range.start + i);
    // Below the bottom margin: with lineBreak off pdfkit writes it there without starting a page.
    const text = `${c.inv.number ?? L.draft} · ${L.page} ${i + 1} / ${range.count}`;
    line(c.doc, text, MARGIN + WIDTH, BOTTOM + 14, { size: 8, colour: MUTED, align: "right" });
  }
}

/** Symbols the fonts lack (few: Inter has €, £, ¥, ₹, ₩, ₽…) are written as the ISO code instead. */
function displayFor(inv: InvoiceDocument): "symbol" | "code" {
  return fontsCover(formatMinorUnits(-1234567, inv.currency, inv.locale)) ? "symbol" : "code";
}

/** The document as PDF bytes (A4): the same document always gives the same bytes. */
export function renderInvoicePdf(inv: InvoiceDocument): Promise<Buffer> {
  const info = {
    Title: documentHeading(inv),
    Author: inv.agency.name,
    Subject: inv.client.name,
    Creator: inv.agency.name,
    CreationDate: fixedDate(inv),
    ModDate: fixedDate(inv),
  };
  return writePdf({ margin: MARGIN, lang: inv.locale, info, bufferPages: true }, async (doc) => {
    const display = displayFor(inv);
    const money = (minor: number) => formatMinorUnits(minor, inv.currency, inv.locale, { display });
    const c: Ctx = { doc, inv, display, money, y: MARGIN };
    header(c);
    parties(c);
    await lines(c);
    summary(c);
    if (inv.taxNote) section(c, L.tax, [taxNoteText(inv.taxNote)]);
    section(c, L.notes, inv.notes ? [inv.notes] : []);
    section(c, L.terms, inv.terms ? [inv.terms] : []);
    section(c, L.paymentInstructions, inv.paymentInstructions);
    if (inv.payUrl) section(c, L.payOnline, [inv.payUrl], inv.payUrl);
    footers(c);
  });
}
