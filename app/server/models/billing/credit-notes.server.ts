import { newId } from "~/lib/ids";
import { computeTotals } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { calendarDateIn } from "~/lib/zoned-time";
import type { Actor } from "~/server/auth/actor.server";
import { brandIn } from "~/server/brand/brand.server";
import { readPlace } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import { getBillingSettings } from "./billing-settings.server";
import { agencySnapshot } from "./invoice-issue.server";
import { takeInvoiceNumber } from "./invoice-numbers.server";
import { invoiceForChange, linesOf, OPEN_STATUSES, settledStatus, type InvoiceStatus } from "./invoice-views.server";
import type { WriteOptions } from "./invoices.server";

// An issued invoice never changes; a credit note takes some or all of it back. It has
// its own number series, is issued at once, and repeats the invoice's lines with negative
// quantities (same unit price, tax rate and discount), so its tax per rate is exactly the negative
// of those lines' tax. What all credit notes of a line take back never exceeds the line's quantity.

export interface CreditNoteInput {
  /** "all": whatever is left of every line; else the quantity (thousandths, > 0) to take back per line. */
  lines: "all" | { lineId: string; quantityMilli: number }[];
  /** Why: printed on the credit note. */
  notes: string;
}

/** Issues a credit note against the invoice; returns its id and number. */
export async function issueCreditNote(
  actor: Actor,
  invoiceId: string,
  input: CreditNoteInput,
  { database = db(), now = Date.now() }: WriteOptions = {},
): Promise<{ id: string; number: string; total: number }> {
  return writeTransaction(async (trx) => {
    // Touch the invoice first: on PostgreSQL its row stays locked until this transaction ends, so
    // two credit notes for one invoice are checked one after the other.
    await trx.updateTable("invoices").set({ updatedAt: now }).where("id", "=", invoiceId).execute();
    const invoice = await invoiceForChange(trx, invoiceId);
    if (invoice.kind !== "invoice") throw new Refusal("conflict", "A credit note corrects an invoice, not another credit note.");
    if (invoice.status === "draft") throw new Refusal("conflict", "A draft has nothing to credit: edit it instead.");
    if (invoice.status === "void") throw new Refusal("conflict", "This invoice is void: there is nothing to credit.");
    const lines = await linesOf(trx, invoiceId);
    const taken = await trx
      .selectFrom("invoiceLines")
      .innerJoin("invoices", "invoices.id", "invoiceLines.invoiceId")
      .select(["invoiceLines.correctsLineId", "invoiceLines.quantityMilli"])
      .where("invoices.correctsInvoiceId", "=", invoiceId)
      .where("invoices.status", "!=", "void")
      .execute();
    const left = new Map(lines.map((l) => [l.id, Number(l.quantityMilli)]));
    for (const t of taken) if (t.correctsLineId) left.set(t.correctsLineId, (left.get(t.correctsLineId) ?? 0) + Number(t.quantityMilli));
    const wanted =
      input.lines === "all"
        ? lines.map((l) => ({ lineId: l.id, quantityMilli: left.get(l.id) ?? 0 })).filter((w) => w.quantityMilli > 0)
        : input.lines;
    const creditLines = wanted.map((w, i) => {
      const line = lines.find((l) => l.id === w.lineId);
      if (!line) throw new Refusal("invalid", `Line ${i + 1} is not a line of this invoice.`, { field: `lines[${i}]` });
      if (!Number.isSafeInteger(w.quantityMilli) || w.quantityMilli <= 0)
        throw new Refusal("invalid", `Line ${line.position}: the quantity to credit must be more than zero.`, { field: `lines[${i}]` });
      if (w.quantityMilli > (left.get(line.id) ?? 0))
        throw new Refusal("conflict", `Line ${line.position}: that is more than is left to credit on it.`, { field: `lines[${i}]` });
      left.set(line.id, (left.get(line.id) ?? 0) - w.quantityMilli);
      return { line, quantityMilli: -w.quantityMilli, unitPrice: Number(line.unitPrice), taxRateBp: line.taxRateBp };
    });
    if (creditLines.length === 0) throw new Refusal("conflict", "Everything on this invoice has already been credited.");
    const totals = computeTotals(creditLines, invoice.discountBp);
    const amount = -totals.total;
    if (amount <= 0) throw new Refusal("invalid", "A credit note must take something back.", { field: "lines" });
    if (amount > Number(invoice.total) - Number(invoice.credited))
      throw new Refusal("conflict", "That is more than is left to credit on this invoice.");

    const { timeZone } = (await readPlace(trx)).value;
    const issueDate = calendarDateIn(now, timeZone);
    const number = await takeInvoiceNumber(trx, "credit-note", issueDate);
    const id = newId();
    await trx
      .insertInto("invoices")
      .values({
        id,
        kind: "credit-note",
        companyId: invoice.companyId,
        status: "issued",
        number,
        currency: invoice.currency,
        issueDate,
        dueDate: null,
        netDays: 0,
        discountBp: invoice.discountBp,
        notes: input.notes.trim(),
        terms: "",
        taxNote: invoice.taxNote,
        clientTaxId: invoice.clientTaxId,
        billingName: invoice.billingName,
        billingAddress: invoice.billingAddress,
        billingEmail: invoice.billingEmail,
        agencySnapshot: JSON.stringify(agencySnapshot(await brandIn(trx), await getBillingSettings(trx))),
        subtotal: totals.subtotal,
        discount: totals.discount,
        taxTotal: totals.taxTotal,
        total: totals.total,
        paid: 0,
        credited: 0,
        correctsInvoiceId: invoiceId,
        issuedAt: now,
        issuedBy: actor.id,
        version: 1,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    for (const [i, c] of creditLines.entries()) {
      await trx
        .insertInto("invoiceLines")
        .values({
          id: newId(),
          invoiceId: id,
          position: i + 1,
          description: c.line.description,
          quantityMilli: c.quantityMilli,
          unitPrice: c.unitPrice,
          taxRateBp: c.taxRateBp,
          net: totals.lines[i]!.net,
          tax: totals.lines[i]!.tax,
          projectId: c.line.projectId,
          milestoneId: c.line.milestoneId,
          correctsLineId: c.line.id,
        })
        .execute();
    }
    const credited = Number(invoice.credited) + amount;
    const status = OPEN_STATUSES.includes(invoice.status as InvoiceStatus) ? settledStatus({ ...invoice, credited }) : invoice.status;
    await trx
      .updateTable("invoices")
      .set({ credited, status, version: invoice.version + 1 })
      .where("id", "=", invoiceId)
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: "credit-note.issue", entity: "invoice", entityId: id, detail: { number, corrects: invoice.number, total: totals.total } },
      now,
    );
    await recordAudit(
      trx,
      actor,
      { action: "invoice.credit", entity: "invoice", entityId: invoiceId, detail: { creditNote: number, amount } },
      now,
    );
    return { id, number, total: totals.total };
  }, database);
}
