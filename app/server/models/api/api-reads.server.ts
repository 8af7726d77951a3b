import { sql, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { z } from "~/lib/zod";
import type * as Q from "~/lib/api/requests";
import {
  applicationResource,
  companyResource,
  leadResource,
  memberResource,
  milestoneResource,
  projectResource,
  supportRequestResource,
} from "~/lib/api/resources";
import { db } from "~/server/db/db.server";
import { decodeCursor, epochOf, pageOf } from "./api-cursor.server";

// The API's reads (decision 0104): every list in keyset order (created, then id), filtered as the
// query says; every record mapped to its resource view (app/lib/api/resources.ts). The staff
// console's own lists page by offset and count, which a sync client cannot rely on.

/**
 * A list's page in keyset order: rows after the cursor's key (a later sort value, or the same one
 * and a greater id), sorted by (sort, id), one more than the page to tell whether another follows.
 * A row-value comparison (SQLite and PostgreSQL alike) makes the next page a range of the
 * (sort, id) index, where an OR of the two cases is read by filtering.
 */
function keysetPage<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  column: "submittedAt" | "createdAt",
  { cursor, limit }: { cursor?: string; limit: number },
): SelectQueryBuilder<DB, TB, O> {
  const key = decodeCursor(cursor);
  const paged = key ? q.where(sql<SqlBool>`(${sql.ref(column)}, ${sql.ref("id")}) > (${key.at}, ${key.id})`) : q;
  return paged
    .orderBy(sql.ref(column))
    .orderBy(sql.ref("id"))
    .limit(limit + 1);
}

const leadKey = (row: { submittedAt: number; id: string }) => ({ at: Number(row.submittedAt), id: row.id });
const createdKey = (row: { createdAt: number; id: string }) => ({ at: Number(row.createdAt), id: row.id });

export async function listLeadResources(query: z.infer<typeof Q.leadQuery>) {
  const rows = await leadResourcesQuery(query).execute();
  return pageOf(rows, query.limit, leadKey, leadResource);
}

/** The page GET /api/v1/leads reads (tests/platform/hot-query-plans.test.ts explains it). */
export function leadResourcesQuery(query: z.infer<typeof Q.leadQuery>) {
  const since = epochOf(query.updatedSince);
  let q = db().selectFrom("quotes").selectAll();
  if (query.status) q = q.where("status", "=", query.status);
  if (query.companyId) q = q.where("companyId", "=", query.companyId);
  if (since !== undefined) q = q.where((eb) => eb.or([eb("submittedAt", ">=", since), eb("statusChangedAt", ">=", since)]));
  return keysetPage(q, "submittedAt", query);
}

export async function getLeadResource(id: string) {
  const row = await db().selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
  return row && leadResource(row);
}

export async function listApplicationResources(query: z.infer<typeof Q.applicationQuery>) {
  const since = epochOf(query.updatedSince);
  let q = db().selectFrom("jobApplications").selectAll();
  if (query.stage) q = q.where("stage", "=", query.stage);
  if (query.openingId) q = q.where("jobId", "=", query.openingId);
  if (since !== undefined) q = q.where((eb) => eb.or([eb("submittedAt", ">=", since), eb("stageChangedAt", ">=", since)]));
  const rows = await keysetPage(q, "submittedAt", query).execute();
  return pageOf(rows, query.limit, leadKey, applicationResource);
}

export async function getApplicationResource(id: string) {
  const row = await db().selectFrom("jobApplications").selectAll().where("id", "=", id).executeTakeFirst();
  return row && applicationResource(row);
}

export async function listCompanyResources(query: z.infer<typeof Q.companyQuery>) {
  const since = epochOf(query.updatedSince);
  let q = db().selectFrom("companies").selectAll();
  if (query.status === "open") q = q.where("closedAt", "is", null);
  if (query.status === "closed") q = q.where("closedAt", "is not", null);
  if (since !== undefined) q = q.where("updatedAt", ">=", since);
  const rows = await keysetPage(q, "createdAt", query).execute();
  return pageOf(rows, query.limit, createdKey, companyResource);
}

