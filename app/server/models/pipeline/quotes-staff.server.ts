import type { Expression, ExpressionBuilder, SelectQueryBuilder } from "kysely";
import type { SearchMatch, SearchSort } from "~/lib/search";
import type { LeadFilter, LeadStatus } from "~/lib/schemas/quotes-staff";
import { db } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import type { Quote } from "./quotes.server";
import { searchIds, searchMatches, searchPage } from "../search/search.server";
import { parseSearchQuery } from "../search/query.server";
import { addRecordNote, setPipelineValue } from "../shared/record-history.server";
import type { Actor } from "~/server/auth/actor.server";
import { companyInOrNone, type CompanyScope } from "../shared/company-scope.server";

// Leads are the stored quote requests (SPEC §3) seen through the staff console's pipeline. A lead
// belongs to no company until it is converted; then it follows its company (decision 0105): a
// staff member limited to assigned companies sees it only while they see that company.
type Lead = Quote;

const EXPORT_BATCH = 500;

function matches(filter: LeadFilter, scope: CompanyScope) {
  return (eb: ExpressionBuilder<Database, "quotes">) => {
    const conditions = [companyInOrNone(eb, "quotes.companyId", scope)];
    if (filter.status) conditions.push(eb("status", "=", filter.status));
    // Full text over name, e-mail, phone, country and requirement (decision 0045).
    const search = parseSearchQuery(filter.q ?? "");
    if (search) conditions.push(eb("id", "in", searchIds(search, "lead")));
    return eb.and(conditions);
  };
}

function filtered(filter: LeadFilter, scope: CompanyScope): SelectQueryBuilder<Database, "quotes", object> {
  return db().selectFrom("quotes").where(matches(filter, scope));
}

/**
 * One page of leads matching the filter, newest first, and how many match in all. A search ranks
 * by relevance unless `sort` is "list", and gives each lead its marked matches.
 */
export async function listLeads(
  filter: LeadFilter,
  page: { limit: number; offset: number; sort?: SearchSort; scope: CompanyScope },
): Promise<{ leads: (Lead & { match?: SearchMatch })[]; total: number; capped?: boolean }> {
  const search = parseSearchQuery(filter.q ?? "");
  if (search && page.sort !== "list") {
    const within =
      filter.status || page.scope !== "all"
        ? (id: Expression<string>) => filtered({ status: filter.status }, page.scope).select("id").where("id", "=", id)
        : undefined;
    const found = await searchPage(search, "lead", page, within);
    const rows = found.ids.length ? await db().selectFrom("quotes").selectAll().where("id", "in", found.ids).execute() : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      leads: found.ids.flatMap((id) => byId.get(id) ?? []).map((l) => ({ ...l, match: found.matches.get(l.id) })),
      total: found.total,
      capped: found.capped,
    };
  }
  const [leads, count] = await Promise.all([
    filtered(filter, page.scope).selectAll().orderBy("submittedAt", "desc").orderBy("id").limit(page.limit).offset(page.offset).execute(),
    filtered(filter, page.scope)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const matches = search
    ? await searchMatches(
        search,
        "lead",
        leads.map((l) => l.id),
      )
    : undefined;
  return { leads: leads.map((l) => ({ ...l, match: matches?.get(l.id) })), total: Number(count.n) };
}

/** Every lead matching the filter, newest first, read in batches (keyset, so new rows never shift a page). */
export async function* eachLead(filter: LeadFilter, scope: CompanyScope): AsyncGenerator<Lead> {
  let last: { submittedAt: number; id: string } | undefined;
  for (;;) {
    let query = filtered(filter, scope).selectAll();
    if (last) {
      const { submittedAt, id } = last;
      query = query.where((eb) =>
        eb.or([eb("submittedAt", "<", submittedAt), eb.and([eb("submittedAt", "=", submittedAt), eb("id", ">", id)])]),
      );
    }
    const batch = await query.orderBy("submittedAt", "desc").orderBy("id").limit(EXPORT_BATCH).execute();
    yield* batch;
    if (batch.length < EXPORT_BATCH) return;
    last = batch[batch.length - 1];
  }
}

/** One lead the viewer may see (`scope`: a converted lead follows its company), or undefined. */
export async function getLead(id: string, scope: CompanyScope): Promise<Lead | undefined> {
  return filtered({}, scope).selectAll().where("id", "=", id).executeTakeFirst();
}

/** Moves a lead along the pipeline, with its audit row; an unknown id is refused as not found. */
export function setLeadStatus(actor: Actor, id: string, status: LeadStatus, now = Date.now()) {
  return setPipelineValue(actor, "lead", id, status, now);
}

/** Adds an internal note to a lead; an unknown id is refused as not found. */
export function addLeadNote(actor: Actor, id: string, text: string, now = Date.now()) {
  return addRecordNote(actor, "lead", id, text, now);
}
