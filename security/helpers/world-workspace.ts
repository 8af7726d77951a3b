import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { database } from "./database";
import type { ServerInfo } from "./server";
import type { ClientRecords } from "./world";

// Workspace rows for each company's project, each carrying the project's marker, so the
// matrix sees them wherever they are shown — the timeline, "Waiting on you" on the portal's first
// screen, the console overview's client work — and proves nobody else ever does. Written straight
// into the tables, as the app's writers would leave them.

const DAY = 86_400_000;

export async function seedWorkspace(server: ServerInfo, records: ClientRecords): Promise<void> {
  const db = database(server);
  const now = Date.now();
  const projectId = records.projectId;
  const marker = records.markers[1]!;
  const date = (days: number) => new Date(now + days * DAY).toISOString().slice(0, 10);

  const soon = randomUUID();
  const late = randomUUID();
  await db
    .insertInto("milestones")
    .values([
      {
        id: soon,
        projectId,
        title: `${marker} design`,
        dueDate: date(7),
        status: "in_progress",
        position: 1,
        createdAt: now,
        updatedAt: now,
        completedAt: null,
      },
      {
        id: late,
        projectId,
        title: `${marker} content`,
        dueDate: date(-3),
        status: "waiting",
        position: 2,
        createdAt: now,
        updatedAt: now,
        completedAt: null,
      },
    ])
    .execute();
  const approval = {
    projectId,
    subjectType: "milestone",
    requestedBy: null,
    requestedByName: "Matrix Staff",
    requestedAt: now,
    note: `${marker} sign-off`,
  };
  await db
    .insertInto("approvals")
    .values([
      {
        id: randomUUID(),
        ...approval,
        subjectId: soon,
        status: "pending",
        decidedBy: null,
        decidedByName: null,
        decidedAt: null,
        comment: "",
      },
      {
        id: randomUUID(),
        ...approval,
        subjectId: late,
        status: "changes_requested",
        decidedBy: null,
        decidedByName: "Matrix Client",
        decidedAt: now,
        comment: `${marker} needs work`,
      },
    ])
    .execute();

  for (const side of ["staff", "client"] as const) {
    const fileId = randomUUID();
    const versionId = randomUUID();
    const name = `${marker}-${side}.pdf`;
    // The bytes too (one, as the row says), so a download or a data export finds the file whole.
    await mkdir(path.join(server.storageDir, "matrix"), { recursive: true });
    await writeFile(path.join(server.storageDir, "matrix", versionId), "%");
    await db
      .insertInto("projectFiles")
      .values({ id: fileId, projectId, name, nameKey: name.toLowerCase(), side, createdBy: null, createdAt: now, updatedAt: now })
      .execute();
    await db
      .insertInto("fileVersions")
      .values({
        id: versionId,
        fileId,
        projectId,
        version: 1,
        storageKey: `matrix/${versionId}`,
        size: 1,
        contentType: "application/pdf",
        kind: "pdf",
        sha256: "0".repeat(64),
        thumbnailKey: null,
        uploadedBy: null,
        uploadedByName: "Matrix",
        side,
        createdAt: now,
      })
      .execute();
  }

  await db
    .insertInto("projectActivity")
    .values({
      id: randomUUID(),
      projectId,
      at: now,
      actorId: null,
      actorName: "Matrix Staff",
      actorSide: "staff",
      kind: "milestone.added",
      subjectType: "milestone",
      subjectId: soon,
      summary: `Added milestone "${marker} design"`,
    })
    .execute();
  // A staff reply the members have not read: "Waiting on you" names the request.
  await db
    .insertInto("complaintReplies")
    .values({
      id: randomUUID(),
      complaintId: records.complaintId,
      sender: "staff",
      senderName: "Matrix Staff",
      text: "We are on it.",
      timestamp: now,
    })
    .execute();
}
