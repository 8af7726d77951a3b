import {
  applicationResource,
  approvalResource,
  companyResource,
  invoiceResource,
  leadResource,
  milestoneResource,
  projectFileResource,
  projectResource,
  supportReplyResource,
  supportRequestResource,
} from "~/lib/api/resources";
import type { Executor } from "~/server/db/db.server";

// The changed records as the API shows them (app/lib/api/resources.ts), read inside the change's
// own transaction so a payload says what committed (decision 0103). Undefined: no such record.

export async function leadData(trx: Executor, id: string) {
  const row = await trx
    .selectFrom("quotes")
    .select(["id", "name", "email", "phone", "country", "requirement", "status", "companyId", "submittedAt", "statusChangedAt"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && leadResource(row);
}

export async function applicationData(trx: Executor, id: string) {
  const row = await trx
    .selectFrom("jobApplications")
    .select([
      "id",
      "jobId",
      "name",
      "email",
      "message",
      "stage",
      "resume",
      "resumeName",
      "resumeType",
      "resumeSize",
      "submittedAt",
      "stageChangedAt",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && applicationResource(row);
}

export async function companyData(trx: Executor, id: string) {
  const row = await trx
    .selectFrom("companies")
    .select(["id", "name", "website", "country", "origin", "mailDecisions", "closedAt", "createdAt", "updatedAt"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && companyResource(row);
}

export async function projectData(trx: Executor, id: string) {
  const row = await trx
    .selectFrom("projects")
    .select([
      "id",
      "companyId",
      "title",
      "description",
      "status",
      "progress",
      "progressMode",
      "startDate",
      "dueDate",
      "ownerId",
      "archivedAt",
      "createdAt",
      "updatedAt",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && projectResource(row);
}

export async function milestoneData(trx: Executor, id: string) {
  const row = await trx
    .selectFrom("milestones")
    .select(["id", "projectId", "title", "description", "status", "dueDate", "position", "completedAt", "createdAt", "updatedAt"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && milestoneResource(row);
}

export async function approvalData(trx: Executor, id: string) {
  const row = await trx
    .selectFrom("approvals")
    .select([
      "id",
      "projectId",
      "subjectType",
      "subjectId",
      "status",
      "note",
      "comment",
      "requestedByName",
      "requestedAt",
      "decidedByName",
      "decidedAt",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && approvalResource(row);
}

export async function projectFileData(trx: Executor, id: string) {
  const row = await trx
    .selectFrom("projectFiles as f")
    .innerJoin("fileVersions as v", (join) => join.onRef("v.fileId", "=", "f.id").onRef("v.version", "=", "f.currentVersion"))
    .select(["f.id", "f.projectId", "f.name", "f.side", "f.currentVersion", "f.createdAt", "f.updatedAt", "v.size", "v.contentType"])
    .where("f.id", "=", id)
    .executeTakeFirst();
  return row && projectFileResource(row, { size: Number(row.size), contentType: row.contentType });
}

export async function supportRequestData(trx: Executor, id: string) {
  const row = await trx
    .selectFrom("complaints")
    .select([
      "id",
      "companyId",
      "subject",
      "message",
      "status",
      "priority",
      "channel",
      "assigneeId",
      "waitingSince",
      "closedAt",
      "createdAt",
      "updatedAt",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && supportRequestResource(row);
}

export async function supportReplyData(trx: Executor, id: string) {
  const row = await trx
    .selectFrom("complaintReplies")
    .select(["id", "complaintId", "sender", "senderName", "text", "channel", "timestamp"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && supportReplyResource(row);
}

export async function invoiceData(trx: Executor, id: string) {
  const row = await trx
    .selectFrom("invoices")
    .select([
      "id",
      "kind",
      "companyId",
      "number",
      "status",
      "currency",
      "issueDate",
      "dueDate",
      "subtotal",
      "discount",
      "taxTotal",
      "total",
      "paid",
      "credited",
      "issuedAt",
      "voidedAt",
      "createdAt",
      "updatedAt",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && invoiceResource(row);
}
