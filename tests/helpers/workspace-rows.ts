import { randomUUID } from "node:crypto";
import { db } from "~/server/db/db.server";

// Rows of the workspace tables written straight into the suite's database, for the
// readers (timeline, "Waiting on you", the console's mirror) to find. The writers' own suites
// check how the app makes them; these only need rows shaped as the migration defines them.

export async function insertMilestone(
  projectId: string,
  fields: { title: string; dueDate?: string | null; status?: string; position?: number },
  now = Date.now(),
) {
  const id = randomUUID();
  await db()
    .insertInto("milestones")
    .values({
      id,
      projectId,
      title: fields.title,
      dueDate: fields.dueDate ?? null,
      status: fields.status ?? "planned",
      position: fields.position ?? 1,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    })
    .execute();
  return id;
}

export async function insertFile(
  projectId: string,
  fields: { name: string; side: "staff" | "client"; by?: string | null; byName?: string; at?: number; version?: number; fileId?: string },
) {
  const at = fields.at ?? Date.now();
  const fileId = fields.fileId ?? randomUUID();
  const version = fields.version ?? 1;
  if (!fields.fileId) {
    await db()
      .insertInto("projectFiles")
      .values({
        id: fileId,
        projectId,
        name: fields.name,
        nameKey: fields.name.toLowerCase(),
        side: fields.side,
        createdBy: fields.by ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
  }
  const versionId = randomUUID();
  await db()
    .insertInto("fileVersions")
    .values({
      id: versionId,
      fileId,
      projectId,
      version,
      storageKey: `test/${versionId}`,
      size: 10,
      contentType: "application/pdf",
      kind: "pdf",
      sha256: "0".repeat(64),
      thumbnailKey: null,
      uploadedBy: fields.by ?? null,
      uploadedByName: fields.byName ?? (fields.side === "staff" ? "Priya Sharma" : "Alice"),
      side: fields.side,
      createdAt: at,
    })
    .execute();
  return { fileId, versionId };
}

export async function insertApproval(
  projectId: string,
  fields: {
    subjectType: "milestone" | "file";
    subjectId: string;
    status?: string;
    requestedAt?: number;
    decidedAt?: number | null;
    decidedByName?: string | null;
    comment?: string;
    note?: string;
  },
) {
  const id = randomUUID();
  await db()
    .insertInto("approvals")
    .values({
      id,
      projectId,
      subjectType: fields.subjectType,
      subjectId: fields.subjectId,
      requestedBy: null,
      requestedByName: "Priya Sharma",
      requestedAt: fields.requestedAt ?? Date.now(),
      note: fields.note ?? "",
      status: fields.status ?? "pending",
      decidedBy: null,
      decidedByName: fields.decidedByName ?? null,
      decidedAt: fields.decidedAt ?? null,
      comment: fields.comment ?? "",
    })
    .execute();
  return id;
}

export async function insertActivity(
  projectId: string,
  fields: {
    at: number;
    summary: string;
    kind?: string;
    side?: string;
    actorName?: string;
    subjectType?: string | null;
    subjectId?: string | null;
  },
) {
  const id = randomUUID();
  await db()
    .insertInto("projectActivity")
    .values({
      id,
      projectId,
      at: fields.at,
      actorId: null,
      actorName: fields.actorName ?? "Priya Sharma",
      actorSide: fields.side ?? "staff",
      kind: fields.kind ?? "milestone.added",
      subjectType: fields.subjectType ?? null,
      subjectId: fields.subjectId ?? null,
      summary: fields.summary,
    })
    .execute();
  return id;
}
