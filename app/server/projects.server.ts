import { newId } from "~/lib/ids";
import type { ProjectInput } from "~/lib/schemas/project";
import { db } from "./db.server";
import { events } from "./events.server";

export interface Project {
  id: string;
  ownerId: string;
  title: string;
  description: string;
  progress: number;
  createdAt: number;
  updatedAt: number;
}

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

/**
 * Staff only (the caller has passed requireStaff): sets a project's progress, clamped to 0–100.
 * Returns false when the project does not exist.
 */
export async function setProjectProgress({ id, progress }: { id: string; progress: number }, now = Date.now()): Promise<boolean> {
  const value = Math.min(100, Math.max(0, Math.round(progress)));
  const row = await db()
    .updateTable("projects")
    .set({ progress: value, updatedAt: now })
    .where("id", "=", id)
    .returning("ownerId")
    .executeTakeFirst();
  if (!row) return false;
  events().publish({ type: "project.changed", id, ownerId: row.ownerId });
  return true;
}
