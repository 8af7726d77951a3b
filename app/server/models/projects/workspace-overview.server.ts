import { sql, type RawBuilder } from "kysely";
import type { OwnerWork } from "~/lib/owner-work";
import { db } from "~/server/db/db.server";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";

// The console overview's mirror of "Waiting on you" — what clients did and what
// is late, per project owner, across every company. Staff only: the caller has checked that the
// member's role may use the "clients" area. Archived projects are left out (nobody works on them).

/** Decisions and uploads of this many days are listed. */
export const RECENT_DAYS = 7;
/**
 * Rows listed per owner and kind; the others are counted. After years an agency has hundreds of
 * overdue milestones, and listing them all made the overview a page of hundreds of kilobytes.
 */
export const LISTED_PER_KIND = 5;

/**
 * Each row's place in its owner's list (in `order`) and how many rows that owner has. The database
 * picks the first rows of every owner: a cap on the whole list (its oldest N) would leave out an
 * owner whose rows all come after the cap, and undercount the others. Ranked on the rows' own
 * columns, so only the listed rows are joined to their projects' names and owners.
 */
function placeInOwnersList(order: RawBuilder<unknown>) {
  const owner = sql.ref("p.ownerId");
  return [
    sql<number>`row_number() over (partition by ${owner} order by ${order})`.as("place"),
    // The same window as the place (not just the owner's partition): the rows are sorted once.
    sql<number>`count(*) over (partition by ${owner} order by ${order} rows between unbounded preceding and unbounded following)`.as(
      "ofOwner",
    ),
  ] as const;
}

/** The projects people work on that the viewer may see, without their names (for ranking). */
function liveProjectIds(scope: CompanyScope) {
  return db()
    .selectFrom("projects as p")
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
  "r.ofOwner",
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
    recentDecisionsQuery(scope, since).execute(),
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
  // The owner's list of that kind, its "and N more" set from the total the row carries.
  const counted = <K extends keyof OwnerWork["more"]>(group: OwnerWork, kind: K, row: { ofOwner: number }): OwnerWork[K] => {
    group.more[kind] = Math.max(0, Number(row.ofOwner) - LISTED_PER_KIND);
    return group[kind];
  };
  for (const { milestoneTitle, fileName, ...row } of decisions) {
    counted(groupOf(row), "decisions", row).push({
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
    counted(groupOf(row), "uploads", row).push({
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
    counted(groupOf(row), "overdue", row).push({ ...pick(row), id: row.id, title: row.title, dueDate: row.dueDate, status: row.status });
  const rank = (g: OwnerWork) => (g.ownerId === viewerId ? 0 : g.ownerId === null ? 2 : 1);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b) || a.ownerName.localeCompare(b.ownerName));
}

/** Clients' decisions since `since`, each owner's newest first. */
function recentDecisionsQuery(scope: CompanyScope, since: number) {
  const ranked = liveProjectIds(scope)
    .innerJoin("approvals as a", "a.projectId", "p.id")
    .select([
      "a.id",
      "a.projectId",
      "a.subjectType",
      "a.subjectId",
      "a.status",
      "a.decidedByName",
      "a.decidedAt",
      "a.comment",
      ...placeInOwnersList(sql`${sql.ref("a.decidedAt")} desc, ${sql.ref("a.id")}`),
    ])
    .where("a.status", "in", ["approved", "changes_requested"])
    .where("a.decidedAt", ">=", since);
  return db()
    .selectFrom(ranked.as("r"))
    .innerJoin("projects as p", "p.id", "r.projectId")
    .leftJoin("companies as c", "c.id", "p.companyId")
    .leftJoin("users as o", "o.id", "p.ownerId")
    .leftJoin("milestones as m", (join) => join.onRef("m.id", "=", "r.subjectId").on("r.subjectType", "=", "milestone"))
    .leftJoin("projectFiles as f", (join) => join.onRef("f.id", "=", "r.subjectId").on("r.subjectType", "=", "file"))
    .select([
      ...PROJECT,
      "r.id",
      "r.subjectType",
      "r.subjectId",
      "m.title as milestoneTitle",
      "f.name as fileName",
      "r.status",
      "r.decidedByName",
      "r.decidedAt",
      "r.comment",
    ])
    .where("r.place", "<=", LISTED_PER_KIND)
    .orderBy("r.place");
}

/** Versions clients uploaded since `since`, each owner's newest first (tests/platform/hot-query-plans.test.ts explains it). */
export function recentClientUploadsQuery(scope: CompanyScope, since: number) {
  const ranked = liveProjectIds(scope)
    .innerJoin("fileVersions as v", "v.projectId", "p.id")
    .select([
      "v.id as versionId",
      "v.projectId",
      "v.fileId",
      "v.version",
      "v.uploadedByName",
      "v.createdAt",
      ...placeInOwnersList(sql`${sql.ref("v.createdAt")} desc, ${sql.ref("v.id")}`),
    ])
    .where("v.side", "=", "client")
    .where("v.createdAt", ">=", since);
  return db()
    .selectFrom(ranked.as("r"))
    .innerJoin("projectFiles as f", "f.id", "r.fileId")
    .innerJoin("projects as p", "p.id", "r.projectId")
    .leftJoin("companies as c", "c.id", "p.companyId")
    .leftJoin("users as o", "o.id", "p.ownerId")
    .select([...PROJECT, "r.versionId", "r.fileId", "f.name", "r.version", "r.uploadedByName", "r.createdAt"])
    .where("r.place", "<=", LISTED_PER_KIND)
    .orderBy("r.place");
}

/**
 * Milestones past their due date and not done, each owner's oldest due first
 * (tests/platform/hot-query-plans.test.ts explains it).
 */
export function overdueMilestonesQuery(scope: CompanyScope, today: string) {
  const ranked = liveProjectIds(scope)
    .innerJoin("milestones as m", "m.projectId", "p.id")
    .select([
      "m.id",
      "m.projectId",
      "m.title",
      "m.dueDate",
      "m.status",
      ...placeInOwnersList(sql`${sql.ref("m.dueDate")}, ${sql.ref("m.id")}`),
    ])
    // A literal: the planners then use milestones_open_due, the open ones in due order.
    .where("m.status", "!=", sql.lit("done"))
    .where("m.dueDate", "<", today);
  return db()
    .selectFrom(ranked.as("r"))
    .innerJoin("projects as p", "p.id", "r.projectId")
    .leftJoin("companies as c", "c.id", "p.companyId")
    .leftJoin("users as o", "o.id", "p.ownerId")
    .select([...PROJECT, "r.id", "r.title", "r.dueDate", "r.status"])
    .where("r.place", "<=", LISTED_PER_KIND)
    .orderBy("r.place")
    .$narrowType<{ dueDate: string }>();
}

function pick(row: { projectId: string; projectTitle: string; companyName: string | null }) {
  return { projectId: row.projectId, projectTitle: row.projectTitle, companyName: row.companyName };
}
