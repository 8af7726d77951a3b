import type { Selectable, Transaction } from "kysely";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import type { ProgressMode } from "~/lib/milestones";
import type { ProjectInput } from "~/lib/schemas/projects";
import { actorName, type Actor } from "~/server/auth/actor.server";
import { recordAudit } from "../shared/audit.server";
import { notifyProgressChanged } from "../notifications/events.server";
import { publishNotified } from "../notifications/notifications.server";
import { recordActivity, type ActivityActor } from "./project-activity.server";
import { db, type Executor } from "~/server/db/db.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import type { Database, ProjectTable, ProjectProgressTable } from "~/server/db/schema";
import { events } from "~/server/events/bus.server";

// A project belongs to a company; every member of it sees and works on it. Every read
// here is scoped by the company: another company's project id is "not found", like an unknown one.

export type Project = Selectable<ProjectTable>;

/** The company's projects that are not archived, newest first. */
export async function listProjects({ companyId }: { companyId: string }): Promise<Project[]> {
  return db()
    .selectFrom("projects")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("archivedAt", "is", null)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
}

/** Another company's id yields undefined, exactly like an id that does not exist. Archived ones too. */
export async function getProject({ id, companyId }: { id: string; companyId: string }): Promise<Project | undefined> {
  return db()
    .selectFrom("projects")
    .selectAll()
    .where("id", "=", id)
    .where("companyId", "=", companyId)
    .where("archivedAt", "is", null)
    .executeTakeFirst();
}

export interface NewProject {
  companyId: string;
  /** The client member who asked for it from the portal; null when staff create it. */
  createdBy: string | null;
  title: string;
  description: string;
  ownerId?: string | null;
  status?: string;
  startDate?: string | null;
  dueDate?: string | null;
  /**
   * Whether progress follows the milestones. Staff's new projects pass "milestones" (decision
   * 0079); without it the column's default ("manual") stays, as for a member's own project.
   */
  progressMode?: ProgressMode;
}

/**
 * Inserts a project inside the caller's transaction (staff console, lead conversion) and returns
 * it. SPEC §3: progress starts at 0, whatever the caller sent. Publish `projectChanged` after the commit.
 */
export async function insertProject(executor: Executor, input: NewProject, now = Date.now()): Promise<Project> {
  const project: Project = {
    id: newId(),
    companyId: input.companyId,
    createdBy: input.createdBy,
    ownerId: input.ownerId ?? null,
    title: input.title.trim(),
    description: input.description.trim(),
    progress: 0,
    status: input.status ?? "planned",
    startDate: input.startDate ?? null,
    dueDate: input.dueDate ?? null,
    archivedAt: null,
    progressMode: input.progressMode ?? "manual",
    clientUploads: true,
    createdAt: now,
    updatedAt: now,
  };
  // clientUploads keeps its column default (a boolean binds differently per dialect).
  const { clientUploads: _uploads, ...row } = project;
  await executor.insertInto("projects").values(row).execute();
  return project;
}

/** Tells every open page of the company's members (and the console) that a project changed. */
export function projectChanged(project: { id: string; companyId: string | null }): void {
  if (project.companyId) events().publish({ type: "project.changed", id: project.id, companyId: project.companyId });
}

/** SPEC "My Projects": a member creates a project for their company (title, description, progress 0). */
export async function createProject(
  { companyId, createdBy }: { companyId: string; createdBy: string },
  input: ProjectInput,
  now = Date.now(),
): Promise<Project> {
  const project = await insertProject(db(), { companyId, createdBy, title: input.title, description: input.description }, now);
  projectChanged(project);
  return project;
}

type ProgressEntry = Selectable<ProjectProgressTable>;

/**
 * Staff only (the caller has passed requireStaff): sets a project's progress with an optional
 * note. The new value, its history row and the audit row commit together. A project that does not
 * exist or is archived is refused (one conflict: the one query cannot tell the two apart).
 */
export async function setProjectProgress(
  actor: Actor,
  { id, progress, note = "" }: { id: string; progress: number; note?: string },
  now = Date.now(),
): Promise<ProgressEntry> {
  // SPEC §9: 0–100. The form's schema already says so; this guards every other caller.
  if (!Number.isInteger(progress) || progress < 0 || progress > 100) throw new RangeError("progress must be an integer 0–100");
  const notified: string[] = [];
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const project = await trx
        .selectFrom("projects")
        .select(["progress", "companyId"])
        .where("id", "=", id)
        .where("archivedAt", "is", null)
        .executeTakeFirst();
      if (!project) throw new Refusal("conflict", "This project is archived or no longer exists.");
      const row = await writeProgress(
        trx,
        { id: actor.id, email: actor.email, name: actorName(actor), side: "staff" },
        { id, from: project.progress, companyId: project.companyId, progress, note },
        now,
        notified,
      );
      return { row, companyId: project.companyId };
    });
  projectChanged({ id, companyId: result.companyId });
  publishNotified(notified);
  if (notified.length > 0) notifyMailEnqueued();
  return result.row;
}

/**
 * Writes a progress change inside the caller's transaction: the project's value, its history row,
 * its timeline entry and (for a person) the audit row. Used by the progress form and, by
 * milestones when the project's progress follows them (actor side "system", no audit row).
 */
export async function writeProgress(
  trx: Transaction<Database>,
  actor: ActivityActor & { email?: string },
  change: { id: string; companyId: string | null; from: number; progress: number; note?: string },
  now = Date.now(),
  /** Who was notified, for `publishNotified` after the caller's commit. */
  notified: string[] = [],
): Promise<ProgressEntry> {
  const { id, progress } = change;
  await trx.updateTable("projects").set({ progress, updatedAt: now }).where("id", "=", id).execute();
  const row: ProgressEntry = {
    id: newId(),
    projectId: id,
    progress,
    note: (change.note ?? "").trim(),
    changedByName: actor.name,
    changedAt: now,
  };
  await trx.insertInto("projectProgress").values(row).execute();
  const summary = `Progress ${change.from}% → ${progress}%${row.note ? `: ${row.note}` : ""}`;
  await recordActivity(trx, actor, { projectId: id, kind: "progress.changed", subjectType: "progress", subjectId: row.id, summary }, now);
  if (actor.id && actor.email !== undefined) {
    const detail = { companyId: change.companyId, from: change.from, to: progress, note: row.note };
    await recordAudit(
      trx,
      { id: actor.id, email: actor.email, name: actor.name },
      { action: "project.progress", entity: "project", entityId: id, detail },
      now,
    );
  }
  const progressChange = { progressId: row.id, projectId: id, companyId: change.companyId, progress, note: row.note };
  notified.push(...(await notifyProgressChanged(trx, progressChange, { actorId: actor.id, actorName: actor.name }, now)));
  return row;
}

/** The history of progress changes of the company's projects, newest first, by project id. */
export async function listProgressHistory({ companyId }: { companyId: string }): Promise<Record<string, ProgressEntry[]>> {
  const rows = await db()
    .selectFrom("projectProgress as h")
    .innerJoin("projects as p", "p.id", "h.projectId")
    .select(["h.id", "h.projectId", "h.progress", "h.note", "h.changedByName", "h.changedAt"])
    .where("p.companyId", "=", companyId)
    .orderBy("h.changedAt", "desc")
    .orderBy("h.id", "desc")
    .execute();
  const byProject: Record<string, ProgressEntry[]> = {};
  for (const row of rows) (byProject[row.projectId] ??= []).push(row);
  return byProject;
}
