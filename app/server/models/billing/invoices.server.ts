import { newId } from "~/lib/ids";
import type { TaxNote } from "~/lib/invoice-document";
import { AmountOverflow, computeTotals, isCurrency, MAX_AMOUNT, type Totals } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { readPlace } from "~/server/brand/locale.server";
import { db, type Db, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import { getBillingSettings } from "./billing-settings.server";
import { invoiceForChange, notFound } from "./invoice-views.server";

// Drafts: staff write an invoice for a company; until it is issued it has no number and
// may change. Every save recomputes the lines and totals on the server (lib/money.ts) and checks the
// version the editor loaded, so a second editor is told instead of silently overwriting.
// Reads are in invoices-read.server.ts; issuing, voiding and credit notes in invoice-issue.server.ts.

export interface InvoiceLineInput {
  description: string;
  /** Thousandths of a unit; positive on an invoice. */
  quantityMilli: number;
  /** Minor units; zero or more on an invoice. */
  unitPrice: number;
  /** Basis points, 0..10000. */
  taxRateBp: number;
  projectId?: string | null;
  milestoneId?: string | null;
}

export interface InvoiceDraftInput {
  currency: string;
  netDays: number;
  /** A percentage off every line, basis points 0..10000 (decision 0081). */
  discountBp: number;
  notes: string;
  terms: string;
  taxNote: TaxNote | null;
  clientTaxId: string;
  billingName: string;
  /** One line each. */
  billingAddress: string;
  billingEmail: string;
  lines: InvoiceLineInput[];
}

export interface WriteOptions {
  /** Another database handle (a second instance in tests); db() by default. */
  database?: Db;
  now?: number;
}

export const MAX_LINES = 200;
export const STALE_DRAFT = "This draft changed since you opened it: reload it to see the changes, then make yours again.";
export const ISSUED_IS_FINAL = "This invoice has been issued and can no longer change: correct it with a credit note, or void it.";
const TAX_NOTES: readonly string[] = ["reverse-charge", "zero-rated"];

/** Checks a draft's fields and computes its amounts; refuses with the field at fault. */
export function checkDraft(input: InvoiceDraftInput): Totals {
  if (!isCurrency(input.currency)) throw new Refusal("invalid", "Choose a known currency (ISO 4217).", { field: "currency" });
  if (!Number.isInteger(input.netDays) || input.netDays < 0 || input.netDays > 365)
    throw new Refusal("invalid", "Payment terms are 0 to 365 days.", { field: "netDays" });
  if (!Number.isInteger(input.discountBp) || input.discountBp < 0 || input.discountBp > 10_000)
    throw new Refusal("invalid", "A discount is between 0 and 100 %.", { field: "discountBp" });
  if (input.taxNote !== null && !TAX_NOTES.includes(input.taxNote))
    throw new Refusal("invalid", "Choose a tax note from the list.", { field: "taxNote" });
  if (!input.billingName.trim()) throw new Refusal("invalid", "Enter the name the invoice is addressed to.", { field: "billingName" });
  if (input.lines.length > MAX_LINES) throw new Refusal("invalid", `An invoice has at most ${MAX_LINES} lines.`, { field: "lines" });
  input.lines.forEach((line, i) => {
    const at = (what: string) => new Refusal("invalid", `Line ${i + 1}: ${what}`, { field: `lines[${i}]` });
    if (!line.description.trim() || line.description.length > 1000) throw at("describe it in 1 to 1000 characters.");
    if (!Number.isSafeInteger(line.quantityMilli) || line.quantityMilli <= 0) throw at("the quantity must be more than zero.");
    if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0) throw at("the unit price cannot be negative.");
    if (!Number.isInteger(line.taxRateBp) || line.taxRateBp < 0 || line.taxRateBp > 10_000) throw at("a tax rate is between 0 and 100 %.");
  });
  try {
    return computeTotals(input.lines, input.discountBp);
  } catch (error) {
    if (error instanceof AmountOverflow)
      throw new Refusal("invalid", `${error.message} The largest amount is ${MAX_AMOUNT}.`, { field: "lines" });
    throw error;
  }
}

