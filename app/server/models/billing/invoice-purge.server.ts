import { calendarDateIn } from "~/lib/zoned-time";
import type { Actor } from "~/server/auth/actor.server";
import { readPlace } from "~/server/brand/locale.server";
import { db, type Executor, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { logger } from "~/server/logger.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import { storedFilesIntent } from "~/server/uploads/resume-intents.server";
import { fileStore } from "~/server/storage/storage.server";
import { deleteStoredKeys } from "../projects/project-files.server";
import { getBillingSettings } from "./billing-settings.server";

// The end of an invoice's legal retention (decision 0091). An issued or void invoice, or a credit
// note, is kept `retentionYears` full calendar years after the year it was issued (its issue date,
// already in the agency's zone) and purged from the first day after: issued in 2018 with 8 years,
// kept to 31 December 2026, purged on 1 January 2027. An invoice and the credit notes correcting
// it go together, when the last of them is due (a credit note points at its invoice's lines).
// Drafts are never purged by this rule. Each group goes in one transaction whose deletes count
// only the rows they removed, so two runs at once purge each row once and add up to the truth.

/** Who a purge is recorded as in the audit log. */
export const INVOICE_RETENTION_ACTOR: Actor = { id: "system:invoice-retention", email: "invoice retention", name: "Invoice retention" };

// Checkout sessions and the card ledger follow their invoice and payment by cascade.
// Erasure renames the company row it keeps for its invoices (decision 0087) to this.
const ERASED_COMPANY_NAME = "Erased";

export interface InvoicePurgeCounts {
  invoices: number;
  creditNotes: number;
  lines: number;
  payments: number;
  files: number;
  history: number;
  companies: number;
}

const none = (): InvoicePurgeCounts => ({ invoices: 0, creditNotes: 0, lines: 0, payments: 0, files: 0, history: 0, companies: 0 });

/** The last issue year still kept on `today` (YYYY-MM-DD): anything issued after it stays. */
export function lastPurgedYear(today: string, retentionYears: number): number {
  return Number(today.slice(0, 4)) - retentionYears - 1;
}

/** Groups (an invoice and its credit notes) whose every member was issued in or before `year`. */
export async function invoiceGroupsDue(executor: Executor, year: number): Promise<string[][]> {
  const lastDay = `${String(year).padStart(4, "0")}-12-31`;
  const rows = await executor
    .selectFrom("invoices")
    .select(["id", "kind", "status", "issueDate", "correctsInvoiceId"])
    .where("status", "!=", "draft")
    .where((eb) =>
      eb.or([
        eb("issueDate", "<=", lastDay),
        // A recent credit note keeps an old invoice: read it to see the group is not due.
        eb(
          "correctsInvoiceId",
          "in",
          eb.selectFrom("invoices").select("id").where("status", "!=", "draft").where("issueDate", "<=", lastDay),
        ),
      ]),
    )
    .execute();
  const groups = new Map<string, { due: boolean; ids: string[] }>();
  for (const row of rows) {
    const root = row.kind === "credit-note" && row.correctsInvoiceId ? row.correctsInvoiceId : row.id;
    const group = groups.get(root) ?? { due: true, ids: [] };
    group.ids.push(row.id);
    if (!row.issueDate || row.issueDate > lastDay) group.due = false;
    groups.set(root, group);
  }
  // A root not read (a draft cannot be corrected, so it is a recent one) keeps its credit notes.
  return [...groups.entries()].filter(([root, g]) => g.due && g.ids.includes(root)).map(([, g]) => g.ids);
}

/** Deletes one group and what belongs to it; returns the rows this transaction removed and the files. */
async function purgeGroup(trx: Trx, ids: string[]): Promise<{ counts: InvoicePurgeCounts; keys: string[] }> {
  const counts = none();
  const rows = await trx.selectFrom("invoices").select(["id", "companyId", "pdfFileKey", "status"]).where("id", "in", ids).execute();
  // Lines first: on PostgreSQL this takes their row locks, so a second run waits here and then finds nothing.
  const lines = await trx.deleteFrom("invoiceLines").where("invoiceId", "in", ids).executeTakeFirst();
  counts.lines = Number(lines.numDeletedRows);
  const payments = await trx.selectFrom("invoicePayments").select(["id", "stripeEventId"]).where("invoiceId", "in", ids).execute();
  // Refund events are keyed by their event id in the card ledger (its rows go with the payments).
  const adjustments = payments.length
    ? await trx
        .selectFrom("invoiceCardAdjustments")
        .select("id")
        .where(
          "paymentId",
          "in",
          payments.map((p) => p.id),
        )
        .execute()
    : [];
  const paid = await trx.deleteFrom("invoicePayments").where("invoiceId", "in", ids).executeTakeFirst();
  counts.payments = Number(paid.numDeletedRows);
  const stripeEvents = [...payments.flatMap((p) => (p.stripeEventId ? [p.stripeEventId] : [])), ...adjustments.map((a) => a.id)];
  if (stripeEvents.length) await trx.deleteFrom("stripeEvents").where("id", "in", stripeEvents).execute();
  const credits = await trx
    .deleteFrom("invoices")
    .where("id", "in", ids)
    .where("kind", "=", "credit-note")
    .where("status", "!=", "draft")
    .executeTakeFirst();
  const invoices = await trx
    .deleteFrom("invoices")
    .where("id", "in", ids)
    .where("kind", "=", "invoice")
    .where("status", "!=", "draft")
    .executeTakeFirst();
  counts.creditNotes = Number(credits.numDeletedRows);
  counts.invoices = Number(invoices.numDeletedRows);
  if (counts.invoices + counts.creditNotes === 0) return { counts: none(), keys: [] };
  // Their history: audit rows, the mails that carried them, and the day's PDFs.
  const history = await trx.deleteFrom("auditLog").where("entity", "=", "invoice").where("entityId", "in", ids).executeTakeFirst();
  counts.history = Number(history.numDeletedRows);
  for (const id of ids)
    await trx
      .deleteFrom("mailOutbox")
      .where((eb) => eb.or([eb("idempotencyKey", "like", `invoice:${id}:%`), eb("idempotencyKey", "like", `invoice-reminder:${id}:%`)]))
      .execute();
  const keys = rows.flatMap((r) => (r.pdfFileKey ? [r.pdfFileKey] : []));
  counts.files = keys.length;
  counts.companies = await dropErasedCompanies(trx, [...new Set(rows.map((r) => r.companyId))]);
  return { counts, keys };
}

/** Company rows erasure kept only for their invoices, once the last is gone. */
async function dropErasedCompanies(trx: Trx, companyIds: string[]): Promise<number> {
  let dropped = 0;
  for (const id of companyIds) {
    const company = await trx.selectFrom("companies").select(["name", "closedAt"]).where("id", "=", id).executeTakeFirst();
    if (!company || company.name !== ERASED_COMPANY_NAME || company.closedAt === null) continue;
    const [invoice, user, project, complaint] = await Promise.all([
      trx.selectFrom("invoices").select("id").where("companyId", "=", id).limit(1).executeTakeFirst(),
      trx.selectFrom("users").select("id").where("companyId", "=", id).limit(1).executeTakeFirst(),
      trx.selectFrom("projects").select("id").where("companyId", "=", id).limit(1).executeTakeFirst(),
      trx.selectFrom("complaints").select("id").where("companyId", "=", id).limit(1).executeTakeFirst(),
    ]);
    if (invoice || user || project || complaint) continue;
    const result = await trx.deleteFrom("companies").where("id", "=", id).executeTakeFirst();
    dropped += Number(result.numDeletedRows);
  }
  return dropped;
}

/**
 * Purges every invoice group whose legal retention has ended at `now` (the daily billing run), and
 * audits the counts (never the content) once when anything went. Safe to run twice at once.
 */
export async function purgeExpiredInvoices({ now = Date.now(), database = db() } = {}): Promise<InvoicePurgeCounts> {
  const { retentionYears } = await getBillingSettings(database);
  const { timeZone } = (await readPlace(database)).value;
  const year = lastPurgedYear(calendarDateIn(now, timeZone), retentionYears);
  const total = none();
  for (const ids of await invoiceGroupsDue(database, year)) {
    const intent = storedFilesIntent(fileStore());
    let keys: string[] = [];
    try {
      const result = await writeTransaction(async (trx) => {
        const purged = await purgeGroup(trx, ids);
        // Noted before the commit: a crash after it has the next start delete the unreferenced PDFs.
        if (purged.keys.length) await intent.note(purged.keys);
        return purged;
      }, database);
      keys = result.keys;
      for (const name of Object.keys(total) as (keyof InvoicePurgeCounts)[]) total[name] += result.counts[name];
    } catch (error) {
      await intent.clear().catch(() => undefined);
      logger.error({ err: error, invoices: ids }, "invoice retention: purging a group failed; it stays due");
      continue;
    }
    if (await deleteStoredKeys(keys)) await intent.clear();
  }
  if (total.invoices + total.creditNotes > 0)
    await writeTransaction(
      (trx) =>
        recordAudit(
          trx,
          INVOICE_RETENTION_ACTOR,
          { action: "invoice.retention-purge", entity: "billing", entityId: `through-${year}`, detail: { ...total, retentionYears } },
          now,
        ),
      database,
    );
  return total;
}
