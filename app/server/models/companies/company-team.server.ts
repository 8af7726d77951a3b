import { displayName } from "~/lib/people";
import { Refusal } from "~/lib/refusal";
import { roleForEmail } from "~/lib/roles";
import { isStaffRole, STAFF_ROLE_LABELS } from "~/lib/staff-roles";
import type { Actor } from "~/server/auth/actor.server";
import { companyDomain } from "~/server/brand/company-domain.server";
import { db, type Executor, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { recordAudit } from "../shared/audit.server";

// Decision 0105: a company's account manager and its team of assigned staff, edited on the console
// company page by staff with Clients, audited with entity "company". A limited staff member sees
// only the companies they manage or are on the team of (models/shared/company-scope.server.ts).

export interface TeamPerson {
  id: string;
  name: string;
  email: string;
  /** "Delivery", "Sales"…; empty for an account without a role. */
  roleLabel: string;
  assignedOnly: boolean;
}

export interface CompanyTeam {
  manager: TeamPerson | null;
  team: TeamPerson[];
}

type PersonRow = { id: string; name: string; email: string; staffRole: string | null; assignedOnly: number };

function toPerson(row: PersonRow): TeamPerson {
  return {
    id: row.id,
    name: displayName(row),
    email: row.email,
    roleLabel: isStaffRole(row.staffRole) ? STAFF_ROLE_LABELS[row.staffRole] : "",
    assignedOnly: Number(row.assignedOnly) === 1,
  };
}

const PERSON = ["u.id", "u.name", "u.email", "u.staffRole", "u.assignedOnly"] as const;

/** The company's account manager and the rest of its team, by name. */
export async function companyTeam(companyId: string, executor: Executor = db()): Promise<CompanyTeam> {
  const rows = await executor
    .selectFrom("companyTeam as t")
    .innerJoin("users as u", "u.id", "t.userId")
    .select([...PERSON, "t.manager"])
    .where("t.companyId", "=", companyId)
    .orderBy("u.name")
    .orderBy("u.email")
    .execute();
  const manager = rows.find((row) => Number(row.manager) === 1);
  return { manager: manager ? toPerson(manager) : null, team: rows.filter((row) => row !== manager).map(toPerson) };
}

/** Active staff who may be given a company: every active staff member with a role, by name. */
export async function assignableStaff(): Promise<TeamPerson[]> {
  const rows = await db()
    .selectFrom("users as u")
    .select(PERSON)
    .where("u.role", "=", "employee")
    .where("u.staffDisabledAt", "is", null)
    .where("u.staffRole", "is not", null)
    .orderBy("u.name")
    .orderBy("u.email")
    .execute();
  const domain = companyDomain();
  return rows.filter((u) => roleForEmail(u.email, domain) === "employee" && isStaffRole(u.staffRole)).map(toPerson);
}

async function companyNamed(trx: Trx, companyId: string) {
  const company = await trx.selectFrom("companies").select("name").where("id", "=", companyId).executeTakeFirst();
  if (!company) throw new Refusal("not-found", "No company with this id.");
  const manager = await trx
    .selectFrom("companyTeam")
    .select("userId")
    .where("companyId", "=", companyId)
    .where("manager", "=", 1)
    .executeTakeFirst();
  return { name: company.name, accountManagerId: manager?.userId ?? null };
}

/** An active staff member with a role, or a refusal beside the field. */
async function assignable(trx: Trx, userId: string, field: string) {
  const row = await trx
    .selectFrom("users")
    .select(["id", "email", "staffRole", "staffDisabledAt", "role"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row || row.role !== "employee" || row.staffDisabledAt !== null || !isStaffRole(row.staffRole)) {
    throw new Refusal("unprocessable", "Choose an active staff member.", { field });
  }
  return row;
}

/** Their console streams were filtered by the old assignments: they reconnect with the new ones. */
function announce(userIds: (string | null | undefined)[]): void {
  for (const userId of new Set(userIds)) if (userId) events().publish({ type: "staff.access-changed", userId });
}

/**
 * Gives the company an account manager, or none (null): they join its team if they were not on
 * it; the one before stays on the team until taken off. Audited; "unchanged" when it already was.
 */
export async function setAccountManager(
  actor: Actor,
  { companyId, userId }: { companyId: string; userId: string | null },
  now = Date.now(),
): Promise<"changed" | "unchanged"> {
  const outcome = await writeTransaction(async (trx) => {
    const company = await companyNamed(trx, companyId);
    if (company.accountManagerId === userId) return null;
    const person = userId ? await assignable(trx, userId, "accountManager") : null;
    // The old manager steps down first: one manager per company (a unique index says so too).
    await trx.updateTable("companyTeam").set({ manager: 0 }).where("companyId", "=", companyId).where("manager", "=", 1).execute();
    if (userId)
      await trx
        .insertInto("companyTeam")
        .values({ companyId, userId, manager: 1, addedAt: now })
        .onConflict((oc) => oc.columns(["companyId", "userId"]).doUpdateSet({ manager: 1 }))
        .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "company.account-manager",
        entity: "company",
        entityId: companyId,
        detail: { name: company.name, from: company.accountManagerId, to: userId, email: person?.email ?? null },
      },
      now,
    );
    return { before: company.accountManagerId };
  });
  if (!outcome) return "unchanged";
  announce([outcome.before, userId]);
  events().publish({ type: "company.changed", id: companyId });
  return "changed";
}

