import { agencyToday } from "~/server/brand/locale.server";
import { attachmentDisposition } from "./attachment.server";

// CSV exports of the staff console: RFC 4180 quoting, CRLF rows, streamed as they are read.

type Cell = string | number | null | undefined;

// OWASP "CSV Injection": a spreadsheet runs a cell that starts with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
// Excel reads a UTF-8 file as ANSI unless it starts with a byte-order mark.
const BOM = "\uFEFF";

/** One cell, always quoted, with a leading formula character neutralised by a single quote. */
function csvCell(value: Cell): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

function csvRow(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** "leads-2026-11-21.csv": the agency's date, the day its staff would say they exported it. */
export async function csvFilename(basename: string, now = Date.now()): Promise<string> {
  return `${basename}-${await agencyToday(now)}.csv`;
}

/** A downloadable CSV: the header row, then one row per item, pulled from `rows` as the client reads. */
export function csvResponse(filename: string, header: readonly string[], rows: AsyncIterable<readonly Cell[]>): Response {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvRow(header)));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvRow(next.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(filename),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
