import { sql } from "kysely";
import { addDays } from "~/lib/calendar";
import type { WaitingOnYou } from "~/lib/waiting-on-you";
import { agencyToday } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";
import { CLIENT_SENDER } from "../support/complaints.server";
import { portalVisitSince } from "../shared/seen-markers.server";

// Decision 0039: what the company's work needs from the member, on the portal's
// first screen. Every read is scoped by the member's company and its live (not archived) projects;
// "read" and "since your last visit" are the member's own (seen-markers.server.ts).

/** Milestones due within this many days (today included) are listed. */
export const DUE_SOON_DAYS = 14;
/** Files listed at most; the rest are counted. */
export const FILES_SHOWN = 10;

interface Scope {
  userId: string;
  companyId: string;
}

/** Invoice statuses with something left to pay (models/billing/invoice-views.server.ts OPEN_STATUSES). */
const OPEN_INVOICE_STATUSES = ["issued", "sent", "viewed", "partially-paid"];

export async function waitingOnYou(
  scope: Scope,
  { filesSince, today, billing = false }: { filesSince: number; today: string; billing?: boolean },
): Promise<WaitingOnYou> {
  const [approvals, replies, files, milestones, owed] = await Promise.all([
    pendingApprovals(scope),
    unreadReplies(scope),
    sharedFiles(scope, filesSince),
    dueMilestones(scope, today),
    billing ? openInvoices(scope, today) : Promise.resolve([]),
  ]);
  return { approvals, replies, files: files.items, moreFiles: files.more, milestones, owed };
}

/**
 * "What you owe" (decision 0086): the company's issued invoices with a balance, overdue first, then
 * by due date. Only for members who may use Billing; the caller decides.
 */
async function openInvoices({ companyId }: Scope, today: string): Promise<WaitingOnYou["owed"]> {
  const rows = await db()
    .selectFrom("invoices")
    .select(["id", "number", "currency", "dueDate", "total", "credited", "paid"])
    .where("companyId", "=", companyId)
    .where("kind", "=", "invoice")
    .where("status", "in", OPEN_INVOICE_STATUSES)
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      number: r.number ?? "",
      currency: r.currency,
      dueDate: r.dueDate,
      balance: Number(r.total) - Number(r.credited) - Number(r.paid),
      overdue: r.dueDate !== null && r.dueDate < today,
    }))
    .filter((r) => r.balance > 0)
    .sort(
      (a, b) =>
        Number(b.overdue) - Number(a.overdue) || (a.dueDate ?? "").localeCompare(b.dueDate ?? "") || a.number.localeCompare(b.number),
    );
}

function liveProjects(companyId: string) {
  return db().selectFrom("projects as p").where("p.companyId", "=", companyId).where("p.archivedAt", "is", null);
}

/** Requests for sign-off nobody in the company has answered yet, oldest first (they have waited longest). */
async function pendingApprovals({ companyId }: Scope) {
  const rows = await liveProjects(companyId)
    .innerJoin("approvals as a", "a.projectId", "p.id")
    .leftJoin("milestones as m", (join) => join.onRef("m.id", "=", "a.subjectId").on("a.subjectType", "=", "milestone"))
    .leftJoin("projectFiles as f", (join) => join.onRef("f.id", "=", "a.subjectId").on("a.subjectType", "=", "file"))
    .select([
      "a.id",
      "a.projectId",
      "p.title as projectTitle",
      "a.subjectType",
      "a.subjectId",
      "m.title as milestoneTitle",
      "f.name as fileName",
      "a.requestedByName",
      "a.requestedAt",
      "a.note",
    ])
    .where("a.status", "=", "pending")
    .orderBy("a.requestedAt")
    .orderBy("a.id")
    .execute();
  return rows.flatMap(({ milestoneTitle, fileName, ...row }) => {
    const subjectTitle = milestoneTitle ?? fileName;
    // A request about something since removed cannot be answered; it is not waiting on anyone.
    return subjectTitle === null ? [] : [{ ...row, subjectTitle, requestedAt: Number(row.requestedAt) }];
  });
}

/** The company's support requests with staff replies the member has not seen in Support yet. */
async function unreadReplies({ userId, companyId }: Scope) {
  const rows = await db()
    .selectFrom("complaints as c")
    .innerJoin("complaintReplies as r", "r.complaintId", "c.id")
    .leftJoin("seenMarkers as s", (join) =>
      join.on((eb) => eb.and([eb("s.userId", "=", userId), eb("s.subject", "=", sql<string>`${"complaint:"} || ${eb.ref("c.id")}`)])),
    )
    .select((eb) => ["c.id as complaintId", "c.subject", eb.fn.countAll<number>().as("unread"), eb.fn.max("r.timestamp").as("lastReplyAt")])
    .where("c.companyId", "=", companyId)
    .where("r.sender", "!=", CLIENT_SENDER)
    .where((eb) => eb("r.timestamp", ">", eb.fn.coalesce("s.seenAt", eb.lit(0))))
    .groupBy(["c.id", "c.subject"])
    .execute();
  return rows
    .map((row) => ({
      complaintId: row.complaintId,
      subject: row.subject,
      unread: Number(row.unread),
      lastReplyAt: Number(row.lastReplyAt),
    }))
    .sort((a, b) => b.lastReplyAt - a.lastReplyAt);
}

/** Staff uploads (new files and new versions) after `since`, newest first. */
async function sharedFiles({ companyId }: Scope, since: number) {
  const query = liveProjects(companyId)
    .innerJoin("fileVersions as v", "v.projectId", "p.id")
    .innerJoin("projectFiles as f", "f.id", "v.fileId")
    .where("v.side", "=", "staff")
    .where("v.createdAt", ">", since);
  const [items, count] = await Promise.all([
    query
      .select([
        "v.id as versionId",
        "v.fileId",
        "p.id as projectId",
        "p.title as projectTitle",
        "f.name",
        "v.version",
        "v.uploadedByName",
        "v.createdAt",
      ])
      .orderBy("v.createdAt", "desc")
      .orderBy("v.id", "desc")
      .limit(FILES_SHOWN)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((row) => ({ ...row, version: Number(row.version), createdAt: Number(row.createdAt) })),
    more: Math.max(0, Number(count.n) - items.length),
  };
}

/** Milestones not done, due from today (the agency's date) to DUE_SOON_DAYS ahead. */
async function dueMilestones({ companyId }: Scope, today: string) {
  return liveProjects(companyId)
    .innerJoin("milestones as m", "m.projectId", "p.id")
    .select(["m.id", "m.projectId", "p.title as projectTitle", "m.title", "m.dueDate", "m.status"])
    .where("m.status", "!=", "done")
    .where("m.dueDate", ">=", today)
    .where("m.dueDate", "<=", addDays(today, DUE_SOON_DAYS))
    .orderBy("m.dueDate")
    .orderBy("m.position")
    .$narrowType<{ dueDate: string }>()
    .execute();
}

/**
 * The first screen's read: records the member's look (their visit) and lists what waits on them.
 * Returns `since`, the time files count as new from, for the page to say.
 */
export async function waitingOnYouNow(
  scope: Scope & { billing?: boolean },
  now = Date.now(),
): Promise<{ waiting: WaitingOnYou; since: number }> {
  const [since, today] = await Promise.all([portalVisitSince(scope.userId, now), agencyToday(now)]);
  return { waiting: await waitingOnYou(scope, { filesSince: since, today, billing: scope.billing }), since };
}
