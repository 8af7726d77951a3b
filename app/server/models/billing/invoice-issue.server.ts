import type { Brand } from "~/lib/brand";
import { computeTotals } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { calendarDateIn } from "~/lib/zoned-time";
import type { Actor } from "~/server/auth/actor.server";
import { brandIn } from "~/server/brand/brand.server";
import { readPlace } from "~/server/brand/locale.server";
import { db, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import type { BillingSettings } from "./billing-settings.server";
import { getBillingSettings } from "./billing-settings.server";
import { takeInvoiceNumber } from "./invoice-numbers.server";
import { invoiceForChange, linesOf, notFound, OPEN_STATUSES, settledStatus, type InvoiceStatus } from "./invoice-views.server";
import { draftForChange, type WriteOptions } from "./invoices.server";
import { recordWebhookEvent } from "../webhooks/webhook-changes.server";

// Issuing freezes a draft: the number (decision 0082), the dates in the agency's zone, the agency
// as it stands (name, address, tax id, bank details) and the amounts, all in one transaction with
// the audit row. After that an invoice only moves forward: sent, viewed, paid, or void with a reason.

/** The agency's party as printed on an invoice, frozen at issue (invoices.agency_snapshot). */
export interface AgencySnapshot {
  name: string;
  addressLines: string[];
  email: string | null;
  taxId: string | null;
  bankDetails: string[];
  /** The light logo's image id at issue (absent on invoices issued before logos were frozen). */
  logoImageId?: string | null;
}

export function agencySnapshot(brand: Brand, settings: BillingSettings): AgencySnapshot {
  const a = brand.address;
  const cityLine = [a.postalCode, a.city].filter(Boolean).join(" ");
  return {
    name: brand.legalName || brand.name,
    addressLines: [a.street, cityLine, a.region, a.country].map((l) => l.trim()).filter(Boolean),
    email: brand.emails.info || null,
    taxId: settings.agencyTaxId.trim() || null,
    bankDetails: settings.bankDetails
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
    logoImageId: brand.logo.light,
  };
}

/** YYYY-MM-DD plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** Issues the draft the editor saw (`version`): its number, dates and totals are final. */
export async function issueInvoice(
  actor: Actor,
  id: string,
  version: number,
  { database = db(), now = Date.now() }: WriteOptions = {},
): Promise<{ number: string; issueDate: string; dueDate: string }> {
  return writeTransaction((trx) => issueDraftIn(trx, actor, id, version, now), database);
}

/** Issues the draft inside the caller's transaction (a proposal's acceptance issues its deposit). */
export async function issueDraftIn(
  trx: Trx,
  actor: Actor,
  id: string,
  version: number,
  now: number,
): Promise<{ number: string; issueDate: string; dueDate: string }> {
  const row = await draftForChange(trx, id, version);
  const lines = await linesOf(trx, id);
  if (lines.length === 0) throw new Refusal("invalid", "An invoice needs at least one line before it is issued.", { field: "lines" });
  // The stored amounts are recomputed once more from the stored lines: what is frozen is exact.
  const totals = computeTotals(
    lines.map((l) => ({ quantityMilli: Number(l.quantityMilli), unitPrice: Number(l.unitPrice), taxRateBp: l.taxRateBp })),
    row.discountBp,
  );
  const { timeZone } = (await readPlace(trx)).value;
  const issueDate = calendarDateIn(now, timeZone);
  const dueDate = addDays(issueDate, row.netDays);
  const number = await takeInvoiceNumber(trx, "invoice", issueDate);
  const snapshot = agencySnapshot(await brandIn(trx), await getBillingSettings(trx));
  const result = await trx
    .updateTable("invoices")
    .set({
      status: "issued",
      number,
      issueDate,
      dueDate,
      agencySnapshot: JSON.stringify(snapshot),
      subtotal: totals.subtotal,
      discount: totals.discount,
      taxTotal: totals.taxTotal,
      total: totals.total,
      issuedAt: now,
      issuedBy: actor.id,
      version: version + 1,
      updatedAt: now,
    })
    .where("id", "=", id)
    .where("version", "=", version)
    .where("status", "=", "draft")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1)
    throw new Refusal("conflict", "This draft changed while it was being issued: reload it and try again.");
  for (const [i, line] of lines.entries()) {
    await trx.updateTable("invoiceLines").set({ net: totals.lines[i]!.net, tax: totals.lines[i]!.tax }).where("id", "=", line.id).execute();
  }
  await recordAudit(
    trx,
    actor,
    { action: "invoice.issue", entity: "invoice", entityId: id, detail: { number, total: totals.total, currency: row.currency } },
    now,
  );
  await recordWebhookEvent(trx, { type: "invoice.issued", id }, now);
  return { number, issueDate, dueDate };
}

