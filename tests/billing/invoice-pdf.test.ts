import { monitorEventLoopDelay } from "node:perf_hooks";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, test, vi } from "vitest";
import { formatMinorUnits, formatTaxRate } from "~/lib/money-format";
import { renderInvoicePdf } from "~/server/documents/invoice-pdf.server";
import { invoiceDocument, line } from "./invoice-fixtures";

/** The PDF's text, all pages, with runs of white space made one space. */
async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, " ") };
}

const lines = [
  line("Discovery workshop with Zoë and the product team", 1000, 120_000, 2000),
  line("Design system: components, tokens and documentation", 2500, 80_000, 2000),
  line("Hosting for November (reduced rate)", 1000, 5_000, 700),
];

describe.each([
  { currency: "JPY", locale: "en-US", scale: 1 },
  { currency: "EUR", locale: "de-DE", scale: 1 },
  { currency: "BHD", locale: "en-GB", scale: 10 },
])("An invoice in $currency", ({ currency, locale, scale }) => {
  const doc = invoiceDocument({
    currency,
    locale,
    lines: lines.map((l) => line(l.description, l.quantityMilli, l.unitPrice * scale, l.taxRateBp)),
  });

  test("shows its number, the client, every line, each tax rate's summary and the total as the currency writes it", async () => {
    const { text, pages } = await pdfText(await renderInvoicePdf(doc));
    expect(pages).toBe(1);
    expect(text).toContain("Invoice INV-2026-0042");
    expect(text).toContain("Zoë Müller GmbH");
    for (const item of doc.lines) expect(text).toContain(item.description);
    const percent = (bp: number) => formatTaxRate(bp, locale).replace(/\s/g, " ");
    expect(text).toContain(`Tax ${percent(2000)}`);
    expect(text).toContain(`Tax ${percent(700)}`);
    for (const row of doc.taxSummary) expect(text).toContain(formatMinorUnits(row.tax, currency, locale).replace(/\s/g, " "));
    const total = formatMinorUnits(doc.total, currency, locale).replace(/\s/g, " ");
    expect(text).toContain(total);
    // The exponent is the currency's: no decimals in yen, three in dinars.
    if (currency === "JPY") expect(total).not.toMatch(/[.,]\d{2}$/);
    if (currency === "BHD") expect(total).toMatch(/\.\d{3}$/);
  });
});

test("A credit note is titled so and names the invoice it corrects", async () => {
  const doc = invoiceDocument({
    kind: "credit-note",
    number: "CN-2026-0003",
    correctsNumber: "INV-2026-0042",
    lines: [line("Refund of the hosting line", 1000, -5_000, 2000)],
  });
  const { text } = await pdfText(await renderInvoicePdf(doc));
  expect(text).toContain("Credit note CN-2026-0003");
  expect(text).toContain("Corrects INV-2026-0042");
  expect(text).not.toContain("Invoice CN-2026-0003");
});

test("A reverse-charge invoice carries the note, its notes, terms, bank details and the pay link", async () => {
  const doc = invoiceDocument({ lines: [line("Consulting", 1000, 100_000, 0)], taxNote: "reverse-charge", notes: "Thank you, Zoë!" });
  const { text } = await pdfText(await renderInvoicePdf(doc));
  expect(text).toContain("Reverse charge");
  expect(text).toContain("Thank you, Zoë!");
  expect(text).toContain("Payment due within 14 days");
  expect(text).toContain("IBAN: GB33 BUKB 2020 1555 5555 55");
  expect(text).toContain("https://agency.example/portal/billing/inv_1");
  expect(text).toContain("GB123456789");
  expect(text).toContain("DE811907980");
});

