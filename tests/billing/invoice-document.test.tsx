import { renderToString } from "react-dom/server";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, test } from "vitest";
import { InvoiceDocumentView } from "~/components/billing/invoice-document";
import { totalRows } from "~/lib/invoice-text";
import { renderInvoicePdf } from "~/server/documents/invoice-pdf.server";
import { invoiceDocument, line } from "./invoice-fixtures";

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

const doc = invoiceDocument({
  lines: [line("Discovery workshop", 1000, 120_000, 2000), line("Hosting", 1500, 5_000, 700)],
  discount: 1_000,
  paid: 50_000,
  taxNote: "zero-rated",
  notes: "Thank you, Zoë!",
});

test("The portal's invoice view is a captioned table with column headers, every line and the totals", () => {
  const html = renderToString(<InvoiceDocumentView doc={doc} />);
  expect(html).toContain('<caption class="sr-only">Invoice lines</caption>');
  expect(html.match(/<th scope="col"/g)?.length).toBeGreaterThanOrEqual(5);
  const seen = text(html);
  expect(seen).toContain("Invoice INV-2026-0042");
  expect(seen).toContain("Discovery workshop 1 €1,200.00 20% €1,200.00");
  expect(seen).toContain("Hosting 1.5 €50.00 7% €75.00");
  expect(seen).toContain("Tax 20% Taxable amount €1,200.00 Tax amount €240.00");
  expect(seen).toContain("Discount -€10.00");
  expect(seen).toContain("Balance due");
  expect(seen).toContain("Zero-rated supply");
  expect(seen).toContain("Thank you, Zoë!");
  expect(html).toContain('href="https://agency.example/portal/billing/inv_1"');
});

test("The portal's view and the PDF show the same amounts under the same labels", async () => {
  const html = text(renderToString(<InvoiceDocumentView doc={doc} />));
  const pdf = await getDocumentProxy(new Uint8Array(await renderInvoicePdf(doc)));
  const pdfText = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, " ");
  for (const row of totalRows(doc)) {
    expect(html).toContain(`${row.label} ${row.amount}`);
    expect(pdfText).toContain(row.label);
    expect(pdfText).toContain(row.amount);
  }
});

test("A credit note's view says which invoice it corrects", () => {
  const credit = invoiceDocument({
    kind: "credit-note",
    number: "CN-2026-0001",
    correctsNumber: "INV-2026-0042",
    lines: [line("Refund", 1000, -5_000, 2000)],
  });
  const seen = text(renderToString(<InvoiceDocumentView doc={credit} />));
  expect(seen).toContain("Credit note CN-2026-0001");
  expect(seen).toContain("Corrects INV-2026-0042");
});
