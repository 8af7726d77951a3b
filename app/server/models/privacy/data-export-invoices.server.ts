import { db } from "~/server/db/db.server";
import { fileStore } from "~/server/storage/storage.server";
import type { ExportFile } from "./data-export-projects.server";

// The billing half of "Download my data": the company's issued invoices and
// credit notes as the portal shows them (never drafts, which were never sent), with their lines
// and payments, and each stored PDF, the same bytes the client was sent. Amounts are integers in
// the currency's minor unit, as stored (decision 0081).

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export async function exportInvoices(companyId: string): Promise<{ invoices: unknown[]; stored: ExportFile[] }> {
  const invoices = await db()
    .selectFrom("invoices")
    .select([
      "id",
      "kind",
      "number",
      "status",
      "currency",
      "issueDate",
      "dueDate",
      "billingName",
      "billingAddress",
      "billingEmail",
      "clientTaxId",
      "taxNote",
      "notes",
      "terms",
      "subtotal",
      "discount",
      "taxTotal",
      "total",
      "paid",
      "credited",
      "correctsInvoiceId",
      "voidReason",
      "issuedAt",
      "pdfFileKey",
      "pdfSha256",
    ])
    .where("companyId", "=", companyId)
    .where("status", "!=", "draft")
    .orderBy("issuedAt")
    .orderBy("id")
    .execute();
  const ids = invoices.map((i) => i.id);
  const [lines, payments] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db()
            .selectFrom("invoiceLines")
            .select(["invoiceId", "position", "description", "quantityMilli", "unitPrice", "taxRateBp", "net", "tax"])
            .where("invoiceId", "in", ids)
            .orderBy("invoiceId")
            .orderBy("position")
            .execute(),
          db()
            .selectFrom("invoicePayments")
            .select(["invoiceId", "amount", "currency", "method", "paidOn", "reference", "refunded", "createdAt"])
            .where("invoiceId", "in", ids)
            .orderBy("createdAt")
            .execute(),
        ]);
  const stored: ExportFile[] = [];
  for (const invoice of invoices) {
    if (!invoice.pdfFileKey || !invoice.number) continue;
    const stat = await fileStore().stat(invoice.pdfFileKey);
    if (stat)
      stored.push({
        path: `files/invoices/${invoice.number.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`,
        key: invoice.pdfFileKey,
        size: stat.size,
        modifiedAt: Number(invoice.issuedAt ?? 0),
      });
  }
  return {
    invoices: invoices.map(({ pdfFileKey: _key, issuedAt, ...invoice }) => ({
      ...invoice,
      issuedAt: iso(issuedAt),
      lines: lines.filter((l) => l.invoiceId === invoice.id).map(({ invoiceId: _id, ...line }) => line),
      payments: payments
        .filter((p) => p.invoiceId === invoice.id)
        .map(({ invoiceId: _id, createdAt, ...payment }) => ({ ...payment, recordedAt: iso(createdAt) })),
    })),
    stored,
  };
}
