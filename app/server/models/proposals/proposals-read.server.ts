import { defaultOptionalIds, proposalTotals, type ProposalContent, type ProposalStatus } from "~/lib/proposals";
import { Refusal } from "~/lib/refusal";
import { db } from "~/server/db/db.server";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { isExpired, NO_PROPOSAL, parseContent } from "./proposal-rows.server";
import { companyIn, companyInOrNone, type CompanyScope } from "../shared/company-scope.server";

// The console's reading of proposals: the list with each one's status as the client would meet it
// (a sent proposal whose last day has passed is "expired", though its row still says sent), the
// monthly figures above it, and one proposal with its versions, views, links and signature.

export interface ProposalListRow {
  id: string;
  title: string;
  clientName: string;
  companyName: string | null;
  leadId: string | null;
  status: ProposalStatus;
  currency: string;
  /** The latest version's total with the optional items ticked at first (the draft's before sending). */
  value: number;
  ownerName: string | null;
  updatedAt: number;
}

/** The status shown: the row's, or "expired" for a sent or viewed one past its last day. */
function shownStatus(status: string, latest: ProposalContent | null, today: string): ProposalStatus {
  if ((status === "sent" || status === "viewed") && latest && isExpired(latest, today)) return "expired";
  return status as ProposalStatus;
}

/** The totals with the optional items ticked at first; null when a draft's amounts overflow. */
function safeTotals(content: ProposalContent) {
  try {
    return proposalTotals(content, defaultOptionalIds(content));
  } catch {
    return null;
  }
}

const valueOf = (content: ProposalContent) => safeTotals(content)?.total ?? 0;

/**
 * Proposals (aliased `p`) the viewer may see (decision 0105): a company's follow the company; a
 * lead's follow the lead, which follows its company once converted; one of neither is everyone's.
 */
export function proposalInScope(scope: CompanyScope) {
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => {
    if (scope === "all") return sql<SqlBool>`1 = 1`;
    const leadsInScope = db()
      .selectFrom("quotes")
      .select("quotes.id")
      .where((q) => companyInOrNone(q, "quotes.companyId", scope));
    return eb.or([
      companyIn(eb, "p.companyId", scope),
      eb.and([
        eb(sql.ref<string | null>("p.companyId"), "is", null),
        eb.or([eb(sql.ref<string | null>("p.leadId"), "is", null), eb(sql.ref<string>("p.leadId"), "in", leadsInScope)]),
      ]),
    ]);
  };
}

/** Every proposal the viewer may see (newest change first), or a lead's or company's; filtered by the shown status. */
export async function listProposals(filter: {
  today: string;
  scope: CompanyScope;
  status?: ProposalStatus;
  leadId?: string;
  companyId?: string;
}): Promise<ProposalListRow[]> {
  let query = db()
    .selectFrom("proposals as p")
    .leftJoin("companies as c", "c.id", "p.companyId")
    .leftJoin("users as u", "u.id", "p.ownerId")
    .select([
      "p.id",
      "p.leadId",
      "p.clientName",
      "p.status",
      "p.draft",
      "p.sentVersion",
      "p.updatedAt",
      "c.name as companyName",
      "u.name as ownerName",
    ])
    .orderBy("p.updatedAt", "desc")
    .orderBy("p.id")
    .limit(1000);
  if (filter.leadId) query = query.where("p.leadId", "=", filter.leadId);
  if (filter.companyId) query = query.where("p.companyId", "=", filter.companyId);
  const rows = await query.where(proposalInScope(filter.scope)).execute();
  const latest = await latestContents(rows.filter((r) => Number(r.sentVersion) > 0).map((r) => r.id));
  return rows
    .map((row) => {
      const sent = latest.get(row.id) ?? null;
      const content = sent ?? parseContent(row.draft);
      return {
        id: row.id,
        title: content.title,
        clientName: row.clientName,
        companyName: row.companyName ?? null,
        leadId: row.leadId,
        status: shownStatus(row.status, sent, filter.today),
        currency: content.currency,
        value: valueOf(content),
        ownerName: row.ownerName ?? null,
        updatedAt: Number(row.updatedAt),
      };
    })
    .filter((row) => !filter.status || row.status === filter.status);
}

