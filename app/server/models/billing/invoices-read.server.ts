import { sql } from "kysely";
import { agencyToday } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";
import { ilike, likePattern } from "~/server/db/like.server";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";
import {
  detailOf,
  invoiceQuery,
  linesOf,
  notFound,
  OPEN_STATUSES,
  summaryOf,
  type InvoiceDetail,
  type InvoiceStatus,
  type InvoiceSummary,
} from "./invoice-views.server";

// Reading invoices. Staff (console → Billing) see every company's, drafts included; a company's
// member sees their own company's issued invoices and credit notes only: another company's, or a
// draft, answers "not found" like an id that does not exist. "Overdue" is computed against the
// agency's today (brand/locale.server.ts), never stored.

export interface InvoiceFilters {
  /** A stored status, or "overdue" (open, past due, not settled). */
  status?: InvoiceStatus | "overdue";
  kind?: "invoice" | "credit-note";
  companyId?: string;
  /** The credit notes of one invoice. */
  correctsInvoiceId?: string;
  /** Matches the number, the company's name or the billing name. */
  search?: string;
  /** The companies the viewer may see (decision 0105). */
  scope: CompanyScope;
  limit?: number;
  offset?: number;
  /** YYYY-MM-DD; the agency's today by default. */
  today?: string;
}

/** Staff: the list with filters, newest first, and how many match in all. */
export async function listInvoices(filters: InvoiceFilters): Promise<{ invoices: InvoiceSummary[]; total: number }> {
  const today = filters.today ?? (await agencyToday());
  const query = filteredInvoices(filters, today);
  const [rows, count] = await Promise.all([
    invoicePageQuery(filters, today).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { invoices: rows.map((r) => summaryOf(r, today)), total: Number(count.n) };
}

/** The page listInvoices shows (tests/platform/hot-query-plans.test.ts explains it). */
export function invoicePageQuery(filters: InvoiceFilters, today: string) {
  return filteredInvoices(filters, today)
    .orderBy("invoices.createdAt", "desc")
    .orderBy("invoices.id", "desc")
    .limit(filters.limit ?? 50)
    .offset(filters.offset ?? 0);
}

function filteredInvoices(filters: InvoiceFilters, today: string) {
  let query = invoiceQuery(db()).where((eb) => companyIn(eb, "invoices.companyId", filters.scope));
  if (filters.kind) query = query.where("invoices.kind", "=", filters.kind);
  if (filters.companyId) query = query.where("invoices.companyId", "=", filters.companyId);
  if (filters.correctsInvoiceId) query = query.where("invoices.correctsInvoiceId", "=", filters.correctsInvoiceId);
  if (filters.status === "overdue") {
    query = query
      .where("invoices.kind", "=", "invoice")
      .where("invoices.status", "in", [...OPEN_STATUSES])
      .where("invoices.dueDate", "<", today)
      .where(sql<boolean>`${sql.ref("invoices.total")} - ${sql.ref("invoices.credited")} - ${sql.ref("invoices.paid")} > 0`);
  } else if (filters.status) {
    query = query.where("invoices.status", "=", filters.status);
  }
  const term = filters.search?.trim();
  if (term) {
    const pattern = likePattern(term);
    query = query.where((eb) =>
      eb.or([
        ilike(eb.ref("invoices.number"), pattern),
        ilike(eb.ref("companies.name"), pattern),
        ilike(eb.ref("invoices.billingName"), pattern),
      ]),
    );
  }
  return query;
}

/** Staff: one invoice with its lines (any status). */
/** Staff: one invoice or credit note of a company the viewer may see (`scope`); any other is not found. */
export async function getInvoice({ id, today, scope }: { id: string; today?: string; scope: CompanyScope }): Promise<InvoiceDetail> {
  const row = await invoiceQuery(db())
    .where("invoices.id", "=", id)
    .where((eb) => companyIn(eb, "invoices.companyId", scope))
    .executeTakeFirst();
  if (!row) throw notFound();
  return detailOf(row, await linesOf(db(), id), today ?? (await agencyToday()));
}

/** A member: their company's issued invoices and credit notes (never drafts), newest first. */
export async function listCompanyInvoices({ companyId, today }: { companyId: string; today?: string }): Promise<InvoiceSummary[]> {
  const day = today ?? (await agencyToday());
  const rows = await invoiceQuery(db())
    .where("invoices.companyId", "=", companyId)
    .where("invoices.status", "!=", "draft")
    .orderBy("invoices.issuedAt", "desc")
    .orderBy("invoices.id", "desc")
    .execute();
  return rows.map((r) => summaryOf(r, day));
}

/** A member: one of their company's issued invoices; another company's or a draft is not found. */
export async function getCompanyInvoice({
  id,
  companyId,
  today,
}: {
  id: string;
  companyId: string;
  today?: string;
}): Promise<InvoiceDetail> {
  const row = await invoiceQuery(db())
    .where("invoices.id", "=", id)
    .where("invoices.companyId", "=", companyId)
    .where("invoices.status", "!=", "draft")
    .executeTakeFirst();
  if (!row) throw notFound();
  return detailOf(row, await linesOf(db(), id), today ?? (await agencyToday()));
}

export interface CompanyBalance {
  currency: string;
  /** Σ balances of the open invoices. */
  due: number;
  /** The part of `due` past its due date. */
  overdue: number;
  openInvoices: number;
}

/** What the company owes, per currency (an invoice is in one currency; balances never mix). */
export async function companyBalance({ companyId, today }: { companyId: string; today?: string }): Promise<CompanyBalance[]> {
  const day = today ?? (await agencyToday());
  const rows = await invoiceQuery(db())
    .where("invoices.companyId", "=", companyId)
    .where("invoices.kind", "=", "invoice")
    .where("invoices.status", "in", [...OPEN_STATUSES])
    .execute();
  const byCurrency = new Map<string, CompanyBalance>();
  for (const row of rows) {
    const s = summaryOf(row, day);
    if (s.balance <= 0) continue;
    const entry = byCurrency.get(s.currency) ?? { currency: s.currency, due: 0, overdue: 0, openInvoices: 0 };
    entry.due += s.balance;
    if (s.overdue) entry.overdue += s.balance;
    entry.openInvoices += 1;
    byCurrency.set(s.currency, entry);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
