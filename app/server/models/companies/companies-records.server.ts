import { db } from "~/server/db/db.server";

// What the console's company page shows beside its members: the company's support
// requests, the lead(s) it came from, and its activity. Staff only, scoped by the company.

export interface CompanyRequest {
  id: string;
  subject: string;
  status: string;
  createdAt: number;
}

export interface CompanyLead {
  id: string;
  name: string;
  email: string;
  status: string;
  submittedAt: number;
}

export interface CompanyActivity {
  id: string;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string;
  detail: Record<string, unknown>;
  createdAt: number;
}

// Each list's query is built apart, so tests/platform/hot-query-plans.test.ts explains what runs.

export function companyRequestsQuery({ companyId }: { companyId: string }) {
  return db()
    .selectFrom("complaints")
    .select(["id", "subject", "status", "createdAt"])
    .where("companyId", "=", companyId)
    .orderBy((eb) => eb.case().when("status", "=", "Resolved").then(1).else(0).end())
    .orderBy("createdAt", "desc")
    .orderBy("id");
}

/** The company's support requests, unresolved first, then newest. */
export async function listCompanyRequests({ companyId }: { companyId: string }): Promise<CompanyRequest[]> {
  const rows = await companyRequestsQuery({ companyId }).execute();
  return rows.map((r) => ({ ...r, createdAt: Number(r.createdAt) }));
}

export function companyLeadsQuery({ companyId }: { companyId: string }) {
  return db()
    .selectFrom("quotes")
    .select(["id", "name", "email", "status", "submittedAt"])
    .where("companyId", "=", companyId)
    .orderBy("submittedAt", "desc")
    .orderBy("id");
}

/** The leads converted into this company ("Convert to client" sets quotes.company_id). */
export async function listCompanyLeads({ companyId }: { companyId: string }): Promise<CompanyLead[]> {
  const rows = await companyLeadsQuery({ companyId }).execute();
  return rows.map((r) => ({ ...r, submittedAt: Number(r.submittedAt) }));
}

/** Audit entries of the company and of its projects, newest first. */
export async function listCompanyActivity({ companyId }: { companyId: string }, limit = 20): Promise<CompanyActivity[]> {
  const rows = await companyActivityQuery({ companyId }, limit).execute();
  return rows.map((r) => ({
    id: r.id,
    actorEmail: r.actorEmail,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    detail: parseDetail(r.detail),
    createdAt: Number(r.createdAt),
  }));
}

/**
 * The company's own entries and its projects' as two lookups of audit_log_entity, merged: as one OR,
 * PostgreSQL walked the whole log backwards by time, filtering, to find a company's twenty.
 */
export function companyActivityQuery({ companyId }: { companyId: string }, limit = 20) {
  const columns = ["id", "actorEmail", "action", "entity", "entityId", "detail", "createdAt"] as const;
  const own = db().selectFrom("auditLog").select(columns).where("entity", "=", "company").where("entityId", "=", companyId);
  const projects = db()
    .selectFrom("auditLog")
    .select(columns)
    .where("entity", "=", "project")
    .where("entityId", "in", db().selectFrom("projects").select("id").where("companyId", "=", companyId));
  return db().selectFrom(own.unionAll(projects).as("a")).selectAll().orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit);
}

function parseDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
