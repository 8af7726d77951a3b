import type { Selectable } from "kysely";
import { newId } from "~/lib/ids";
import { milestoneStatusLabel, NO_LONGER_THERE, progressFromMilestones, type ProgressMode } from "~/lib/milestones";
import type { MilestoneInput } from "~/lib/schemas/milestones";
import { actorName, type Actor } from "~/server/auth/actor.server";
import { db, type Trx } from "~/server/db/db.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import type { MilestoneTable } from "~/server/db/schema";
import { recordAudit } from "../shared/audit.server";
import { notifyMilestoneDone } from "../notifications/events.server";
import { publishNotified } from "../notifications/notifications.server";
import { recordActivity, type ActivityActor } from "./project-activity.server";
import { projectChanged, writeProgress } from "./projects.server";
import { Refusal } from "~/lib/refusal";

// Staff plan a project as an ordered list of milestones. When the project's
// progress follows them, every change recomputes it (share of Done) in the same transaction, as the
// app itself ("system"), so its history and timeline keep working. Staff only: the caller has
// passed requireStaff(request, "clients"); portal reads go through a company-scoped project first.

export type Milestone = Selectable<MilestoneTable>;

/** The project, milestone or request a change names is not there (or no longer). */
export const notThere = () => new Refusal("not-found", NO_LONGER_THERE);

/** Progress recomputed from milestones is the app's doing, not a person's. */
export const MILESTONES_ACTOR: ActivityActor = { id: null, name: "Milestones", side: "system" };

export const staffSide = (actor: Actor): ActivityActor & { email: string } => ({
  id: actor.id,
  email: actor.email,
  name: actorName(actor),
  side: "staff",
});

/** The project's milestones in their order. */
export async function listMilestones({ projectId }: { projectId: string }): Promise<Milestone[]> {
  return db().selectFrom("milestones").selectAll().where("projectId", "=", projectId).orderBy("position").orderBy("createdAt").execute();
}

export async function getProgressMode({ projectId }: { projectId: string }): Promise<ProgressMode> {
  const row = await db().selectFrom("projects").select("progressMode").where("id", "=", projectId).executeTakeFirst();
  return row?.progressMode === "milestones" ? "milestones" : "manual";
}

/** The project to change: unknown is refused as not found, archived as a conflict. */
export async function projectForChange(trx: Trx, projectId: string) {
  const project = await trx
    .selectFrom("projects")
    .select(["id", "companyId", "title", "progress", "progressMode", "archivedAt", "ownerId"])
    .where("id", "=", projectId)
    .executeTakeFirst();
  if (!project) throw notThere();
  if (project.archivedAt !== null) throw new Refusal("conflict", "This project is archived. Restore it to change its milestones.");
  return project;
}

/** When progress follows the milestones, sets it to their share of Done (only if it moved). */
async function followMilestones(
  trx: Trx,
  project: { id: string; companyId: string | null; progress: number; progressMode: string },
  now: number,
  notified: string[],
) {
  if (project.progressMode !== "milestones") return;
  const rows = await trx.selectFrom("milestones").select("status").where("projectId", "=", project.id).execute();
  const progress = progressFromMilestones(rows.map((r) => r.status));
  if (progress === project.progress) return;
  await writeProgress(
    trx,
    MILESTONES_ACTOR,
    { id: project.id, companyId: project.companyId, from: project.progress, progress, note: "Follows milestones" },
    now,
    notified,
  );
}

type Outcome = "saved" | "unchanged";

/**
 * Runs one staff change of a project's milestones, then tells open pages (and bells) after the
 * commit. An unknown project or milestone is refused as not found, an archived project as a conflict.
 */
async function change(
  projectId: string,
  now: number,
  work: (trx: Trx, project: Awaited<ReturnType<typeof projectForChange>>, notified: string[]) => Promise<Outcome>,
): Promise<Outcome> {
  const notified: string[] = [];
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const project = await projectForChange(trx, projectId);
      const outcome = await work(trx, project, notified);
      if (outcome === "saved") await followMilestones(trx, project, now, notified);
      return { outcome, companyId: project.companyId };
    });
  if (result.outcome === "saved") projectChanged({ id: projectId, companyId: result.companyId ?? null });
  publishNotified(notified);
  if (notified.length > 0) notifyMailEnqueued();
  return result.outcome;
}

