import { newId } from "~/lib/ids";
import type { ActivityKind, ActivitySide } from "~/lib/project-activity";
import type { Executor } from "~/server/db/db.server";

// One timeline per project. Every writer calls `recordActivity` inside the
// transaction of the change it describes, so the timeline never shows a change that did not
// happen nor misses one that did. Publish `projectChanged` after the commit for the live view.

export interface ActivityActor {
  /** Null for the app itself (e.g. progress recomputed from milestones). */
  id: string | null;
  name: string;
  side: ActivitySide;
}

export interface NewActivity {
  /** The row's id when the writer needs it known (an e-mail comment's is its inbound message's). */
  id?: string;
  projectId: string;
  kind: ActivityKind;
  subjectType?: "milestone" | "approval" | "file" | "progress" | "project";
  subjectId?: string;
  /** One plain sentence as both sides will read it, e.g. `Marked "Design" as Done`. */
  summary: string;
}

export async function recordActivity(executor: Executor, actor: ActivityActor, entry: NewActivity, now = Date.now()): Promise<void> {
  await executor
    .insertInto("projectActivity")
    .values({
      id: entry.id ?? newId(),
      projectId: entry.projectId,
      at: now,
      actorId: actor.id,
      actorName: actor.name,
      actorSide: actor.side,
      kind: entry.kind,
      subjectType: entry.subjectType ?? null,
      subjectId: entry.subjectId ?? null,
      summary: entry.summary,
    })
    .execute();
}