/** Voids an issued invoice nobody has paid or credited; the reason is kept and shown. */
export async function voidInvoice(
  actor: Actor,
  id: string,
  reason: string,
  { database = db(), now = Date.now() }: WriteOptions = {},
): Promise<void> {
  const why = reason.trim();
  if (!why || why.length > 500) throw new Refusal("invalid", "Say why the invoice is void (up to 500 characters).", { field: "reason" });
  await writeTransaction(async (trx) => {
    const row = await invoiceForChange(trx, id);
    if (row.kind !== "invoice") throw new Refusal("conflict", "A credit note cannot be voided: issue an invoice for the amount instead.");
    if (row.status === "draft") throw new Refusal("conflict", "A draft is not voided: delete it.");
    if (row.status === "void") throw new Refusal("conflict", "This invoice is already void.");
    if (Number(row.paid) !== 0 || row.status === "paid" || row.status === "partially-paid")
      throw new Refusal("conflict", "This invoice has payments: it cannot be voided. Correct it with a credit note.");
    if (Number(row.credited) !== 0) throw new Refusal("conflict", "A credit note already corrects this invoice: it cannot be voided.");
    const result = await trx
      .updateTable("invoices")
      .set({ status: "void", voidReason: why, voidedAt: now, voidedBy: actor.id, version: row.version + 1, updatedAt: now })
      .where("id", "=", id)
      .where("status", "in", ["issued", "sent", "viewed"])
      .where("paid", "=", 0)
      .where("credited", "=", 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new Refusal("conflict", "This invoice changed meanwhile: reload it and try again.");
    await recordAudit(
      trx,
      actor,
      { action: "invoice.void", entity: "invoice", entityId: id, detail: { number: row.number, reason: why } },
      now,
    );
  }, database);
}

/** Marks the invoice sent (the mail to the billing contacts was queued in `trx`); once only. */
export async function markInvoiceSent(trx: Trx, actor: Actor, id: string, now = Date.now()): Promise<void> {
  const row = await invoiceForChange(trx, id);
  if (row.status === "draft" || row.status === "void") throw new Refusal("conflict", "Only an issued invoice is sent.");
  if (row.sentAt !== null) return;
  const status: InvoiceStatus = row.status === "issued" ? "sent" : (row.status as InvoiceStatus);
  await trx
    .updateTable("invoices")
    .set({ sentAt: now, status, version: row.version + 1, updatedAt: now })
    .where("id", "=", id)
    .execute();
  await recordAudit(trx, actor, { action: "invoice.send", entity: "invoice", entityId: id, detail: { number: row.number } }, now);
}

/** A member opened their company's invoice: the first time moves issued/sent to viewed. */
export async function markInvoiceViewed(
  actor: Actor,
  { id, companyId }: { id: string; companyId: string },
  { database = db(), now = Date.now() }: WriteOptions = {},
): Promise<void> {
  await writeTransaction(async (trx) => {
    const row = await invoiceForChange(trx, id);
    if (row.companyId !== companyId || row.status === "draft") throw notFound();
    if (row.viewedAt !== null || row.kind !== "invoice") return;
    const status = OPEN_STATUSES.includes(row.status as InvoiceStatus) ? settledStatus({ ...row, viewedAt: now }) : row.status;
    await trx
      .updateTable("invoices")
      .set({ viewedAt: now, status, version: row.version + 1, updatedAt: now })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, { action: "invoice.view", entity: "invoice", entityId: id, detail: { number: row.number } }, now);
  }, database);
}

/** The PDF stored at issue (the lead's PDF step): recorded once, the same bytes forever after. */
export async function recordInvoicePdf(trx: Trx, id: string, pdf: { fileKey: string; sha256: string }): Promise<boolean> {
  const result = await trx
    .updateTable("invoices")
    .set({ pdfFileKey: pdf.fileKey, pdfSha256: pdf.sha256 })
    .where("id", "=", id)
    .where("status", "!=", "draft")
    .where("pdfFileKey", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