export async function getCompanyResource(id: string) {
  const row = await db().selectFrom("companies").selectAll().where("id", "=", id).executeTakeFirst();
  return row && companyResource(row);
}

function members() {
  return db()
    .selectFrom("users as u")
    .leftJoin("profiles as p", "p.userId", "u.id")
    .select([
      "u.id",
      "u.companyId",
      "u.email",
      "u.name",
      "p.fullName",
      "u.clientAdmin",
      "u.receivesInvoices",
      "u.lastSignInAt",
      "u.createdAt",
    ])
    .where("u.role", "=", "client")
    .where("u.companyId", "is not", null);
}

type MemberJoin = Awaited<ReturnType<ReturnType<typeof members>["execute"]>>[number];
const memberView = (row: MemberJoin) =>
  memberResource({ ...row, companyId: row.companyId ?? "", lastSignInAt: row.lastSignInAt === null ? null : Number(row.lastSignInAt) });

/** Members have no numeric creation key across both databases (Better Auth's column): they page by id. */
export async function listMemberResources(query: z.infer<typeof Q.memberQuery>) {
  const cursor = decodeCursor(query.cursor);
  let q = members();
  if (query.companyId) q = q.where("u.companyId", "=", query.companyId);
  if (cursor) q = q.where("u.id", ">", cursor.id);
  const rows = await q
    .orderBy("u.id")
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows, query.limit, (row) => ({ at: 0, id: row.id }), memberView);
}

export async function getMemberResource(id: string) {
  const row = await members().where("u.id", "=", id).executeTakeFirst();
  return row && memberView(row);
}

export async function listProjectResources(query: z.infer<typeof Q.projectQuery>) {
  const since = epochOf(query.updatedSince);
  let q = db().selectFrom("projects").selectAll();
  if (query.status) q = q.where("status", "=", query.status);
  if (query.companyId) q = q.where("companyId", "=", query.companyId);
  if (since !== undefined) q = q.where("updatedAt", ">=", since);
  const rows = await keysetPage(q, "createdAt", query).execute();
  return pageOf(rows, query.limit, createdKey, projectResource);
}

export async function getProjectResource(id: string) {
  const row = await db().selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
  return row && projectResource(row);
}

export async function listMilestoneResources(query: z.infer<typeof Q.milestoneQuery>) {
  const since = epochOf(query.updatedSince);
  let q = db().selectFrom("milestones").selectAll();
  if (query.status) q = q.where("status", "=", query.status);
  if (query.projectId) q = q.where("projectId", "=", query.projectId);
  if (since !== undefined) q = q.where("updatedAt", ">=", since);
  const rows = await keysetPage(q, "createdAt", query).execute();
  return pageOf(rows, query.limit, createdKey, milestoneResource);
}

export async function getMilestoneResource(id: string) {
  const row = await db().selectFrom("milestones").selectAll().where("id", "=", id).executeTakeFirst();
  return row && milestoneResource(row);
}

export async function listSupportRequestResources(query: z.infer<typeof Q.supportRequestQuery>) {
  const since = epochOf(query.updatedSince);
  let q = db().selectFrom("complaints").selectAll();
  if (query.status) q = q.where("status", "=", query.status);
  if (query.priority) q = q.where("priority", "=", query.priority);
  if (query.companyId) q = q.where("companyId", "=", query.companyId);
  if (since !== undefined) q = q.where("updatedAt", ">=", since);
  const rows = await keysetPage(q, "createdAt", query).execute();
  return pageOf(rows, query.limit, createdKey, (row) => supportRequestResource(row));
}

/** One request with its replies, oldest first; internal notes stay in the console. */
export async function getSupportRequestResource(id: string) {
  const row = await db().selectFrom("complaints").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const replies = await db()
    .selectFrom("complaintReplies")
    .selectAll()
    .where("complaintId", "=", id)
    .orderBy("timestamp")
    .orderBy("id")
    .execute();
  return supportRequestResource(row, replies);
}
