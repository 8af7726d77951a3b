import { AGING_BUCKETS, type AgingBucket } from "~/lib/billing-reports";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";
import { db } from "~/server/db/db.server";
import { OPEN_STATUSES } from "./invoice-views.server";

// Billing's read models for the console: what is owed by age, what came in per
// month, and the accountant's export. Money stays in minor units per currency: amounts of two
// currencies are never added together.

export { AGING_BUCKETS, type AgingBucket };

export interface AgingRow {
  currency: string;
  buckets: Record<AgingBucket, number>;
  total: number;
  invoices: number;
}

const DAY_MS = 86_400_000;
const daysLate = (dueDate: string, today: string) =>
  Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / DAY_MS);

/** The bucket of an open balance by days past its due date: not yet due is "current". */
export function agingBucket(dueDate: string, today: string): AgingBucket {
  const late = daysLate(dueDate, today);
  if (late <= 0) return "current";
  if (late <= 30) return "1-30";
  if (late <= 60) return "31-60";
  if (late <= 90) return "61-90";
  return "90+";
}

/** The open balances by age, one row per currency (optionally one company's). */
export async function agingReport({
  today,
  companyId,
  scope,
}: {
  today: string;
  companyId?: string;
  scope: CompanyScope;
}): Promise<AgingRow[]> {
  let query = db()
    .selectFrom("invoices")
    .select(["currency", "dueDate", "total", "credited", "paid"])
    .where((eb) => companyIn(eb, "invoices.companyId", scope))
    .where("kind", "=", "invoice")
    .where("status", "in", [...OPEN_STATUSES]);
  if (companyId) query = query.where("companyId", "=", companyId);
  const rows = await query.execute();
  const byCurrency = new Map<string, AgingRow>();
  for (const row of rows) {
    const balance = Number(row.total) - Number(row.credited) - Number(row.paid);
    if (balance <= 0 || !row.dueDate) continue;
    const entry =
      byCurrency.get(row.currency) ??
      ({ currency: row.currency, buckets: { current: 0, "1-30": 0, "31-60": 0, "61-90": 0, "90+": 0 }, total: 0, invoices: 0 } as AgingRow);
    entry.buckets[agingBucket(row.dueDate, today)] += balance;
    entry.total += balance;
    entry.invoices += 1;
    byCurrency.set(row.currency, entry);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export interface RevenueMonth {
  /** "2026-11" */
  month: string;
  currency: string;
  /** Payments received that month, less what was refunded of them or lost in disputes (minor units). */
  received: number;
}

/** Money received per month (payments by their paid-on date, less refunds), the last `months` months up to `today`'s. */
export async function revenuePerMonth({
  today,
  months = 12,
  scope,
}: {
  today: string;
  months?: number;
  scope: CompanyScope;
}): Promise<RevenueMonth[]> {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 - (months - 1), 1)).toISOString().slice(0, 10);
  const rows = await db()
    .selectFrom("invoicePayments")
    .select(["paidOn", "currency", "amount", "refunded", "disputeLost"])
    .where((eb) =>
      scope === "all"
        ? eb.lit(true)
        : eb(
            "invoiceId",
            "in",
            eb
              .selectFrom("invoices")
              .select("id")
              .where((i) => companyIn(i, "invoices.companyId", scope)),
          ),
    )
    .where("paidOn", ">=", first)
    .where("paidOn", "<=", today)
    .execute();
  const sums = new Map<string, RevenueMonth>();
  for (const row of rows) {
    const month = row.paidOn.slice(0, 7);
    const key = `${month} ${row.currency}`;
    const entry = sums.get(key) ?? { month, currency: row.currency, received: 0 };
    entry.received += Number(row.amount) - Number(row.refunded) - Number(row.disputeLost);
    sums.set(key, entry);
  }
  const all: RevenueMonth[] = [];
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  for (let i = 0; i < months; i++) {
    const month = new Date(Date.UTC(y, m - 1 - (months - 1) + i, 1)).toISOString().slice(0, 7);
    for (const currency of currencies) all.push(sums.get(`${month} ${currency}`) ?? { month, currency, received: 0 });
  }
  return all;
}

/** The accountant's export: one row per issued invoice or credit note, then one per payment, oldest first. */
export async function* eachBillingRow(scope: CompanyScope): AsyncGenerator<(string | number)[]> {
  const invoices = await db()
    .selectFrom("invoices as i")
    .innerJoin("companies as c", "c.id", "i.companyId")
    .leftJoin("invoices as o", "o.id", "i.correctsInvoiceId")
    .select([
      "i.id",
      "i.kind",
      "i.number",
      "i.status",
      "i.issueDate",
      "i.dueDate",
      "i.billingName",
      "i.clientTaxId",
      "i.currency",
      "i.subtotal",
      "i.discount",
      "i.taxTotal",
      "i.total",
      "i.paid",
      "i.credited",
      "i.voidReason",
      "o.number as correctsNumber",
      "c.name as companyName",
    ])
    .where("i.status", "!=", "draft")
    .where((eb) => companyIn(eb, "i.companyId", scope))
    .orderBy("i.issuedAt")
    .orderBy("i.id")
    .execute();
  for (const i of invoices)
    yield [
      i.kind === "credit-note" ? "credit note" : "invoice",
      i.number ?? "",
      i.issueDate ?? "",
      i.dueDate ?? "",
      i.billingName,
      i.clientTaxId,
      i.currency,
      Number(i.subtotal),
      Number(i.discount),
      Number(i.taxTotal),
      Number(i.total),
      Number(i.paid),
      i.status,
      i.correctsNumber ?? "",
      i.voidReason ?? "",
      "",
    ];
  const payments = await db()
    .selectFrom("invoicePayments as p")
    .innerJoin("invoices as i", "i.id", "p.invoiceId")
    .select([
      "i.number",
      "i.billingName",
      "i.clientTaxId",
      "p.paidOn",
      "p.currency",
      "p.amount",
      "p.refunded",
      "p.disputeLost",
      "p.method",
      "p.reference",
    ])
    .where((eb) => companyIn(eb, "i.companyId", scope))
    .orderBy("p.paidOn")
    .orderBy("p.createdAt")
    .execute();
  for (const p of payments)
    yield [
      "payment",
      p.number ?? "",
      p.paidOn,
      "",
      p.billingName,
      p.clientTaxId,
      p.currency,
      "",
      "",
      "",
      Number(p.amount),
      // What went back to the payer: refunds and disputes lost (decision 0090).
      Number(p.refunded) + Number(p.disputeLost),
      p.method,
      "",
      "",
      p.reference,
    ];
}

/** The export's columns; amounts are in the currency's minor unit (cents), as stored. */
export const BILLING_EXPORT_HEADER = [
  "Type",
  "Number",
  "Date",
  "Due date",
  "Billed to",
  "Client tax ID",
  "Currency",
  "Subtotal (minor units)",
  "Discount (minor units)",
  "Tax (minor units)",
  "Total / amount (minor units)",
  "Paid / refunded (minor units)",
  "Status / method",
  "Corrects",
  "Void reason",
  "Payment reference",
];