const fields = (input: MilestoneInput) => ({
  title: input.title.trim(),
  description: (input.description ?? "").trim(),
  dueDate: input.dueDate || null,
  status: input.status,
});

/** Adds a milestone at the end; `id` lets a caller that answers with the new milestone choose it. */
export async function addMilestone(
  actor: Actor,
  projectId: string,
  input: MilestoneInput,
  now = Date.now(),
  id = newId(),
): Promise<Outcome> {
  return change(projectId, now, async (trx, project) => {
    const last = await trx
      .selectFrom("milestones")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("projectId", "=", projectId)
      .executeTakeFirst();
    const values = fields(input);
    await trx
      .insertInto("milestones")
      .values({
        id,
        projectId,
        ...values,
        position: Number(last?.max ?? 0) + 1,
        createdAt: now,
        updatedAt: now,
        completedAt: values.status === "done" ? now : null,
      })
      .execute();
    await recordActivity(
      trx,
      staffSide(actor),
      {
        projectId,
        kind: "milestone.added",
        subjectType: "milestone",
        subjectId: id,
        summary: `Added milestone "${values.title}" (${milestoneStatusLabel(values.status)})`,
      },
      now,
    );
    await recordAudit(
      trx,
      actor,
      {
        action: "milestone.add",
        entity: "project",
        entityId: projectId,
        detail: { companyId: project.companyId, milestoneId: id, ...values },
      },
      now,
    );
    return "saved";
  });
}

export async function updateMilestone(
  actor: Actor,
  projectId: string,
  milestoneId: string,
  input: MilestoneInput,
  now = Date.now(),
): Promise<Outcome> {
  return change(projectId, now, async (trx, project, notified) => {
    const before = await trx
      .selectFrom("milestones")
      .selectAll()
      .where("id", "=", milestoneId)
      .where("projectId", "=", projectId)
      .executeTakeFirst();
    if (!before) throw notThere();
    const values = fields(input);
    const changed = (Object.keys(values) as Array<keyof typeof values>).filter((key) => before[key] !== values[key]);
    if (changed.length === 0) return "unchanged";
    const completedAt = values.status === "done" ? (before.status === "done" ? before.completedAt : now) : null;
    await trx
      .updateTable("milestones")
      .set({ ...values, completedAt, updatedAt: now })
      .where("id", "=", milestoneId)
      .execute();
    // Only the status moved: say so plainly, it is what the client follows.
    const statusOnly = changed.length === 1 && changed[0] === "status";
    const summary = statusOnly
      ? `Marked "${values.title}" as ${milestoneStatusLabel(values.status)}`
      : `Updated milestone "${values.title}"`;
    await recordActivity(
      trx,
      staffSide(actor),
      { projectId, kind: statusOnly ? "milestone.status" : "milestone.updated", subjectType: "milestone", subjectId: milestoneId, summary },
      now,
    );
    const detail = {
      companyId: project.companyId,
      milestoneId,
      changed,
      from: Object.fromEntries(changed.map((k) => [k, before[k]])),
      to: Object.fromEntries(changed.map((k) => [k, values[k]])),
    };
    await recordAudit(trx, actor, { action: "milestone.update", entity: "project", entityId: projectId, detail }, now);
    if (values.status === "done" && before.status !== "done") {
      const done = { id: milestoneId, title: values.title, projectId, companyId: project.companyId };
      notified.push(...(await notifyMilestoneDone(trx, done, { actorId: actor.id, actorName: actorName(actor) }, now)));
    }
    return "saved";
  });
}

/**
 * Moves a milestone one place up or down (the buttons), or to a place in the list (1 = first: a
 * drag, or the keyboard's arrows on its handle). At either end, or already there, nothing changes.
 */
