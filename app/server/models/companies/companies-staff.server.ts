import { sql, type Expression } from "kysely";
import type { Actor } from "~/server/auth/actor.server";
import { currentDialect, db, type Trx } from "~/server/db/db.server";
import type { SearchMatch, SearchSort } from "~/lib/search";
import { searchIds, searchMatches, searchPage } from "../search/search.server";
import { parseSearchQuery, type SearchQuery } from "../search/query.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { recordAudit } from "../shared/audit.server";
import { insertCompany, type Company, type CompanyInput } from "./companies.server";
import { Refusal } from "~/lib/refusal";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";
import { announceJoined, joinTeamIfLimited } from "./company-team.server";

// The console's side of companies (decision 0033). Every change is audited with
// entity "company"; callers have passed requireStaff(request, "clients").

/** A refusal staff can act on (a name already taken), shown in place as a 409. */

export interface CompanySummary {
  id: string;
  name: string;
  website: string;
  country: string;
  origin: string;
  createdAt: number;
  closedAt: number | null;
  memberCount: number;
  projectCount: number;
  openRequestCount: number;
  /** A search's marked name and snippet. */
  match?: SearchMatch;
}

// Full text over the name, website, country and the members' names and e-mails (decision 0045);
// only the companies the viewer may see (decision 0105).
function companiesMatching(search: SearchQuery | undefined, scope: CompanyScope) {
  const query = db()
    .selectFrom("companies as c")
    .where((eb) => companyIn(eb, "c.id", scope));
  return search ? query.where("c.id", "in", searchIds(search, "client")) : query;
}

