import type { SignedProposalDocument } from "~/lib/proposal-document";
import { formatMinorUnits, formatQuantity, formatTaxRate } from "~/lib/money-format";
import { writePdf } from "./pdf-document.server";
import { block, line } from "./pdf-pen.server";

// The signed proposal as a PDF: the accepted content with the chosen items and totals, then a
// certificate page with the signature trail (who, when, from where, and the SHA-256 of the exact
// document accepted). Like the invoice, the same document always gives the same bytes: its dates
// come from the signature, not the clock.

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;
const BOTTOM = 841.89 - MARGIN - 20;
const MUTED = "#6b7280";
const SIZE = 10;

function room(doc: PDFKit.PDFDocument, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return MARGIN;
}

function heading(doc: PDFKit.PDFDocument, text: string, y: number, size = 13): number {
  const at = room(doc, y, size + 30);
  line(doc, text, MARGIN, at, { size });
  return at + size + 8;
}

function paragraph(doc: PDFKit.PDFDocument, text: string, y: number, style: { size?: number; colour?: string } = {}): number {
  let at = y;
  for (const part of text.split(/\r?\n/)) {
    at = room(doc, at, 14);
    at = block(doc, part === "" ? " " : part, MARGIN, at, WIDTH, { size: style.size ?? SIZE, colour: style.colour }) + 2;
  }
  return at + 6;
}

function body(doc: PDFKit.PDFDocument, p: SignedProposalDocument): void {
  const money = (minor: number) => formatMinorUnits(minor, p.content.currency, p.locale);
  let y = MARGIN;
  line(doc, p.agencyName, MARGIN, y, { size: 11, colour: MUTED });
  y += 22;
  line(doc, p.content.title, MARGIN, y, { size: 20 });
  y += 30;
  y = paragraph(doc, `For ${p.clientName} · version ${p.version} · valid until ${p.content.validUntil}`, y, { colour: MUTED });
  for (const section of p.content.sections) {
    if (section.heading) y = heading(doc, section.heading, y + 6);
    y = paragraph(doc, section.body, y);
  }
  if (p.content.phases.length > 0) {
    y = heading(doc, "Phases", y + 6);
    for (const [i, phase] of p.content.phases.entries()) {
      const due = phase.dueInDays === null ? "" : ` (due ${phase.dueInDays} days after acceptance)`;
      y = paragraph(doc, `${i + 1}. ${phase.title}${due}${phase.description ? ` — ${phase.description}` : ""}`, y);
    }
  }
  y = heading(doc, "Items accepted", y + 6);
  const chosen = new Set(p.optionalIds);
  for (const item of p.content.items) {
    const included = !item.optional || chosen.has(item.id);
    const label = `${included ? "[x]" : "[ ]"} ${item.description}${item.optional ? " (optional)" : ""}`;
    const amount = `${formatQuantity(item.quantityMilli, p.locale)} × ${money(item.unitPrice)} · ${formatTaxRate(item.taxRateBp, p.locale)}`;
    y = room(doc, y, 16);
    line(doc, label, MARGIN, y, { size: SIZE, colour: included ? undefined : MUTED });
    line(doc, amount, MARGIN + WIDTH, y, { size: SIZE, colour: included ? undefined : MUTED, align: "right" });
    y += 16;
  }
  y += 6;
  for (const row of p.taxSummary) {
    y = room(doc, y, 14);
    line(doc, `Tax ${formatTaxRate(row.taxRateBp, p.locale)} on ${money(row.net)}`, MARGIN + WIDTH, y, {
      size: SIZE,
      colour: MUTED,
      align: "right",
    });
    line(doc, money(row.tax), MARGIN + WIDTH - 260, y, { size: SIZE, colour: MUTED, align: "right" });
    y += 14;
  }
  y = room(doc, y, 18);
  line(doc, `Total ${money(p.total)}`, MARGIN + WIDTH, y + 4, { size: 12, align: "right" });
  y += 22;
  if (p.deposit > 0) y = paragraph(doc, `Deposit invoiced on acceptance: ${money(p.deposit)}`, y);
  if (p.content.terms) {
    y = heading(doc, "Terms", y + 6);
    paragraph(doc, p.content.terms, y);
  }
}

function certificate(doc: PDFKit.PDFDocument, p: SignedProposalDocument): void {
  doc.addPage();
  let y = MARGIN;
  line(doc, "Certificate of electronic signature", MARGIN, y, { size: 18 });
  y += 30;
  y = paragraph(
    doc,
    `${p.content.title}, version ${p.version}, proposed by ${p.agencyName} to ${p.clientName}. Each signer typed their full name and ticked "I agree to sign electronically". The SHA-256 below is of the exact document accepted (its content, the items chosen and the total), as stored at the moment of signing.`,
    y,
  );
  for (const s of p.signatures) {
    y = heading(doc, s.role === "client" ? "Signed by the client" : "Countersigned by the agency", y + 8, 12);
    const rows: [string, string][] = [
      ["Name", s.name],
      ["E-mail", s.email],
      ["Signed at (UTC)", s.signedAt],
      ["IP address", s.ip],
      ["Browser", s.userAgent],
      ["Drawn signature", s.drawn ? "Yes, kept with the record" : "No (typed name)"],
      ["Document SHA-256", s.documentSha256],
    ];
    for (const [label, value] of rows) {
      y = room(doc, y, 28);
      line(doc, label, MARGIN, y, { size: 9, colour: MUTED });
      y = block(doc, value, MARGIN + 110, y, WIDTH - 110, { size: 9 }) + 4;
    }
  }
}

/** The signed proposal as PDF bytes (A4). */
export function renderSignedProposalPdf(p: SignedProposalDocument): Promise<Buffer> {
  const at = new Date(p.signatures[0]?.signedAt ?? "1970-01-01T00:00:00Z");
  const info = {
    Title: p.content.title,
    Author: p.agencyName,
    Subject: p.clientName,
    Creator: p.agencyName,
    CreationDate: at,
    ModDate: at,
  };
  return writePdf({ margin: MARGIN, lang: p.locale, info }, (doc) => {
    body(doc, p);
    certificate(doc, p);
  });
}
