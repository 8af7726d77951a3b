import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { AREA_ROLES, type ConsoleArea } from "~/lib/staff-roles";
import { db, type Executor } from "~/server/db/db.server";

// Decision 0105: the one place that says which companies a staff member may see. Every staff
// query that reads a company's data takes the scope and narrows itself with `companyIn` (or, for
// records that may have no company, `companyInOrNone`); a record outside the scope is "not found"
// like an unknown id. Admins and staff who are not limited see every company.

/** Every company, or only these ones (a limited member's assigned companies, maybe none). */
export type CompanyScope = "all" | { readonly companyIds: readonly string[] };

export const ALL_COMPANIES: CompanyScope = "all";

/**
 * The companies `actor` may see: "all" unless they are a non-admin staff member with "Limited to
 * assigned companies" on, then the companies they manage or are on the team of. An API token sees
 * every company. An unknown or client id sees nothing, so a mistaken caller fails closed.
 */
export async function companyScope(actor: { id: string; via?: "api-token" }, executor: Executor = db()): Promise<CompanyScope> {
  // An API token is an admin's, scoped by area, never by company (decisions 0104, 0105).
  if (actor.via === "api-token") return ALL_COMPANIES;
  const person = await executor
    .selectFrom("users")
    .select(["role", "staffRole", "assignedOnly"])
    .where("id", "=", actor.id)
    .executeTakeFirst();
  if (!person || person.role !== "employee") return { companyIds: [] };
  // An admin can lift their own limit: limiting them would guard nothing (decision 0105).
  if (person.staffRole === "admin" || Number(person.assignedOnly) !== 1) return ALL_COMPANIES;
  return { companyIds: await assignedCompanyIds(executor, actor.id) };
}

/** The companies `userId` manages or is on the team of. */
export async function assignedCompanyIds(executor: Executor, userId: string): Promise<string[]> {
  const rows = await executor.selectFrom("companyTeam").select("companyId").where("userId", "=", userId).execute();
  return rows.map((row) => row.companyId);
}

/** Whether a record of `companyId` (null: of no company) is within `scope`. */
export function inScope(scope: CompanyScope, companyId: string | null | undefined): boolean {
  if (scope === "all") return true;
  return typeof companyId === "string" && scope.companyIds.includes(companyId);
}

/** Whether a record that may belong to no company (a lead, a proposal to a lead) is within `scope`: one of none always is. */
export function inScopeOrNone(scope: CompanyScope, companyId: string | null | undefined): boolean {
  return companyId === null || companyId === undefined || inScope(scope, companyId);
}

const always = () => sql<SqlBool>`1 = 1`;
const never = () => sql<SqlBool>`1 = 0`;

/** The condition "`column` names a company within `scope`" (a null column is outside a limited scope). */
export function companyIn<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: string,
  scope: CompanyScope,
): Expression<SqlBool> {
  if (scope === "all") return always();
  if (scope.companyIds.length === 0) return never();
  return eb(sql.ref<string>(column), "in", [...scope.companyIds]);
}

/** As `companyIn`, but a record of no company (a lead not converted) is within every scope. */
export function companyInOrNone<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: string,
  scope: CompanyScope,
): Expression<SqlBool> {
  if (scope === "all") return always();
  return eb.or([eb(sql.ref<string | null>(column), "is", null), companyIn(eb, column, scope)]);
}

/**
 * `userIds` without the staff limited to assigned companies who are not assigned to `companyId`:
 * the one filter every notification about a company passes through (notifications.server.ts).
 */
export async function withoutUnassigned(executor: Executor, userIds: readonly string[], companyId: string): Promise<string[]> {
  if (userIds.length === 0) return [];
  const limited = await executor
    .selectFrom("users")
    .select(["id", "staffRole"])
    .where("id", "in", [...userIds])
    .where("role", "=", "employee")
    .where("assignedOnly", "=", 1)
    .execute();
  const outside = limited.filter((row) => row.staffRole !== "admin").map((row) => row.id);
  if (outside.length === 0) return [...userIds];
  const team = await executor
    .selectFrom("companyTeam")
    .select("userId")
    .where("companyId", "=", companyId)
    .where("userId", "in", outside)
    .execute();
  const assigned = new Set(team.map((row) => row.userId));
  return userIds.filter((id) => !outside.includes(id) || assigned.has(id));
}

/**
 * The staff of a company who hear of its new support requests and approvals first: its account
 * manager and team, active, whose role may use `area`. Empty when it has nobody assigned.
 */
export async function assignedStaffIds(executor: Executor, companyId: string, area: ConsoleArea): Promise<string[]> {
  const rows = await executor
    .selectFrom("users")
    .select("id")
    .where("id", "in", (eb) => eb.selectFrom("companyTeam").select("userId").where("companyId", "=", companyId))
    .where("role", "=", "employee")
    .where("staffDisabledAt", "is", null)
    .where("staffRole", "in", [...AREA_ROLES[area]])
    .execute();
  return rows.map((row) => row.id);
}
