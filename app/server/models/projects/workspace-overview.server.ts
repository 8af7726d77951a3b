import { sql } from "kysely";
import type { OwnerWork } from "~/lib/owner-work";
import { db } from "~/server/db/db.server";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";

// The console overview's mirror of "Waiting on you" — what clients did and what
// is late, per project owner, across every company. Staff only: the caller has checked that the
// member's role may use the "clients" area. Archived projects are left out (nobody works on them).

/** Decisions and uploads of this many days are listed. */
export const RECENT_DAYS = 7;
/** Rows read per list at most: the overview is a glance, the project pages have the rest. */
const LIMIT = 200;
/**
 * Rows listed per owner and kind; the others are counted. After years an agency has hundreds of
 * overdue milestones, and listing them all made the overview a page of hundreds of kilobytes.
 */
export const LISTED_PER_KIND = 5;

function liveProjects(scope: CompanyScope) {
  return db()
    .selectFrom("projects as p")
    .leftJoin("companies as c", "c.id", "p.companyId")
    .leftJoin("users as o", "o.id", "p.ownerId")
    .where("p.archivedAt", "is", null)
    .where((eb) => companyIn(eb, "p.companyId", scope));
}
const PROJECT = [
  "p.id as projectId",
  "p.title as projectTitle",
  "c.name as companyName",
  "p.ownerId",
  "o.name as ownerName",
  "o.email as ownerEmail",
] as const;

/** Grouped per owner: the viewer's own projects first, then by name, "No owner yet" last. */
export async function workspaceOverview({
  viewerId,
  now = Date.now(),
  today,
  scope,
}: {
  viewerId: string;
  now?: number;
  today: string;
  /** Only the companies the viewer may see (decision 0105). */
  scope: CompanyScope;
}): Promise<OwnerWork[]> {
  const since = now - RECENT_DAYS * 86_400_000;
  const [decisions, uploads, overdue] = await Promise.all([
    liveProjects(scope)
      .innerJoin("approvals as a", "a.projectId", "p.id")
      .leftJoin("milestones as m", (join) => join.onRef("m.id", "=", "a.subjectId").on("a.subjectType", "=", "milestone"))
      .leftJoin("projectFiles as f", (join) => join.onRef("f.id", "=", "a.subjectId").on("a.subjectType", "=", "file"))
      .select([
        ...PROJECT,
        "a.id",
        "a.subjectType",
        "a.subjectId",
        "m.title as milestoneTitle",
        "f.name as fileName",
        "a.status",
        "a.decidedByName",
        "a.decidedAt",
        "a.comment",
      ])
      .where("a.status", "in", ["approved", "changes_requested"])
      .where("a.decidedAt", ">=", since)
      .orderBy("a.decidedAt", "desc")
      .limit(LIMIT)
      .execute(),
    recentClientUploadsQuery(scope, since).execute(),
    overdueMilestonesQuery(scope, today).execute(),
  ]);

  const groups = new Map<string, OwnerWork>();
  const groupOf = (row: { ownerId: string | null; ownerName: string | null; ownerEmail: string | null }) => {
    const key = row.ownerId ?? "";
    let group = groups.get(key);
    if (!group) {
      const ownerName = row.ownerId ? row.ownerName?.trim() || row.ownerEmail || "Former staff" : "No owner yet";
      groups.set(
        key,
        (group = {
          ownerId: row.ownerId,
          ownerName,
          decisions: [],
          uploads: [],
          overdue: [],
          more: { decisions: 0, uploads: 0, overdue: 0 },
        }),
      );
    }
    return group;
  };
  for (const { milestoneTitle, fileName, ...row } of decisions) {
    groupOf(row).decisions.push({
      ...pick(row),
      id: row.id,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      subjectTitle: milestoneTitle ?? fileName ?? "A removed item",
      status: row.status,
      decidedByName: row.decidedByName ?? "",
      decidedAt: Number(row.decidedAt),
      comment: row.comment,
    });
  }
  for (const row of uploads) {
    groupOf(row).uploads.push({
      ...pick(row),
      versionId: row.versionId,
      fileId: row.fileId,
      name: row.name,
      version: Number(row.version),
      uploadedByName: row.uploadedByName,
      createdAt: Number(row.createdAt),
    });
  }
  for (const row of overdue)
    groupOf(row).overdue.push({ ...pick(row), id: row.id, title: row.title, dueDate: row.dueDate, status: row.status });

  for (const group of groups.values())
    for (const kind of ["decisions", "uploads", "overdue"] as const) {
      group.more[kind] = Math.max(0, group[kind].length - LISTED_PER_KIND);
      group[kind].length = Math.min(group[kind].length, LISTED_PER_KIND);
    }
  const rank = (g: OwnerWork) => (g.ownerId === viewerId ? 0 : g.ownerId === null ? 2 : 1);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b) || a.ownerName.localeCompare(b.ownerName));
}

/** Versions clients uploaded since `since`, newest first (tests/platform/hot-query-plans.test.ts explains it). */
export function recentClientUploadsQuery(scope: CompanyScope, since: number) {
  return liveProjects(scope)
    .innerJoin("fileVersions as v", "v.projectId", "p.id")
    .innerJoin("projectFiles as f", "f.id", "v.fileId")
    .select([...PROJECT, "v.id as versionId", "v.fileId", "f.name", "v.version", "v.uploadedByName", "v.createdAt"])
    .where("v.side", "=", "client")
    .where("v.createdAt", ">=", since)
    .orderBy("v.createdAt", "desc")
    .limit(LIMIT);
}

/** Milestones past their due date and not done, oldest due first (tests/platform/hot-query-plans.test.ts explains it). */
export function overdueMilestonesQuery(scope: CompanyScope, today: string) {
  return (
    liveProjects(scope)
      .innerJoin("milestones as m", "m.projectId", "p.id")
      .select([...PROJECT, "m.id", "m.title", "m.dueDate", "m.status"])
      // A literal: the planners then use milestones_open_due, the open ones in due order.
      .where("m.status", "!=", sql.lit("done"))
      .where("m.dueDate", "<", today)
      .orderBy("m.dueDate")
      .limit(LIMIT)
      .$narrowType<{ dueDate: string }>()
  );
}

function pick(row: { projectId: string; projectTitle: string; companyName: string | null }) {
  return { projectId: row.projectId, projectTitle: row.projectTitle, companyName: row.companyName };
}
