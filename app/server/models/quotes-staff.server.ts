import { type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import type { LeadFilter, LeadStatus } from "~/lib/schemas/quotes-staff";
import { db } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import type { Quote } from "./quotes.server";
import { ilike, likePattern } from "~/server/db/like.server";
import { addRecordNote, setPipelineValue } from "./record-history.server";
import type { Actor } from "~/server/auth/actor.server";

// Leads are the stored quote requests (SPEC §3) seen through the staff console's pipeline (issue 5).
type Lead = Quote;

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
export function setLeadStatus(actor: Actor, id: string, status: LeadStatus, now = Date.now()) {
  return setPipelineValue(actor, "lead", id, status, now);
}

/** Adds an internal note to a lead; false for an unknown id. */
export function addLeadNote(actor: Actor, id: string, text: string, now = Date.now()) {
  return addRecordNote(actor, "lead", id, text, now);
}