export async function moveMilestone(
  actor: Actor,
  projectId: string,
  milestoneId: string,
  move: "up" | "down" | { position: number },
  now = Date.now(),
): Promise<Outcome> {
  return change(projectId, now, async (trx, project) => {
    const rows = await trx
      .selectFrom("milestones")
      .select(["id", "title", "position"])
      .where("projectId", "=", projectId)
      .orderBy("position")
      .orderBy("createdAt")
      .execute();
    const index = rows.findIndex((r) => r.id === milestoneId);
    if (index === -1) throw notThere();
    const wanted = move === "up" ? index - 1 : move === "down" ? index + 1 : Math.round(move.position) - 1;
    const to = Math.min(rows.length - 1, Math.max(0, wanted));
    if (to === index) return "unchanged";
    const order = rows.map((r) => r.id);
    order.splice(index, 1);
    order.splice(to, 0, milestoneId);
    // Renumber the whole list: positions stay 1..n whatever the history of the rows.
    for (const [i, id] of order.entries())
      await trx
        .updateTable("milestones")
        .set({ position: i + 1 })
        .where("id", "=", id)
        .execute();
    const title = rows[index]!.title;
    const direction = typeof move === "string" ? move : to + 1;
    await recordActivity(
      trx,
      staffSide(actor),
      {
        projectId,
        kind: "milestones.reordered",
        subjectType: "milestone",
        subjectId: milestoneId,
        summary: typeof move === "string" ? `Moved "${title}" ${move}` : `Moved "${title}" to position ${to + 1} of ${rows.length}`,
      },
      now,
    );
    await recordAudit(
      trx,
      actor,
      {
        action: "milestone.move",
        entity: "project",
        entityId: projectId,
        detail: { companyId: project.companyId, milestoneId, direction, order },
      },
      now,
    );
    return "saved";
  });
}

/** Removes a milestone; a request for its approval still waiting is withdrawn with it. */
export async function removeMilestone(actor: Actor, projectId: string, milestoneId: string, now = Date.now()): Promise<Outcome> {
  return change(projectId, now, async (trx, project) => {
    const milestone = await trx
      .selectFrom("milestones")
      .selectAll()
      .where("id", "=", milestoneId)
      .where("projectId", "=", projectId)
      .executeTakeFirst();
    if (!milestone) throw notThere();
    await trx.deleteFrom("milestones").where("id", "=", milestoneId).execute();
    await trx
      .updateTable("approvals")
      .set({ status: "withdrawn", decidedAt: now, decidedBy: actor.id, decidedByName: actorName(actor) })
      .where("subjectType", "=", "milestone")
      .where("subjectId", "=", milestoneId)
      .where("status", "=", "pending")
      .execute();
    await recordActivity(
      trx,
      staffSide(actor),
      {
        projectId,
        kind: "milestone.removed",
        subjectType: "milestone",
        subjectId: milestoneId,
        summary: `Removed milestone "${milestone.title}"`,
      },
      now,
    );
    await recordAudit(
      trx,
      actor,
      {
        action: "milestone.remove",
        entity: "project",
        entityId: projectId,
        detail: { companyId: project.companyId, milestoneId, title: milestone.title },
      },
      now,
    );
    return "saved";
  });
}

/** "Progress follows milestones" recomputes at once; "Set by hand" keeps the current value. */
export async function setProgressMode(actor: Actor, projectId: string, mode: ProgressMode, now = Date.now()): Promise<Outcome> {
  return change(projectId, now, async (trx, project) => {
    if (project.progressMode === mode) return "unchanged";
    await trx.updateTable("projects").set({ progressMode: mode, updatedAt: now }).where("id", "=", projectId).execute();
    project.progressMode = mode;
    const summary = mode === "milestones" ? "Progress now follows the milestones" : "Progress is now set by hand";
    await recordActivity(
      trx,
      staffSide(actor),
      { projectId, kind: "progress.mode", subjectType: "project", subjectId: projectId, summary },
      now,
    );
    await recordAudit(
      trx,
      actor,
      { action: "project.progress_mode", entity: "project", entityId: projectId, detail: { companyId: project.companyId, mode } },
      now,
    );
    return "saved";
  });
}