/** Puts a staff member on the company's team. Audited; "unchanged" when they already were. */
export async function addToTeam(
  actor: Actor,
  { companyId, userId }: { companyId: string; userId: string },
  now = Date.now(),
): Promise<"changed" | "unchanged"> {
  const changed = await writeTransaction(async (trx) => {
    const company = await companyNamed(trx, companyId);
    const person = await assignable(trx, userId, "userId");
    const inserted = await trx
      .insertInto("companyTeam")
      .values({ companyId, userId, addedAt: now })
      .onConflict((oc) => oc.columns(["companyId", "userId"]).doNothing())
      .returning("userId")
      .execute();
    if (inserted.length === 0) return false;
    await recordAudit(
      trx,
      actor,
      { action: "company.team-add", entity: "company", entityId: companyId, detail: { name: company.name, email: person.email } },
      now,
    );
    return true;
  });
  if (!changed) return "unchanged";
  announce([userId]);
  events().publish({ type: "company.changed", id: companyId });
  return "changed";
}

/** Takes a staff member off the company's team. Audited; "unchanged" when they were not on it. */
export async function removeFromTeam(
  actor: Actor,
  { companyId, userId }: { companyId: string; userId: string },
  now = Date.now(),
): Promise<"changed" | "unchanged"> {
  const changed = await writeTransaction(async (trx) => {
    const company = await companyNamed(trx, companyId);
    const deleted = await trx.deleteFrom("companyTeam").where("companyId", "=", companyId).where("userId", "=", userId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    const person = await trx.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
    await recordAudit(
      trx,
      actor,
      {
        action: "company.team-remove",
        entity: "company",
        entityId: companyId,
        detail: { name: company.name, email: person?.email ?? null },
      },
      now,
    );
    return true;
  });
  if (!changed) return "unchanged";
  announce([userId]);
  events().publish({ type: "company.changed", id: companyId });
  return "changed";
}

/**
 * A limited staff member who creates a company joins its team, in the same transaction: they keep
 * seeing what they made. Nothing happens for anyone who sees every company.
 */
export async function joinTeamIfLimited(trx: Trx, actor: Actor, companyId: string, now: number): Promise<boolean> {
  const person = await trx.selectFrom("users").select(["staffRole", "assignedOnly", "role"]).where("id", "=", actor.id).executeTakeFirst();
  if (!person || person.role !== "employee" || person.staffRole === "admin" || Number(person.assignedOnly) !== 1) return false;
  await trx
    .insertInto("companyTeam")
    .values({ companyId, userId: actor.id, addedAt: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

/** After the commit of `joinTeamIfLimited`: the member's open streams reconnect with the new company. */
export function announceJoined(actor: Actor, joined: boolean): void {
  if (joined) announce([actor.id]);
}
