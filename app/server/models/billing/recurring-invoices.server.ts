import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { agencyDay } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { logger } from "~/server/logger.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import { issueAndFile, sendInvoice } from "./invoice-delivery.server";
import { checkDraft, insertInvoiceDraft, type InvoiceDraftInput } from "./invoices.server";

// Retainers: a company's invoice written from a template every month or quarter
// by the daily billing run, left as a draft or issued and sent. The run moves a retainer's day on in
// the same transaction that writes its draft, with a check that the day is still the one it read:
// two instances (or two runs) that see the same retainer write one invoice, and a crash leaves
// either both or neither. Issuing and sending an automatic one follow that commit, as staff would.

export type RetainerInterval = "monthly" | "quarterly";
export const RECURRING_ACTOR: Actor = { id: "system:retainers", email: "scheduled retainers", name: "Retainers" };

export interface RecurringInvoiceView {
  id: string;
  companyId: string;
  interval: RetainerInterval;
  nextRunOn: string;
  autoIssue: boolean;
  active: boolean;
  lastInvoiceId: string | null;
  currency: string;
  lines: number;
}

/** The same day `months` later, kept inside shorter months: 31 Jan + 1 month is 28 (or 29) Feb. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

const step = (interval: string) => (interval === "quarterly" ? 3 : 1);

/** Starts a retainer for a company: the first invoice on `startOn` (the agency's today or later). */
export async function createRecurringInvoice(
  actor: Actor,
  companyId: string,
  {
    template,
    interval,
    startOn,
    autoIssue,
  }: { template: InvoiceDraftInput; interval: RetainerInterval; startOn: string; autoIssue: boolean },
  now = Date.now(),
): Promise<{ id: string }> {
  checkDraft(template);
  if (template.lines.length === 0) throw new Refusal("invalid", "A retainer needs at least one line.", { field: "lines" });
  const { today } = await agencyDay(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startOn) || startOn < today)
    throw new Refusal("invalid", "The first invoice's day is today or later.", { field: "startOn" });
  const id = newId();
  await writeTransaction(async (trx) => {
    const company = await trx.selectFrom("companies").select("closedAt").where("id", "=", companyId).executeTakeFirst();
    if (!company) throw new Refusal("not-found", "This client does not exist.");
    if (company.closedAt) throw new Refusal("conflict", "This client is closed: reopen it before invoicing it.");
    await trx
      .insertInto("recurringInvoices")
      .values({
        id,
        companyId,
        template: JSON.stringify(template),
        interval,
        nextRunOn: startOn,
        autoIssue: autoIssue ? 1 : 0,
        active: 1,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: "retainer.create", entity: "company", entityId: companyId, detail: { id, interval, startOn } },
      now,
    );
  });
  return { id };
}

/** A company's retainers, newest first. */
export async function listRecurringInvoices({ companyId }: { companyId: string }): Promise<RecurringInvoiceView[]> {
  const rows = await db()
    .selectFrom("recurringInvoices")
    .selectAll()
    .where("companyId", "=", companyId)
    .orderBy("createdAt", "desc")
    .execute();
  return rows.map((r) => {
    const template = JSON.parse(r.template) as InvoiceDraftInput;
    return {
      id: r.id,
      companyId: r.companyId,
      interval: r.interval as RetainerInterval,
      nextRunOn: r.nextRunOn,
      autoIssue: Number(r.autoIssue) === 1,
      active: Number(r.active) === 1,
      lastInvoiceId: r.lastInvoiceId,
      currency: template.currency,
      lines: template.lines.length,
    };
  });
}

/** Stops a retainer: no more invoices from it; those written stay. "unchanged" when it had stopped. */
export async function stopRecurringInvoice(actor: Actor, id: string, now = Date.now()): Promise<"stopped" | "unchanged"> {
  return writeTransaction(async (trx) => {
    const row = await trx.selectFrom("recurringInvoices").select(["companyId", "active"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new Refusal("not-found", "This retainer does not exist.");
    if (Number(row.active) !== 1) return "unchanged" as const;
    await trx.updateTable("recurringInvoices").set({ active: 0, updatedAt: now }).where("id", "=", id).execute();
    await recordAudit(trx, actor, { action: "retainer.stop", entity: "company", entityId: row.companyId, detail: { id } }, now);
    return "stopped" as const;
  });
}

/** Writes the invoices of every retainer whose day has come; returns how many were written. */
export async function runRecurringInvoices({ now = Date.now() }: { now?: number } = {}): Promise<{ written: number; issued: number }> {
  const { today } = await agencyDay(now);
  const due = await db().selectFrom("recurringInvoices").selectAll().where("active", "=", 1).where("nextRunOn", "<=", today).execute();
  let written = 0;
  let issued = 0;
  for (const retainer of due) {
    let invoice: { id: string; version: number } | null = null;
    try {
      invoice = await writeTransaction(async (trx) => {
        // A missed day (the server was off) writes one invoice, then the day moves past today.
        let next = addMonths(retainer.nextRunOn, step(retainer.interval));
        while (next <= today) next = addMonths(next, step(retainer.interval));
        const moved = await trx
          .updateTable("recurringInvoices")
          .set({ nextRunOn: next, updatedAt: now })
          .where("id", "=", retainer.id)
          .where("nextRunOn", "=", retainer.nextRunOn)
          .where("active", "=", 1)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return null;
        const draft = await insertInvoiceDraft(
          trx,
          RECURRING_ACTOR,
          retainer.companyId,
          JSON.parse(retainer.template) as InvoiceDraftInput,
          now,
        );
        await trx.updateTable("recurringInvoices").set({ lastInvoiceId: draft.id }).where("id", "=", retainer.id).execute();
        return draft;
      });
    } catch (error) {
      // A closed client or a template that no longer checks: logged, the others still run.
      logger.error({ err: error, retainer: retainer.id }, "a retainer's invoice could not be written");
      continue;
    }
    if (!invoice) continue;
    written++;
    if (Number(retainer.autoIssue) !== 1) continue;
    try {
      await issueAndFile(RECURRING_ACTOR, invoice.id, invoice.version, { now });
      issued++;
      await sendInvoice(RECURRING_ACTOR, invoice.id, now);
    } catch (error) {
      logger.error({ err: error, retainer: retainer.id, invoice: invoice.id }, "a retainer's invoice could not be issued or sent");
    }
  }
  return { written, issued };
}