/** A page of the companies `scope` lets the viewer see, open ones first, then newest, with member, project and open request counts. */
export async function listCompanies(options: {
  scope: CompanyScope;
  search?: string;
  sort?: SearchSort;
  limit: number;
  offset: number;
}): Promise<{ companies: CompanySummary[]; total: number; capped?: boolean }> {
  const search = parseSearchQuery(options.search ?? "");
  if (search && options.sort !== "list") {
    // Ranked by relevance: one page of ids, then their summaries in that order.
    const within =
      options.scope === "all"
        ? undefined
        : (id: Expression<string>) => companiesMatching(undefined, options.scope).select("c.id").where("c.id", "=", id);
    const found = await searchPage(search, "client", options, within);
    const rows = found.ids.length
      ? await summaries(companiesMatching(undefined, options.scope).where("c.id", "in", found.ids)).execute()
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      total: found.total,
      capped: found.capped,
      companies: found.ids.flatMap((id) => byId.get(id) ?? []).map((r) => toSummary(r, found.matches.get(r.id))),
    };
  }
  const base = companiesMatching(search, options.scope);
  const [rows, count] = await Promise.all([
    summaries(base)
      .orderBy(sql`case when c.closed_at is null then 0 else 1 end`)
      .orderBy("c.createdAt", "desc")
      .orderBy("c.id")
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const matches = search
    ? await searchMatches(
        search,
        "client",
        rows.map((r) => r.id),
      )
    : undefined;
  return { total: Number(count.n), companies: rows.map((r) => toSummary(r, matches?.get(r.id))) };
}

function summaries(base: ReturnType<typeof companiesMatching>) {
  return base
    .select(["c.id", "c.name", "c.website", "c.country", "c.origin", "c.createdAt", "c.closedAt"])
    .select((eb) => [
      eb.selectFrom("users").select(eb.fn.countAll<number>().as("n")).whereRef("users.companyId", "=", "c.id").as("memberCount"),
      eb
        .selectFrom("projects")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("projects.companyId", "=", "c.id")
        .where("projects.archivedAt", "is", null)
        .as("projectCount"),
      eb
        .selectFrom("complaints")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("complaints.companyId", "=", "c.id")
        .where("complaints.status", "!=", "Resolved")
        .as("openRequestCount"),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>["execute"]>>[number];

function toSummary(r: SummaryRow, match: SearchMatch | undefined): CompanySummary {
  return {
    ...r,
    createdAt: Number(r.createdAt),
    closedAt: r.closedAt === null ? null : Number(r.closedAt),
    memberCount: Number(r.memberCount ?? 0),
    projectCount: Number(r.projectCount ?? 0),
    openRequestCount: Number(r.openRequestCount ?? 0),
    match,
  };
}

/** Staff name companies; a second company with the same name (a double submit, a typo) is refused. */
async function refuseTakenName(trx: Trx, name: string, exceptId?: string): Promise<void> {
  // SQLite runs one write transaction at a time; PostgreSQL would let two concurrent creates both
  // see the name free, so they take turns here (company writes are rare).
  if (currentDialect() === "postgres") await sql`lock table companies in share row exclusive mode`.execute(trx);
  let query = trx
    .selectFrom("companies")
    .select("id")
    .where(sql<boolean>`lower(name) = ${name.trim().toLowerCase()}`);
  if (exceptId) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw new Refusal("conflict", `A company named “${name.trim()}” already exists.`, { field: "name" });
}

export async function createCompany(actor: Actor, input: CompanyInput, now = Date.now()): Promise<Company> {
  const { company, joined } = await writeTransaction(async (trx) => {
    await refuseTakenName(trx, input.name);
    const company = await insertCompany(trx, { ...input, origin: "staff" }, now);
    await recordAudit(
      trx,
      actor,
      {
        action: "company.create",
        entity: "company",
        entityId: company.id,
        detail: { name: company.name, website: company.website, country: company.country },
      },
      now,
    );
    // A limited member keeps seeing the company they made (decision 0105).
    return { company, joined: await joinTeamIfLimited(trx, actor, company.id, now) };
  });
  announceJoined(actor, joined);
  return company;
}

/** An unknown company id: the page's "not found". */
const noSuchCompany = () => new Refusal("not-found", "No company with this id.");

/** Saves name, website and country; "unchanged" when they already had these values. An unknown id is refused as not found. */
export async function updateCompany(actor: Actor, id: string, input: CompanyInput, now = Date.now()): Promise<"updated" | "unchanged"> {
  return writeTransaction(async (trx) => {
    const current = await trx.selectFrom("companies").select(["name", "website", "country"]).where("id", "=", id).executeTakeFirst();
    if (!current) throw noSuchCompany();
    const next = { name: input.name.trim(), website: input.website?.trim() ?? "", country: input.country?.trim() ?? "" };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => current[key] !== next[key]);
    if (changed.length === 0) return "unchanged";
    if (changed.includes("name")) await refuseTakenName(trx, next.name, id);
    await trx
      .updateTable("companies")
      .set({ ...next, updatedAt: now })
      .where("id", "=", id)
      .execute();
    const detail = Object.fromEntries(changed.map((key) => [key, { from: current[key], to: next[key] }]));
    await recordAudit(trx, actor, { action: "company.update", entity: "company", entityId: id, detail }, now);
    return "updated";
  });
}

/**
 * Closes a company: its members lose access at once. Their sessions are deleted in the same
 * transaction (requireClient refuses a closed company's member anyway), and every instance ends
 * their open streams on `client.access-changed`. The company's data stays (decision 0033).
 */
export async function closeCompany(actor: Actor, id: string, now = Date.now()): Promise<"closed" | "unchanged"> {
  const outcome = await writeTransaction(async (trx) => {
    const company = await trx.selectFrom("companies").select(["name", "closedAt"]).where("id", "=", id).executeTakeFirst();
    if (!company) throw noSuchCompany();
    if (company.closedAt !== null) return { members: [] as string[], unchanged: true };
    const members = (await trx.selectFrom("users").select("id").where("companyId", "=", id).execute()).map((m) => m.id);
    await trx.updateTable("companies").set({ closedAt: now, updatedAt: now }).where("id", "=", id).execute();
    if (members.length > 0) await trx.deleteFrom("sessions").where("userId", "in", members).execute();
    await recordAudit(
      trx,
      actor,
      { action: "company.close", entity: "company", entityId: id, detail: { name: company.name, members: members.length } },
      now,
    );
    return { members, unchanged: false };
  });
  for (const userId of outcome.members) events().publish({ type: "client.access-changed", userId });
  return outcome.unchanged ? "unchanged" : "closed";
}

/** Reopens a closed company: its members may sign in again (their old sessions stay gone). */
export async function reopenCompany(actor: Actor, id: string, now = Date.now()): Promise<"reopened" | "unchanged"> {
  return writeTransaction(async (trx) => {
    const company = await trx.selectFrom("companies").select(["name", "closedAt"]).where("id", "=", id).executeTakeFirst();
    if (!company) throw noSuchCompany();
    if (company.closedAt === null) return "unchanged";
    await trx.updateTable("companies").set({ closedAt: null, updatedAt: now }).where("id", "=", id).execute();
    await recordAudit(trx, actor, { action: "company.reopen", entity: "company", entityId: id, detail: { name: company.name } }, now);
    return "reopened";
  });
}
