import { newId } from "~/lib/ids";
import type { ProjectInput } from "~/lib/schemas/projects";
import { actorName, type Actor } from "~/server/auth/actor.server";
import { recordAudit } from "./audit.server";
import { db } from "~/server/db/db.server";
import type { ProjectTable, ProjectProgressTable } from "~/server/db/schema";
import { events } from "~/server/events/bus.server";
import type { Selectable } from "kysely";

type Project = Selectable<ProjectTable>;

export async function listProjects({ ownerId }: { ownerId: string }): Promise<Project[]> {
  return db()
    .selectFrom("projects")
    .selectAll()
    .where("ownerId", "=", ownerId)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
}

/** Another owner's id yields undefined, exactly like an id that does not exist. */
export async function getProject({ id, ownerId }: { id: string; ownerId: string }): Promise<Project | undefined> {
  return db().selectFrom("projects").selectAll().where("id", "=", id).where("ownerId", "=", ownerId).executeTakeFirst();
}

/** SPEC §3: a new project starts at progress 0, whatever the caller sent. */
export async function createProject({ ownerId }: { ownerId: string }, input: ProjectInput, now = Date.now()): Promise<Project> {
  const project: Project = {
    id: newId(),
    ownerId,
    title: input.title,
    description: input.description,
    progress: 0,
    createdAt: now,
    updatedAt: now,
  };
  await db().insertInto("projects").values(project).execute();
  events().publish({ type: "project.changed", id: project.id, ownerId });
  return project;
}

type ProgressEntry = Selectable<ProjectProgressTable>;

/**
 * Staff only (the caller has passed requireStaff): sets a client's project progress with an
 * optional note. The new value, its history row and the audit row commit together (issue 5).
 * Returns undefined when the project does not exist or is not that client's.
 */
export async function setProjectProgress(
  actor: Actor,
  { id, ownerId, progress, note = "" }: { id: string; ownerId: string; progress: number; note?: string },
  now = Date.now(),
): Promise<ProgressEntry | undefined> {
  // SPEC §9: 0–100. The form's schema already says so; this guards every other caller.
  if (!Number.isInteger(progress) || progress < 0 || progress > 100) throw new RangeError("progress must be an integer 0–100");
  const entry = await db()
    .transaction()
    .execute(async (trx) => {
      const project = await trx.selectFrom("projects").select("progress").where("id", "=", id).where("ownerId", "=", ownerId).executeTakeFirst();
      if (!project) return undefined;
      await trx.updateTable("projects").set({ progress, updatedAt: now }).where("id", "=", id).execute();
      const row: ProgressEntry = { id: newId(), projectId: id, progress, note: note.trim(), changedByName: actorName(actor), changedAt: now };
      await trx.insertInto("projectProgress").values(row).execute();
      const detail = { ownerId, from: project.progress, to: progress, note: row.note };
      await recordAudit(trx, actor, { action: "project.progress", entity: "project", entityId: id, detail }, now);
      return row;
    });
  if (entry) events().publish({ type: "project.changed", id, ownerId });
  return entry;
}

/** The history of progress changes of the owner's projects, newest first, by project id. */
export async function listProgressHistory({ ownerId }: { ownerId: string }): Promise<Record<string, ProgressEntry[]>> {
  const rows = await db()
    .selectFrom("projectProgress as h")
    .innerJoin("projects as p", "p.id", "h.projectId")
    .select(["h.id", "h.projectId", "h.progress", "h.note", "h.changedByName", "h.changedAt"])
    .where("p.ownerId", "=", ownerId)
    .orderBy("h.changedAt", "desc")
    .orderBy("h.id", "desc")
    .execute();
  const byProject: Record<string, ProgressEntry[]> = {};
  for (const row of rows) (byProject[row.projectId] ??= []).push(row);
  return byProject;
}
