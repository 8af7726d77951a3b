import type { Selectable } from "kysely";
import type { InvoiceKind, TaxNote } from "~/lib/invoice-document";
import { Refusal } from "~/lib/refusal";
import type { Executor } from "~/server/db/db.server";
import type { InvoiceLineTable, InvoiceTable } from "~/server/db/schema";

// What the billing models return: one shape for the staff console and the portal (a member's reads
// are scoped to their company and never include drafts). Leaf module: the writes and reads import it.

export type InvoiceStatus = "draft" | "issued" | "sent" | "viewed" | "partially-paid" | "paid" | "void";
/** Issued and not yet settled: these can be paid, and become overdue after their due date. */
export const OPEN_STATUSES: readonly InvoiceStatus[] = ["issued", "sent", "viewed", "partially-paid"];

export interface InvoiceSummary {
  id: string;
  kind: InvoiceKind;
  number: string | null;
  status: InvoiceStatus;
  /** Open, past its due date (in the agency's zone) and not settled. Derived, never stored. */
  overdue: boolean;
  companyId: string;
  companyName: string;
  billingName: string;
  currency: string;
  issueDate: string | null;
  dueDate: string | null;
  /** Minor units. A credit note's total is negative. */
  total: number;
  paid: number;
  /** Taken off by credit notes (positive). */
  credited: number;
  /** total − credited − paid; 0 on a credit note and a void invoice. */
  balance: number;
  createdAt: number;
}

export interface InvoiceLineView {
  id: string;
  position: number;
  description: string;
  quantityMilli: number;
  unitPrice: number;
  taxRateBp: number;
  net: number;
  tax: number;
  projectId: string | null;
  milestoneId: string | null;
  correctsLineId: string | null;
}

export interface InvoiceDetail extends InvoiceSummary {
  /** Pass it back to update or issue a draft (optimistic lock). */
  version: number;
  netDays: number;
  discountBp: number;
  notes: string;
  terms: string;
  taxNote: TaxNote | null;
  clientTaxId: string;
  billingAddress: string;
  billingEmail: string;
  subtotal: number;
  discount: number;
  taxTotal: number;
  correctsInvoiceId: string | null;
  voidReason: string | null;
  voidedAt: number | null;
  issuedAt: number | null;
  sentAt: number | null;
  viewedAt: number | null;
  pdfFileKey: string | null;
  pdfSha256: string | null;
  lines: InvoiceLineView[];
}

export type InvoiceRow = Selectable<InvoiceTable> & { companyName: string };

export const NOT_FOUND = "This invoice does not exist, or is no longer there.";
export const notFound = () => new Refusal("not-found", NOT_FOUND);

export function balanceOf(row: Pick<InvoiceRow, "kind" | "status" | "total" | "credited" | "paid">): number {
  if (row.kind !== "invoice" || row.status === "void" || row.status === "draft") return 0;
  return Number(row.total) - Number(row.credited) - Number(row.paid);
}

export function isOverdue(row: Pick<InvoiceRow, "kind" | "status" | "total" | "credited" | "paid" | "dueDate">, today: string): boolean {
  return (
    row.kind === "invoice" &&
    OPEN_STATUSES.includes(row.status as InvoiceStatus) &&
    row.dueDate !== null &&
    row.dueDate < today &&
    balanceOf(row) > 0
  );
}

export function summaryOf(row: InvoiceRow, today: string): InvoiceSummary {
  return {
    id: row.id,
    kind: row.kind as InvoiceKind,
    number: row.number,
    status: row.status as InvoiceStatus,
    overdue: isOverdue(row, today),
    companyId: row.companyId,
    companyName: row.companyName,
    billingName: row.billingName,
    currency: row.currency,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    total: Number(row.total),
    paid: Number(row.paid),
    credited: Number(row.credited),
    balance: balanceOf(row),
    createdAt: Number(row.createdAt),
  };
}

export function lineViewOf(row: Selectable<InvoiceLineTable>): InvoiceLineView {
  return {
    id: row.id,
    position: row.position,
    description: row.description,
    quantityMilli: Number(row.quantityMilli),
    unitPrice: Number(row.unitPrice),
    taxRateBp: row.taxRateBp,
    net: Number(row.net),
    tax: Number(row.tax),
    projectId: row.projectId,
    milestoneId: row.milestoneId,
    correctsLineId: row.correctsLineId,
  };
}

export function detailOf(row: InvoiceRow, lines: Selectable<InvoiceLineTable>[], today: string): InvoiceDetail {
  return {
    ...summaryOf(row, today),
    version: row.version,
    netDays: row.netDays,
    discountBp: row.discountBp,
    notes: row.notes,
    terms: row.terms,
    taxNote: row.taxNote as TaxNote | null,
    clientTaxId: row.clientTaxId,
    billingAddress: row.billingAddress,
    billingEmail: row.billingEmail,
    subtotal: Number(row.subtotal),
    discount: Number(row.discount),
    taxTotal: Number(row.taxTotal),
    correctsInvoiceId: row.correctsInvoiceId,
    voidReason: row.voidReason,
    voidedAt: row.voidedAt === null ? null : Number(row.voidedAt),
    issuedAt: row.issuedAt === null ? null : Number(row.issuedAt),
    sentAt: row.sentAt === null ? null : Number(row.sentAt),
    viewedAt: row.viewedAt === null ? null : Number(row.viewedAt),
    pdfFileKey: row.pdfFileKey,
    pdfSha256: row.pdfSha256,
    lines: lines.map(lineViewOf),
  };
}

/** The invoice row with its company's name (any company: callers scope it). */
export function invoiceQuery(executor: Executor) {
  return executor
    .selectFrom("invoices")
    .innerJoin("companies", "companies.id", "invoices.companyId")
    .selectAll("invoices")
    .select("companies.name as companyName");
}

export async function linesOf(executor: Executor, invoiceId: string): Promise<Selectable<InvoiceLineTable>[]> {
  return executor.selectFrom("invoiceLines").selectAll().where("invoiceId", "=", invoiceId).orderBy("position").execute();
}

/** The row of an invoice to change, read inside the write (not scoped: staff only). */
export async function invoiceForChange(executor: Executor, id: string): Promise<InvoiceRow> {
  const row = await invoiceQuery(executor).where("invoices.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The status an issued invoice's money gives it: paid, partly paid, else how far its delivery got. */
export function settledStatus(row: {
  total: number;
  credited: number;
  paid: number;
  sentAt: number | null;
  viewedAt: number | null;
}): InvoiceStatus {
  const due = Number(row.total) - Number(row.credited);
  const paid = Number(row.paid);
  if (paid > 0 && paid >= due) return "paid";
  if (paid > 0) return "partially-paid";
  return row.viewedAt !== null ? "viewed" : row.sentAt !== null ? "sent" : "issued";
}
