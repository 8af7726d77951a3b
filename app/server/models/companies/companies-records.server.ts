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

/** The company's support requests, unresolved first, then newest. */
export async function listCompanyRequests({ companyId }: { companyId: string }): Promise<CompanyRequest[]> {
  const rows = await db()
    .selectFrom("complaints")
    .select(["id", "subject", "status", "createdAt"])
    .where("companyId", "=", companyId)
    .orderBy((eb) => eb.case().when("status", "=", "Resolved").then(1).else(0).end())
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, createdAt: Number(r.createdAt) }));
}

/** The leads converted into this company ("Convert to client" sets quotes.company_id). */
export async function listCompanyLeads({ companyId }: { companyId: string }): Promise<CompanyLead[]> {
  const rows = await db()
    .selectFrom("quotes")
    .select(["id", "name", "email", "status", "submittedAt"])
    .where("companyId", "=", companyId)
    .orderBy("submittedAt", "desc")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, submittedAt: Number(r.submittedAt) }));
}

/** Audit entries of the company and of its projects, newest first. */
export async function listCompanyActivity({ companyId }: { companyId: string }, limit = 20): Promise<CompanyActivity[]> {
  const rows = await db()
    .selectFrom("auditLog")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb("entity", "=", "company"), eb("entityId", "=", companyId)]),
        eb.and([
          eb("entity", "=", "project"),
          eb("entityId", "in", eb.selectFrom("projects").select("id").where("companyId", "=", companyId)),
        ]),
      ]),
    )
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
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

function parseDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
