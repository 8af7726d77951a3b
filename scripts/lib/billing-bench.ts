// The billing figures for `npm run bench`: the time to issue a 50-line invoice and file
// its PDF (the number taken in one write transaction, then the PDF rendered and stored: the model
// call staff wait on), and the longest the event loop was held meanwhile. Timed in this process on
// the database given in DATABASE_URL (the bench's SQLite file, or a throw-away PostgreSQL schema).
// A second invoice's issue runs alongside each timed one, as two staff members would.
// Prints one JSON line: { dialect, lines, rounds, issue: {p50, p95, max}, loopMaxMs, pdfBytes }.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { closeDb, currentDialect, db, migrateToLatest } from "../../app/server/db/db.server";
import { summary, withBenchDatabase } from "./bench-database";
import { issueAndFile, invoicePdf } from "../../app/server/models/billing/invoice-delivery.server";
import { createInvoiceDraft, type InvoiceDraftInput } from "../../app/server/models/billing/invoices.server";

const LINES = 50;
const ROUNDS = Number(process.env.BENCH_BILLING_ROUNDS ?? 40);
const WARMUP = 3;
const FINANCE = { id: "bench-finance", email: "finance@bench.example", name: "Bench Finance" };

const draft: InvoiceDraftInput = {
  currency: "EUR",
  netDays: 14,
  discountBp: 500,
  notes: "Thank you for your business.",
  terms: "Payment due within 14 days.",
  taxNote: null,
  clientTaxId: "DE123456789",
  billingName: "Kestrel GmbH",
  billingAddress: "Hauptstraße 1\n10115 Berlin\nGermany",
  billingEmail: "accounts@kestrel.example",
  lines: Array.from({ length: LINES }, (_, i) => ({
    description: `Sprint ${i + 1}: design, build and review of the delivery tracking screens`,
    quantityMilli: 1_000 + ((i * 250) % 8_000),
    unitPrice: 6_500 + i * 125,
    taxRateBp: [2000, 700, 0][i % 3]!,
  })),
};

const storage = mkdtempSync(path.join(os.tmpdir(), "billing-bench-"));
process.env.STORAGE_DIR = storage;
try {
  const figures = await withBenchDatabase(async () => {
    await migrateToLatest();
    const companyId = `bench-company-${randomBytes(4).toString("hex")}`;
    const now = Date.now();
    await db().insertInto("companies").values({ id: companyId, name: "Kestrel GmbH", createdAt: now, updatedAt: now }).execute();
    const newDraft = () => createInvoiceDraft(FINANCE, companyId, draft);
    const issueTimed = async ({ id, version }: { id: string; version: number }) => {
      const started = performance.now();
      await issueAndFile(FINANCE, id, version);
      return { id, ms: performance.now() - started };
    };
    for (let i = 0; i < WARMUP; i++) await issueTimed(await newDraft());
    // Only the issuing is watched: writing the drafts (50 lines each) is the editor's save, not this.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    const times: number[] = [];
    let last = "";
    for (let i = 0; i < ROUNDS; i++) {
      const drafts = [await newDraft(), await newDraft()];
      loop.enable();
      const [timed] = await Promise.all(drafts.map(issueTimed));
      loop.disable();
      times.push(timed!.ms);
      last = timed!.id;
    }
    const pdf = await invoicePdf(last);
    return {
      dialect: currentDialect(),
      lines: LINES,
      rounds: ROUNDS,
      issue: summary(times),
      loopMaxMs: loop.max / 1e6,
      pdfBytes: pdf.bytes.length,
    };
  });
  console.log(JSON.stringify(figures));
} finally {
  await closeDb();
  rmSync(storage, { recursive: true, force: true });
}