/** Projects and milestones named on lines must be the company's own. */
async function checkLinks(trx: Trx, companyId: string, lines: InvoiceLineInput[]): Promise<void> {
  for (const [i, line] of lines.entries()) {
    if (line.milestoneId) {
      const m = await trx
        .selectFrom("milestones")
        .innerJoin("projects", "projects.id", "milestones.projectId")
        .select(["milestones.projectId", "projects.companyId"])
        .where("milestones.id", "=", line.milestoneId)
        .executeTakeFirst();
      if (!m || m.companyId !== companyId || (line.projectId && line.projectId !== m.projectId))
        throw new Refusal("invalid", `Line ${i + 1}: that milestone is not one of this client's projects.`, { field: `lines[${i}]` });
      line.projectId = m.projectId;
    } else if (line.projectId) {
      const p = await trx.selectFrom("projects").select("companyId").where("id", "=", line.projectId).executeTakeFirst();
      if (!p || p.companyId !== companyId)
        throw new Refusal("invalid", `Line ${i + 1}: that project is not one of this client's.`, { field: `lines[${i}]` });
    }
  }
}

async function writeLines(trx: Trx, invoiceId: string, lines: InvoiceLineInput[], totals: Totals): Promise<void> {
  await trx.deleteFrom("invoiceLines").where("invoiceId", "=", invoiceId).execute();
  for (const [i, line] of lines.entries()) {
    await trx
      .insertInto("invoiceLines")
      .values({
        id: newId(),
        invoiceId,
        position: i + 1,
        description: line.description.trim(),
        quantityMilli: line.quantityMilli,
        unitPrice: line.unitPrice,
        taxRateBp: line.taxRateBp,
        net: totals.lines[i]!.net,
        tax: totals.lines[i]!.tax,
        projectId: line.projectId ?? null,
        milestoneId: line.milestoneId ?? null,
        correctsLineId: null,
      })
      .execute();
  }
}

const amountColumns = (totals: Totals) => ({
  subtotal: totals.subtotal,
  discount: totals.discount,
  taxTotal: totals.taxTotal,
  total: totals.total,
});

const fieldsOf = (input: InvoiceDraftInput) => ({
  currency: input.currency,
  netDays: input.netDays,
  discountBp: input.discountBp,
  notes: input.notes.trim(),
  terms: input.terms.trim(),
  taxNote: input.taxNote,
  clientTaxId: input.clientTaxId.trim(),
  billingName: input.billingName.trim(),
  billingAddress: input.billingAddress.trim(),
  billingEmail: input.billingEmail.trim(),
});

/**
 * What a new draft for the company starts from: the agency's currency and terms, and the billing
 * details of the company's latest invoice (else its name).
 */
