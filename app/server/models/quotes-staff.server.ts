import { type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import type { LeadFilter, LeadStatus } from "~/lib/schemas/quotes-staff";
import { recordAudit } from "./audit.server";
import { db } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { events } from "~/server/events/bus.server";
import type { Quote } from "./quotes.server";
import { ilike, likePattern } from "~/server/db/like.server";
import { insertNote } from "./record-history.server";
import type { SessionUser } from "~/server/auth/actor.server";

// Leads are the stored quote requests (SPEC §3) seen through the staff console's pipeline (issue 5).
export type Lead = Quote;
type Actor = Pick<SessionUser, "id" | "email" | "name">;

const SEARCHED = ["name", "email", "phone", "requirement"] as const;
const EXPORT_BATCH = 500;

function matches(filter: LeadFilter) {
  return (eb: ExpressionBuilder<Database, "quotes">) => {
    const conditions = [];
    if (filter.status) conditions.push(eb("status", "=", filter.status));
    if (filter.q) {
      const pattern = likePattern(filter.q);
      conditions.push(eb.or(SEARCHED.map((column) => ilike(eb.ref(column), pattern))));
    }
    return eb.and(conditions);
  };
}

function filtered(filter: LeadFilter): SelectQueryBuilder<Database, "quotes", object> {
  return db().selectFrom("quotes").where(matches(filter));
}

/** One page of leads matching the filter, newest first, and how many match in all. */
export async function listLeads(filter: LeadFilter, page: { limit: number; offset: number }): Promise<{ leads: Lead[]; total: number }> {
  const [leads, count] = await Promise.all([
    filtered(filter).selectAll().orderBy("submittedAt", "desc").orderBy("id").limit(page.limit).offset(page.offset).execute(),
    filtered(filter).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { leads, total: Number(count.n) };
}

/** Every lead matching the filter, newest first, read in batches (keyset, so new rows never shift a page). */
export async function* eachLead(filter: LeadFilter): AsyncGenerator<Lead> {
  let last: { submittedAt: number; id: string } | undefined;
  for (;;) {
    let query = filtered(filter).selectAll();
    if (last) {
      const { submittedAt, id } = last;
      query = query.where((eb) => eb.or([eb("submittedAt", "<", submittedAt), eb.and([eb("submittedAt", "=", submittedAt), eb("id", ">", id)])]));
    }
    const batch = await query.orderBy("submittedAt", "desc").orderBy("id").limit(EXPORT_BATCH).execute();
    yield* batch;
    if (batch.length < EXPORT_BATCH) return;
    last = batch[batch.length - 1];
  }
}

export async function getLead(id: string): Promise<Lead | undefined> {
  return db().selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Moves a lead along the pipeline, with its audit row; "missing" for an unknown id. */
export async function setLeadStatus(actor: Actor, id: string, status: LeadStatus, now = Date.now()): Promise<"changed" | "unchanged" | "missing"> {
  const outcome = await db()
    .transaction()
    .execute(async (trx) => {
      // Compare-and-set, so two staff changing one lead at once both get a true {from, to}.
      for (;;) {
        const row = await trx.selectFrom("quotes").select("status").where("id", "=", id).executeTakeFirst();
        if (!row) return "missing" as const;
        if (row.status === status) return "unchanged" as const;
        const result = await trx.updateTable("quotes").set({ status }).where("id", "=", id).where("status", "=", row.status).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) continue;
        await recordAudit(trx, actor, { action: "lead.status", entity: "lead", entityId: id, detail: { from: row.status, to: status } }, now);
        return "changed" as const;
      }
    });
  if (outcome === "changed") events().publish({ type: "quote.changed", id });
  return outcome;
}

/** Adds an internal note to a lead; false for an unknown id. */
export async function addLeadNote(actor: Actor, id: string, text: string, now = Date.now()): Promise<boolean> {
  const stored = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("quotes").select("id").where("id", "=", id).executeTakeFirst();
      if (!row) return false;
      await insertNote(trx, actor, { entity: "lead", entityId: id, text }, now);
      return true;
    });
  if (stored) events().publish({ type: "quote.changed", id });
  return stored;
}
