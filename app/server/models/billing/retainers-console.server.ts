import { computeTotals } from "~/lib/money";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";
import type { RetainerRow } from "~/lib/retainers";
import { db } from "~/server/db/db.server";
import type { InvoiceDraftInput } from "./invoices.server";
import type { RetainerInterval } from "./recurring-invoices.server";

// Console → Billing → Retainers: every company's retainers, or one company's for its page. The
// amount is the template's total, computed as the run will compute it when it writes the draft.

/** Retainers, running ones first and then by their next day; one company's when `companyId` is given. */
export async function listRetainers({ companyId, scope }: { companyId?: string; scope: CompanyScope }): Promise<RetainerRow[]> {
  let query = db()
    .selectFrom("recurringInvoices as r")
    .innerJoin("companies as c", "c.id", "r.companyId")
    .leftJoin("invoices as i", "i.id", "r.lastInvoiceId")
    .select([
      "r.id",
      "r.companyId",
      "c.name as companyName",
      "r.template",
      "r.interval",
      "r.nextRunOn",
      "r.autoIssue",
      "r.active",
      "r.lastInvoiceId",
      "i.number as lastInvoiceNumber",
    ])
    .where((eb) => companyIn(eb, "r.companyId", scope))
    .orderBy("r.active", "desc")
    .orderBy("r.nextRunOn")
    .orderBy("r.id");
  if (companyId) query = query.where("r.companyId", "=", companyId);
  const rows = await query.execute();
  return rows.map((r) => {
    const template = JSON.parse(r.template) as InvoiceDraftInput;
    let total: number | null = null;
    try {
      total = computeTotals(template.lines, template.discountBp).total;
    } catch {
      // A template past the largest amount cannot be written either; the list still shows it.
    }
    return {
      id: r.id,
      companyId: r.companyId,
      companyName: r.companyName,
      description: template.lines[0]?.description ?? "",
      lines: template.lines.length,
      total,
      currency: template.currency,
      interval: r.interval as RetainerInterval,
      nextRunOn: r.nextRunOn,
      autoIssue: Number(r.autoIssue) === 1,
      active: Number(r.active) === 1,
      lastInvoiceId: r.lastInvoiceId,
      lastInvoiceNumber: r.lastInvoiceNumber ?? null,
    };
  });
}
