import { nameNow } from "../shared/people.server";
import type { ActivityThing } from "~/lib/activity-links";
import { db } from "~/server/db/db.server";

// A project's timeline as both sides read it, newest first, a page at a time.
// The portal's read is scoped by the company like every portal read (another company's project
// is "not found"); the console's is the caller's, who has passed requireStaff(request, "clients").

export interface ActivityEntry {
  id: string;
  at: number;
  actorName: string;
  /** staff | client | system */
  actorSide: string;
  kind: string;
  summary: string;
  /** What the entry is about, while it still exists: the pages link to it. */
  thing: ActivityThing | null;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  total: number;
}

interface Paging {
  limit: number;
  offset: number;
}

/** The timeline of a company's project; undefined when the company has no such (live) project. */
export async function listActivityForClient(
  { projectId, companyId }: { projectId: string; companyId: string },
  paging: Paging,
): Promise<ActivityPage | undefined> {
  const project = await db()
    .selectFrom("projects")
    .select("id")
    .where("id", "=", projectId)
    .where("companyId", "=", companyId)
    .where("archivedAt", "is", null)
    .executeTakeFirst();
  return project ? listActivity(projectId, paging) : undefined;
}

/** Staff only: the timeline of any project, archived ones included (their page still opens). */
export async function listActivityForStaff({ projectId }: { projectId: string }, paging: Paging): Promise<ActivityPage | undefined> {
  const project = await db().selectFrom("projects").select("id").where("id", "=", projectId).executeTakeFirst();
  return project ? listActivity(projectId, paging) : undefined;
}

async function listActivity(projectId: string, { limit, offset }: Paging): Promise<ActivityPage> {
  const [rows, count] = await Promise.all([
    db()
      .selectFrom("projectActivity")
      .select(["id", "at", "actorSide", "kind", "subjectType", "subjectId", "summary"])
      .select(nameNow("projectActivity.actorId", "projectActivity.actorName").as("actorName"))
      .where("projectId", "=", projectId)
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
    db()
      .selectFrom("projectActivity")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("projectId", "=", projectId)
      .executeTakeFirstOrThrow(),
  ]);
  const things = await resolveThings(projectId, rows);
  const entries = rows.map(({ subjectType, subjectId, ...row }) => ({
    ...row,
    at: Number(row.at),
    thing: subjectType && subjectId ? (things.get(`${subjectType}:${subjectId}`) ?? null) : null,
  }));
  return { entries, total: Number(count.n) };
}

type Subject = { subjectType: string | null; subjectId: string | null };

/**
 * What each entry's subject is now, by "type:id": a removed milestone or deleted file has no link.
 * A file entry may name the file or one of its versions; an approval links to what it is about.
 */
async function resolveThings(projectId: string, rows: Subject[]): Promise<Map<string, ActivityThing>> {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.subjectType === type && r.subjectId).map((r) => r.subjectId!))];
  const things = new Map<string, ActivityThing>();
  const milestoneIds = ids("milestone");
  const fileIds = ids("file");
  const approvalIds = ids("approval");
  const approvals = approvalIds.length
    ? await db()
        .selectFrom("approvals")
        .select(["id", "subjectType", "subjectId"])
        .where("projectId", "=", projectId)
        .where("id", "in", approvalIds)
        .execute()
    : [];
  const liveMilestones = await existingMilestones(projectId, [
    ...milestoneIds,
    ...approvals.filter((a) => a.subjectType === "milestone").map((a) => a.subjectId),
  ]);
  const liveFiles = await existingFiles(projectId, [
    ...fileIds,
    ...approvals.filter((a) => a.subjectType === "file").map((a) => a.subjectId),
  ]);
  for (const id of milestoneIds) if (liveMilestones.has(id)) things.set(`milestone:${id}`, { type: "milestone", id });
  for (const id of fileIds) {
    const fileId = liveFiles.get(id);
    if (fileId) things.set(`file:${id}`, { type: "file", id: fileId });
  }
  for (const approval of approvals) {
    const live = approval.subjectType === "milestone" ? liveMilestones.has(approval.subjectId) : liveFiles.has(approval.subjectId);
    if (!live) continue;
    const on = approval.subjectType === "milestone" ? "milestone" : "file";
    things.set(`approval:${approval.id}`, {
      type: "approval",
      id: approval.id,
      on,
      onId: on === "file" ? liveFiles.get(approval.subjectId)! : approval.subjectId,
    });
  }
  for (const row of rows) {
    if (row.subjectType === "progress" && row.subjectId) things.set(`progress:${row.subjectId}`, { type: "progress" });
    if (row.subjectType === "project" && row.subjectId) things.set(`project:${row.subjectId}`, { type: "project" });
  }
  return things;
}

async function existingMilestones(projectId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db().selectFrom("milestones").select("id").where("projectId", "=", projectId).where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** The live file of each id, whether the id names a file or one of its versions. */
async function existingFiles(projectId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const [files, versions] = await Promise.all([
    db().selectFrom("projectFiles").select("id").where("projectId", "=", projectId).where("id", "in", ids).execute(),
    db().selectFrom("fileVersions").select(["id", "fileId"]).where("projectId", "=", projectId).where("id", "in", ids).execute(),
  ]);
  return new Map([...files.map((f): [string, string] => [f.id, f.id]), ...versions.map((v): [string, string] => [v.id, v.fileId])]);
}