export async function draftDefaults(companyId: string, executor: Db | Trx = db()): Promise<InvoiceDraftInput> {
  const company = await executor.selectFrom("companies").select("name").where("id", "=", companyId).executeTakeFirst();
  if (!company) throw new Refusal("not-found", "This client does not exist, or is no longer there.");
  const [place, settings, last] = await Promise.all([
    readPlace(executor),
    getBillingSettings(executor),
    executor
      .selectFrom("invoices")
      .select(["billingName", "billingAddress", "billingEmail", "clientTaxId"])
      .where("companyId", "=", companyId)
      .where("kind", "=", "invoice")
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    currency: place.value.currency,
    netDays: settings.netDays,
    discountBp: 0,
    notes: "",
    terms: "",
    taxNote: null,
    clientTaxId: last?.clientTaxId ?? "",
    billingName: last?.billingName ?? company.name,
    billingAddress: last?.billingAddress ?? "",
    billingEmail: last?.billingEmail ?? "",
    lines: [],
  };
}

/** A new draft for the company (its fields over `draftDefaults`); returns its id and version. */
export async function createInvoiceDraft(
  actor: Actor,
  companyId: string,
  input: Partial<InvoiceDraftInput> = {},
  { database = db(), now = Date.now() }: WriteOptions = {},
): Promise<{ id: string; version: number }> {
  return writeTransaction((trx) => insertInvoiceDraft(trx, actor, companyId, input, now), database);
}

/** Writes a new draft in `trx` (a retainer's run writes it in the transaction that moves its date). */
export async function insertInvoiceDraft(
  trx: Trx,
  actor: Actor,
  companyId: string,
  input: Partial<InvoiceDraftInput>,
  now: number,
): Promise<{ id: string; version: number }> {
  const company = await trx.selectFrom("companies").select("closedAt").where("id", "=", companyId).executeTakeFirst();
  if (company?.closedAt) throw new Refusal("conflict", "This client is closed: reopen it before invoicing it.");
  const draft = { ...(await draftDefaults(companyId, trx)), ...input };
  const totals = checkDraft(draft);
  await checkLinks(trx, companyId, draft.lines);
  const id = newId();
  await trx
    .insertInto("invoices")
    .values({
      id,
      kind: "invoice",
      companyId,
      status: "draft",
      ...fieldsOf(draft),
      ...amountColumns(totals),
      paid: 0,
      credited: 0,
      version: 1,
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await writeLines(trx, id, draft.lines, totals);
  await recordAudit(
    trx,
    actor,
    { action: "invoice.create", entity: "invoice", entityId: id, detail: { companyId, total: totals.total } },
    now,
  );
  return { id, version: 1 };
}

/** The draft as it is in the database, refusing anything else (an issued invoice, a stale version). */
export async function draftForChange(trx: Trx, id: string, version: number) {
  const row = await invoiceForChange(trx, id);
  if (row.status !== "draft") throw new Refusal("conflict", ISSUED_IS_FINAL);
  if (row.version !== version) throw new Refusal("conflict", STALE_DRAFT);
  return row;
}

/**
 * Saves the whole draft (fields and lines) if nobody saved it since `version`; returns the new
 * version. The update is conditional on the version too, so two saves at once cannot both pass.
 */
export async function updateInvoiceDraft(
  actor: Actor,
  id: string,
  version: number,
  input: InvoiceDraftInput,
  { database = db(), now = Date.now() }: WriteOptions = {},
): Promise<{ version: number }> {
  return writeTransaction(async (trx) => {
    const row = await draftForChange(trx, id, version);
    const totals = checkDraft(input);
    await checkLinks(trx, row.companyId, input.lines);
    const result = await trx
      .updateTable("invoices")
      .set({ ...fieldsOf(input), ...amountColumns(totals), version: version + 1, updatedAt: now })
      .where("id", "=", id)
      .where("version", "=", version)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new Refusal("conflict", STALE_DRAFT);
    await writeLines(trx, id, input.lines, totals);
    await recordAudit(trx, actor, { action: "invoice.update", entity: "invoice", entityId: id, detail: { total: totals.total } }, now);
    return { version: version + 1 };
  }, database);
}

/** Deletes a draft (an issued invoice is never deleted: void it). */
export async function deleteInvoiceDraft(
  actor: Actor,
  id: string,
  version: number,
  { database = db(), now = Date.now() }: WriteOptions = {},
) {
  await writeTransaction(async (trx) => {
    await draftForChange(trx, id, version);
    await trx.deleteFrom("invoiceLines").where("invoiceId", "=", id).execute();
    const result = await trx
      .deleteFrom("invoices")
      .where("id", "=", id)
      .where("version", "=", version)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw notFound();
    await recordAudit(trx, actor, { action: "invoice.delete", entity: "invoice", entityId: id }, now);
  }, database);
}
