import { roleForEmail } from "~/lib/roles";
import { companyIn, companyScope } from "../shared/company-scope.server";
import { isStaffRole, mayUse } from "~/lib/staff-roles";
import type { ProjectFormValue } from "~/lib/schemas/projects-staff";
import type { Actor } from "~/server/auth/actor.server";
import { currentDialect, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "../shared/audit.server";
import { insertProject, projectChanged, type Project } from "./projects.server";
import { Refusal } from "~/lib/refusal";
import { companyDomain } from "~/server/brand/company-domain.server";
import { recordWebhookEvent } from "../webhooks/webhook-changes.server";

// Decision 0035: the staff half of projects. Every write checks its rules inside its
// transaction, writes its audit row there, and tells the company's open pages after the commit.

/** An archived project is read-only until it is restored. */
export const ARCHIVED_READ_ONLY = "This project is archived: restore it before editing.";

const projectGone = () => new Refusal("not-found", "This project no longer exists.");

/** A second identical create this soon after the first is the same submission sent twice. */
const DOUBLE_SUBMIT_MS = 30_000;

/** The company, locked against a concurrent create on PostgreSQL; refused when unknown or closed. */
/** The company, open and one the actor may see (decision 0105: another is "does not exist"). */
async function openCompany(trx: Trx, companyId: string, actor: Actor): Promise<void> {
  const scope = await companyScope(actor, trx);
  let query = trx
    .selectFrom("companies")
    .select(["id", "closedAt"])
    .where("id", "=", companyId)
    .where((eb) => companyIn(eb, "companies.id", scope));
  if (currentDialect() === "postgres") query = query.forUpdate();
  const company = await query.executeTakeFirst();
  if (!company) throw new Refusal("invalid", "This company does not exist.");
  if (company.closedAt !== null) throw new Refusal("conflict", "This company is closed: reopen it before changing its projects.");
}

/**
 * An owner is an active staff member whose role may open the project (the clients area); the id of
 * a client, a disabled colleague, a recruiter or nobody is refused.
 */
async function checkOwner(trx: Trx, ownerId: string): Promise<void> {
  const user = await trx
    .selectFrom("users")
    .select(["email", "role", "staffRole", "staffDisabledAt"])
    .where("id", "=", ownerId)
    .executeTakeFirst();
  const active =
    user &&
    user.role === "employee" &&
    user.staffDisabledAt === null &&
    roleForEmail(user.email, companyDomain()) === "employee" &&
    isStaffRole(user.staffRole) &&
    mayUse(user.staffRole, "clients");
  if (!active) throw new Refusal("invalid", "The owner must be an active staff member.", { field: "ownerId" });
}

/** The stored fields of a valid form: nothing else of a post reaches the row. */
function fieldsFrom(input: ProjectFormValue) {
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    status: input.status,
    startDate: input.startDate || null,
    dueDate: input.dueDate || null,
    ownerId: input.ownerId || null,
  };
}

function checkDates({ startDate, dueDate }: { startDate: string | null; dueDate: string | null }): void {
  if (startDate && dueDate && dueDate < startDate)
    throw new Refusal("invalid", "The due date cannot be before the start date.", { field: "dueDate" });
}

/** Staff create a project for an open company. Throws a Refusal when a rule refuses it. */
export async function createStaffProject(
  actor: Actor,
  { companyId }: { companyId: string },
  input: ProjectFormValue,
  now = Date.now(),
): Promise<Project> {
  const fields = fieldsFrom(input);
  checkDates(fields);
  const project = await writeTransaction(async (trx) => {
    await openCompany(trx, companyId, actor);
    if (fields.ownerId) await checkOwner(trx, fields.ownerId);
    const twin = await trx
      .selectFrom("projects")
      .selectAll()
      .where("companyId", "=", companyId)
      .where("createdBy", "is", null)
      .where("title", "=", fields.title)
      .where("description", "=", fields.description)
      .where("createdAt", ">", now - DOUBLE_SUBMIT_MS)
      .executeTakeFirst();
    if (twin) return twin;
    const created = await insertProject(trx, { companyId, createdBy: null, ...fields, progressMode: "milestones" }, now);
    await recordAudit(
      trx,
      actor,
      { action: "project.create", entity: "project", entityId: created.id, detail: { companyId, ...fields } },
      now,
    );
    return created;
  });
  projectChanged(project);
  return project;
}

export type ProjectWrite = "unchanged" | "saved";

/**
 * Saves the form's fields; the audit row names the fields that changed. An unknown project is
 * refused as not found; an archived one is read-only (a conflict).
 */
export async function updateStaffProject(actor: Actor, id: string, input: ProjectFormValue, now = Date.now()): Promise<ProjectWrite> {
  const next = fieldsFrom(input);
  checkDates(next);
  const outcome = await writeTransaction(async (trx) => {
    const current = await trx.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
    if (!current?.companyId) throw projectGone();
    if (current.archivedAt !== null) throw new Refusal("conflict", ARCHIVED_READ_ONLY);
    await openCompany(trx, current.companyId, actor);
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => current[key] !== next[key]);
    if (changed.length === 0) return { result: "unchanged" as const };
    // Keeping a colleague who has since been disabled is allowed; choosing one is not.
    if (next.ownerId && next.ownerId !== current.ownerId) await checkOwner(trx, next.ownerId);
    await trx
      .updateTable("projects")
      .set({ ...next, updatedAt: now })
      .where("id", "=", id)
      .execute();
    const detail = {
      companyId: current.companyId,
      fields: changed,
      ...Object.fromEntries(changed.map((key) => [key, { from: current[key], to: next[key] }])),
    };
    await recordAudit(trx, actor, { action: "project.update", entity: "project", entityId: id, detail }, now);
    if (changed.includes("status")) await recordWebhookEvent(trx, { type: "project.status_changed", id }, now);
    return { result: "saved" as const, companyId: current.companyId };
  });
  if (outcome.result === "saved") projectChanged({ id, companyId: outcome.companyId });
  return outcome.result;
}

/**
 * Archives (or restores) a project: archived ones leave the portal and the console's default lists
 * and keep everything else. A repeat is "unchanged" and writes nothing (double submit); an unknown
 * project is refused as not found.
 */
export async function setProjectArchived(actor: Actor, id: string, archived: boolean, now = Date.now()): Promise<ProjectWrite> {
  const outcome = await writeTransaction(async (trx) => {
    const current = await trx.selectFrom("projects").select(["companyId", "archivedAt", "title"]).where("id", "=", id).executeTakeFirst();
    if (!current?.companyId) throw projectGone();
    if ((current.archivedAt !== null) === archived) return { result: "unchanged" as const };
    // A closed company's projects may still be archived (tidying up), never brought back.
    if (!archived) await openCompany(trx, current.companyId, actor);
    await trx
      .updateTable("projects")
      .set({ archivedAt: archived ? now : null, updatedAt: now })
      .where("id", "=", id)
      .execute();
    const action = archived ? "project.archive" : "project.restore";
    await recordAudit(
      trx,
      actor,
      { action, entity: "project", entityId: id, detail: { companyId: current.companyId, title: current.title } },
      now,
    );
    return { result: "saved" as const, companyId: current.companyId };
  });
  if (outcome.result === "saved") projectChanged({ id, companyId: outcome.companyId });
  return outcome.result;
}