/** The latest version's content of each proposal named. */
async function latestContents(ids: string[]): Promise<Map<string, ProposalContent>> {
  const found = new Map<string, ProposalContent>();
  if (ids.length === 0) return found;
  const rows = await db()
    .selectFrom("proposalVersions")
    .select(["proposalId", "number", "content"])
    .where("proposalId", "in", ids)
    .orderBy("number", "asc")
    .execute();
  for (const row of rows) found.set(row.proposalId, parseContent(row.content));
  return found;
}

export interface MonthFigures {
  /** YYYY-MM in the agency's zone. */
  month: string;
  accepted: number;
  declined: number;
  expired: number;
  /** Whole percent, or null when nothing was decided that month. */
  winRate: number | null;
  /** Median days from the first sending to the signature, one decimal; null without acceptances. */
  medianDaysToSign: number | null;
}

const DAY_MS = 86_400_000;

/** YYYY-MM of an instant in `timeZone`. */
function monthIn(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit" }).formatToParts(at);
  return `${parts.find((p) => p.type === "year")!.value}-${parts.find((p) => p.type === "month")!.value}`;
}

/** The six months ending with `today`'s, oldest first. */
function lastMonths(today: string, count = 6): string[] {
  const [y, m] = today.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Win rate (accepted / accepted + declined + expired) and median time to sign, per month of the
 * outcome, for the last six months: an acceptance or a decline counts in its month, an expiry in
 * the month of its last day.
 */
export async function proposalStats({
  today,
  timeZone,
  scope,
}: {
  today: string;
  timeZone: string;
  scope: CompanyScope;
}): Promise<MonthFigures[]> {
  const months = lastMonths(today);
  const figures = new Map(months.map((month) => [month, { accepted: 0, declined: 0, expired: 0, days: [] as number[] }]));
  const rows = await db()
    .selectFrom("proposals as p")
    .select(["p.id", "p.status", "p.acceptedAt", "p.declinedAt"])
    .where("p.status", "in", ["sent", "viewed", "accepted", "declined"])
    .where(proposalInScope(scope))
    .execute();
  const versions = await db()
    .selectFrom("proposalVersions")
    .select(["proposalId", "number", "content", "sentAt"])
    .where("proposalId", "in", rows.length ? rows.map((r) => r.id) : ["-"])
    .orderBy("number", "asc")
    .execute();
  const firstSent = new Map<string, number>();
  const latest = new Map<string, ProposalContent>();
  for (const v of versions) {
    if (!firstSent.has(v.proposalId)) firstSent.set(v.proposalId, Number(v.sentAt));
    latest.set(v.proposalId, parseContent(v.content));
  }
  for (const row of rows) {
    if (row.status === "accepted" && row.acceptedAt) {
      const month = figures.get(monthIn(Number(row.acceptedAt), timeZone));
      if (!month) continue;
      month.accepted += 1;
      const sent = firstSent.get(row.id);
      if (sent !== undefined) month.days.push((Number(row.acceptedAt) - sent) / DAY_MS);
    } else if (row.status === "declined" && row.declinedAt) {
      const month = figures.get(monthIn(Number(row.declinedAt), timeZone));
      if (month) month.declined += 1;
    } else {
      const content = latest.get(row.id);
      if (!content || !isExpired(content, today)) continue;
      const month = figures.get(content.validUntil.slice(0, 7));
      if (month) month.expired += 1;
    }
  }
  return months.map((month) => {
    const f = figures.get(month)!;
    const decided = f.accepted + f.declined + f.expired;
    const days = median(f.days);
    return {
      month,
      accepted: f.accepted,
      declined: f.declined,
      expired: f.expired,
      winRate: decided ? Math.round((f.accepted / decided) * 100) : null,
      medianDaysToSign: days === null ? null : Math.round(days * 10) / 10,
    };
  });
}

function linkState(l: { openedAt: number | null; revokedAt: number | null; expiresAt: number }, now: number) {
  if (l.revokedAt !== null) return "withdrawn" as const;
  if (l.openedAt !== null) return "opened" as const;
  return Number(l.expiresAt) <= now ? ("expired" as const) : ("open" as const);
}

/** One proposal for its console page: the working copy, and what happened to what was sent. */
export async function getStaffProposal({
  id,
  today,
  scope,
  now = Date.now(),
}: {
  id: string;
  today: string;
  scope: CompanyScope;
  now?: number;
}) {
  const row = await db()
    .selectFrom("proposals as p")
    .leftJoin("companies as c", "c.id", "p.companyId")
    .leftJoin("quotes as q", "q.id", "p.leadId")
    .leftJoin("users as u", "u.id", "p.ownerId")
    .selectAll("p")
    .select(["c.name as companyName", "q.name as leadName", "u.name as ownerName"])
    .where("p.id", "=", id)
    .where(proposalInScope(scope))
    .executeTakeFirst();
  if (!row) throw new Refusal("not-found", NO_PROPOSAL);
  const [versions, views, signatures, links] = await Promise.all([
    db()
      .selectFrom("proposalVersions as v")
      .leftJoin("users as u", "u.id", "v.sentBy")
      .select(["v.number", "v.sentAt", "v.content", "v.contentSha256", "u.name as sentByName"])
      .where("v.proposalId", "=", id)
      .orderBy("v.number", "desc")
      .execute(),
    db()
      .selectFrom("proposalViews")
      .select(["viewer", "name", "versionNumber", "viewedAt"])
      .where("proposalId", "=", id)
      .orderBy("viewedAt", "desc")
      .execute(),
    db()
      .selectFrom("proposalSignatures")
      .select(["id", "role", "versionNumber", "signerName", "signerEmail", "ip", "documentSha256", "total", "currency", "signedAt"])
      .where("proposalId", "=", id)
      .orderBy("signedAt")
      .execute(),
    db()
      .selectFrom("proposalLinks")
      .select(["id", "email", "createdAt", "expiresAt", "openedAt", "revokedAt"])
      .where("proposalId", "=", id)
      .orderBy("createdAt", "desc")
      .execute(),
  ]);
  const draft = parseContent(row.draft);
  const latest = versions[0] ? parseContent(versions[0].content) : null;
  return {
    id: row.id,
    leadId: row.leadId,
    leadName: row.leadName ?? null,
    companyId: row.companyId,
    companyName: row.companyName ?? null,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    countersign: Boolean(Number(row.countersign)),
    ownerName: row.ownerName ?? null,
    version: Number(row.version),
    status: shownStatus(row.status, latest, today),
    draft,
    draftTotals: safeTotals(draft),
    declineReason: row.declineReason,
    declinedAt: row.declinedAt === null ? null : Number(row.declinedAt),
    acceptedAt: row.acceptedAt === null ? null : Number(row.acceptedAt),
    projectId: row.projectId,
    invoiceId: row.invoiceId,
    versions: versions.map((v) => ({ number: Number(v.number), sentAt: Number(v.sentAt), sentByName: v.sentByName ?? null })),
    views: views.map((v) => ({ ...v, versionNumber: Number(v.versionNumber), viewedAt: Number(v.viewedAt) })),
    signatures: signatures.map((s) => ({
      ...s,
      versionNumber: Number(s.versionNumber),
      total: Number(s.total),
      signedAt: Number(s.signedAt),
    })),
    links: links.map((l) => ({
      id: l.id,
      email: l.email,
      createdAt: Number(l.createdAt),
      state: linkState(l, now),
    })),
  };
}
export type StaffProposal = Awaited<ReturnType<typeof getStaffProposal>>;

/** Whom a new proposal is for, by name: a lead or a company the viewer may see; any other is not found. */
export async function proposalTarget(target: { leadId: string } | { companyId: string }, scope: CompanyScope): Promise<{ name: string }> {
  const found =
    "leadId" in target
      ? await db()
          .selectFrom("quotes")
          .select("name")
          .where("id", "=", target.leadId)
          .where((eb) => companyInOrNone(eb, "quotes.companyId", scope))
          .executeTakeFirst()
      : await db()
          .selectFrom("companies")
          .select("name")
          .where("id", "=", target.companyId)
          .where((eb) => companyIn(eb, "companies.id", scope))
          .executeTakeFirst();
  if (!found) throw new Refusal("not-found", "leadId" in target ? "This lead does not exist." : "This client does not exist.");
  return found;
}

/** Refuses an unknown proposal, or one the viewer may not see (not found), before a form touches it. */
export async function requireProposal(id: string, scope: CompanyScope): Promise<{ companyId: string | null }> {
  const row = await db()
    .selectFrom("proposals as p")
    .select("p.companyId")
    .where("p.id", "=", id)
    .where(proposalInScope(scope))
    .executeTakeFirst();
  if (!row) throw new Refusal("not-found", NO_PROPOSAL);
  return { companyId: row.companyId };
}
