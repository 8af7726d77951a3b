import { displayName } from "~/lib/people";
import type { ExpressionBuilder } from "kysely";
import { roleForEmail } from "~/lib/roles";
import { isStaffRole, mayUse } from "~/lib/staff-roles";
import type { ProjectFilter } from "~/lib/schemas/projects-staff";
import { db } from "~/server/db/db.server";
import { ilike, likePattern } from "~/server/db/like.server";
import type { Database } from "~/server/db/schema";
import { companyDomain } from "~/server/brand/company-domain.server";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";

// Decision 0035: what staff read of projects, across every company the viewer may see (decision
// 0105: `scope`). Staff only: the caller has passed requireStaff(request, "clients").

const EXPORT_BATCH = 500;

type From = Database & { p: Database["projects"]; c: Database["companies"]; o: Database["users"] };

function base() {
  return db().selectFrom("projects as p").leftJoin("companies as c", "c.id", "p.companyId").leftJoin("users as o", "o.id", "p.ownerId");
}

const COLUMNS = [
  "p.id",
  "p.companyId",
  "p.title",
  "p.description",
  "p.status",
  "p.progress",
  "p.startDate",
  "p.dueDate",
  "p.ownerId",
  "p.archivedAt",
  "p.createdAt",
  "p.updatedAt",
  "c.name as companyName",
  "c.closedAt as companyClosedAt",
  "o.name as ownerName",
  "o.email as ownerEmail",
] as const;

function matches(filter: ProjectFilter, today: string, scope: CompanyScope) {
  return (eb: ExpressionBuilder<From, "p" | "c" | "o">) => {
    const conditions = [
      companyIn(eb, "p.companyId", scope),
      filter.archived ? eb("p.archivedAt", "is not", null) : eb("p.archivedAt", "is", null),
    ];
    if (filter.status) conditions.push(eb("p.status", "=", filter.status));
    if (filter.owner === "none") conditions.push(eb("p.ownerId", "is", null));
    else if (filter.owner) conditions.push(eb("p.ownerId", "=", filter.owner));
    if (filter.overdue)
      conditions.push(eb.and([eb("p.dueDate", "is not", null), eb("p.dueDate", "<", today), eb("p.status", "!=", "done")]));
    if (filter.q) {
      const pattern = likePattern(filter.q);
      conditions.push(
        eb.or([ilike(eb.ref("p.title"), pattern), ilike(eb.ref("p.description"), pattern), ilike(eb.ref("c.name"), pattern)]),
      );
    }
    return eb.and(conditions);
  };
}

/**
 * One page of projects matching the filter, newest first, and how many match in all. `today`
 * (the agency's, agencyToday) decides "overdue".
 */
export async function listAllProjects(filter: ProjectFilter, page: { limit: number; offset: number }, today: string, scope: CompanyScope) {
  const where = matches(filter, today, scope);
  const [projects, count] = await Promise.all([
    base().select(COLUMNS).where(where).orderBy("p.createdAt", "desc").orderBy("p.id").limit(page.limit).offset(page.offset).execute(),
    base()
      .where(where)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { projects, total: Number(count.n) };
}

export type StaffProjectRow = Awaited<ReturnType<typeof listAllProjects>>["projects"][number];

/** Every project matching the filter, newest first, in batches (keyset: new rows never shift a batch). */
export async function* eachProject(filter: ProjectFilter, today: string, scope: CompanyScope): AsyncGenerator<StaffProjectRow> {
  let last: { createdAt: number; id: string } | undefined;
  for (;;) {
    let query = base()
      .select(COLUMNS)
      .where(matches(filter, today, scope));
    if (last) {
      const { createdAt, id } = last;
      query = query.where((eb) =>
        eb.or([eb("p.createdAt", "<", createdAt), eb.and([eb("p.createdAt", "=", createdAt), eb("p.id", ">", id)])]),
      );
    }
    const batch = await query.orderBy("p.createdAt", "desc").orderBy("p.id").limit(EXPORT_BATCH).execute();
    yield* batch;
    if (batch.length < EXPORT_BATCH) return;
    last = batch[batch.length - 1];
  }
}

/** One project the viewer may see, archived or not, with its company's name and its progress history (newest first). */
export async function getProjectForStaff({ id, scope }: { id: string; scope: CompanyScope }) {
  const project = await base()
    .select(COLUMNS)
    .where("p.id", "=", id)
    .where((eb) => companyIn(eb, "p.companyId", scope))
    .executeTakeFirst();
  if (!project) return undefined;
  const history = await db()
    .selectFrom("projectProgress")
    .select(["id", "progress", "note", "changedByName", "changedAt"])
    .where("projectId", "=", id)
    .orderBy("changedAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return { ...project, history };
}

/** A company's projects for its console page (CompanyProjects), archived ones included and flagged, newest first. */
export async function listCompanyProjectsForStaff({ companyId }: { companyId: string }) {
  const rows = await base().select(COLUMNS).where("p.companyId", "=", companyId).orderBy("p.createdAt", "desc").orderBy("p.id").execute();
  return rows.map((p) => ({
    id: p.id,
    title: p.title,
    status: p.status,
    progress: p.progress,
    startDate: p.startDate,
    dueDate: p.dueDate,
    ownerName: p.ownerId ? p.ownerName?.trim() || p.ownerEmail : null,
    archived: p.archivedAt !== null,
  }));
}

export interface OwnerOption {
  id: string;
  name: string;
}

/** The staff members a project may be given to: active staff whose role opens projects, by name. */
export async function listOwnerOptions(): Promise<OwnerOption[]> {
  const rows = await db()
    .selectFrom("users")
    .select(["id", "name", "email", "staffRole"])
    .where("role", "=", "employee")
    .where("staffDisabledAt", "is", null)
    .orderBy("name")
    .orderBy("email")
    .execute();
  const domain = companyDomain();
  return rows
    .filter((u) => roleForEmail(u.email, domain) === "employee" && isStaffRole(u.staffRole) && mayUse(u.staffRole, "clients"))
    .map((u) => ({ id: u.id, name: displayName(u) }));
}

/** The names of the staff who run projects (portal cards show "who runs it"), by id. */
export async function projectOwnerNames(ids: readonly string[]): Promise<Record<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return {};
  const rows = await db()
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("id", "in", unique)
    .where("role", "=", "employee")
    .execute();
  return Object.fromEntries(rows.map((u) => [u.id, displayName(u)]));
}