test("Sixty lines run over several pages, every line still there", async () => {
  const many = Array.from({ length: 60 }, (_, i) => line(`Sprint ${i + 1} development`, 1000, 50_000, 2000));
  const doc = invoiceDocument({ lines: many });
  const started = performance.now();
  const bytes = await renderInvoicePdf(doc);
  const { text, pages } = await pdfText(bytes);
  expect(pages).toBeGreaterThan(1);
  for (const item of many) expect(text).toContain(item.description);
  // Timing is printed, not asserted (two shared cores); the first render also decodes the fonts.
  const fifty = invoiceDocument({ lines: many.slice(0, 50) });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const warm = performance.now();
  await renderInvoicePdf(fifty);
  const took = performance.now() - warm;
  loop.disable();
  console.info(
    `PDF: 60 lines in ${Math.round(warm - started)} ms (cold), 50 lines in ${Math.round(took)} ms (warm), ` +
      `event loop blocked up to ${Math.round(loop.max / 1e6)} ms`,
  );
});

test("The same document gives the same bytes, and another issue date other bytes", async () => {
  const doc = invoiceDocument({ lines });
  const first = await renderInvoicePdf(doc);
  const second = await renderInvoicePdf(structuredClone(doc));
  expect(second.equals(first)).toBe(true);
  const later = await renderInvoicePdf({ ...doc, issueDate: "2026-11-30" });
  expect(later.equals(first)).toBe(false);
  // A fresh process decodes the fonts anew: its first render gives the same bytes too.
  vi.resetModules();
  const fresh = await import("~/server/documents/invoice-pdf.server");
  expect((await fresh.renderInvoicePdf(doc)).equals(first)).toBe(true);
});

test("Renders running at the same time share the fonts and still give each document its own bytes", async () => {
  const other = invoiceDocument({ number: "INV-2026-0043", lines: [line("Ελένη: 12.5 hours, 3:00 calls", 12_500, 8_000, 1000)] });
  const many = invoiceDocument({ lines: Array.from({ length: 20 }, (_, i) => line(`Item ${i}: a.b.c`, 1000, 1_000 + i, 2000)) });
  const alone = [await renderInvoicePdf(other), await renderInvoicePdf(many)];
  const together = await Promise.all([renderInvoicePdf(many), renderInvoicePdf(other), renderInvoicePdf(many)]);
  expect(together[0]?.equals(alone[1] as Buffer)).toBe(true);
  expect(together[1]?.equals(alone[0] as Buffer)).toBe(true);
  expect(together[2]?.equals(alone[1] as Buffer)).toBe(true);
  expect((await pdfText(alone[0] as Buffer)).text).toContain("Ελένη: 12.5 hours, 3:00 calls");
});

test("A currency symbol the fonts lack is written as its code", async () => {
  const doc = invoiceDocument({ currency: "JPY", locale: "ja-JP", lines: [line("Translation", 1000, 5_000, 1000)] });
  const { text } = await pdfText(await renderInvoicePdf(doc));
  expect(text).toContain(formatMinorUnits(5_500, "JPY", "ja-JP", { display: "code" }).replace(/\s/g, " "));
  expect(text).not.toContain("￥");
});

test("The agency's logo heads the PDF when there is one, its name in the brand colour otherwise", async () => {
  const png = await sharp({ create: { width: 64, height: 16, channels: 3, background: "#3730a3" } })
    .png()
    .toBuffer();
  const plain = invoiceDocument({ lines });
  const withLogo = invoiceDocument({ lines, agency: { ...plain.agency, logo: { bytes: png, type: "image/png" } } });
  const logoPdf = await renderInvoicePdf(withLogo);
  expect(logoPdf.includes("/Subtype /Image")).toBe(true);
  expect((await renderInvoicePdf(plain)).includes("/Subtype /Image")).toBe(false);
  // The name still appears as the sender's, under From.
  expect((await pdfText(logoPdf)).text).toContain("FROM Indigo Kite Technologies");
});

test("Names and symbols beyond Latin-1 are written in the embedded font, the rupee included", async () => {
  const doc = invoiceDocument({
    currency: "INR",
    locale: "en-IN",
    client: { name: "Ελένη Юлия Łódź", addressLines: ["Mumbai"], taxId: null, email: null },
    lines: [line("Website", 1000, 10_000_000, 1800)],
  });
  const { text } = await pdfText(await renderInvoicePdf(doc));
  expect(text).toContain("Ελένη Юлия Łódź");
  expect(text).toContain("₹1,18,000.00");
});
