import { db } from "~/server/db/db.server";
import { recordFolder, type EntryNames } from "~/server/models/privacy/data-export-entry-names.server";
import { downloadName } from "../projects/project-files.server";

// The projects half of "Download my data". Only what the company's members see
// in the portal: their company's projects that are not archived (archived ones leave the portal,
// and their files are 404 there too), with every milestone, approval, progress note and file
// version of those projects. Every query starts from the company's own project ids.

/** A stored file that goes into the archive at `path`. */
export interface ExportFile {
  path: string;
  key: string;
  size: number;
  modifiedAt: number;
}

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The company's visible projects and everything under them, as JSON documents plus files. */
export async function exportProjects(companyId: string, names: EntryNames) {
  const projects = await db()
    .selectFrom("projects")
    .select(["id", "title", "description", "status", "progress", "startDate", "dueDate", "createdAt", "updatedAt"])
    .where("companyId", "=", companyId)
    .where("archivedAt", "is", null)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const ids = projects.map((p) => p.id);
  if (ids.length === 0) return { projects: [], milestones: [], approvals: [], files: [], stored: [] as ExportFile[] };
  const [progress, milestones, approvals, files, versions] = await Promise.all([
    db()
      .selectFrom("projectProgress")
      .select(["projectId", "progress", "note", "changedByName", "changedAt"])
      .where("projectId", "in", ids)
      .orderBy("changedAt")
      .orderBy("id")
      .execute(),
    db()
      .selectFrom("milestones")
      .select(["id", "projectId", "title", "description", "dueDate", "status", "position", "createdAt", "completedAt"])
      .where("projectId", "in", ids)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db()
      .selectFrom("approvals as a")
      .leftJoin("milestones as m", (join) => join.onRef("m.id", "=", "a.subjectId").on("a.subjectType", "=", "milestone"))
      .leftJoin("projectFiles as f", (join) => join.onRef("f.id", "=", "a.subjectId").on("a.subjectType", "=", "file"))
      .select([
        "a.id",
        "a.projectId",
        "a.subjectType",
        "a.subjectId",
        "m.title as milestoneTitle",
        "f.name as fileName",
        "a.status",
        "a.note",
        "a.requestedByName",
        "a.requestedAt",
        "a.decidedByName",
        "a.decidedAt",
        "a.comment",
      ])
      .where("a.projectId", "in", ids)
      .orderBy("a.requestedAt")
      .orderBy("a.id")
      .execute(),
    db()
      .selectFrom("projectFiles")
      .select(["id", "projectId", "name", "side", "currentVersion", "createdAt"])
      .where("projectId", "in", ids)
      .orderBy("createdAt")
      .orderBy("id")
      .execute(),
    db()
      .selectFrom("fileVersions")
      .select(["id", "fileId", "version", "storageKey", "size", "contentType", "sha256", "uploadedByName", "side", "createdAt"])
      .where("projectId", "in", ids)
      .orderBy("version")
      .execute(),
  ]);
  const titleOf = new Map(projects.map((p) => [p.id, p.title]));
  // One folder per project; the id's start keeps two projects of the same title apart.
  const folderOf = new Map(projects.map((p) => [p.id, `files/projects/${recordFolder(p.title, p.id)}`]));
  const stored: ExportFile[] = [];
  const fileDocs = files.map((file) => ({
    projectId: file.projectId,
    projectTitle: titleOf.get(file.projectId),
    fileId: file.id,
    name: file.name,
    side: file.side,
    createdAt: iso(file.createdAt),
    versions: versions
      .filter((v) => v.fileId === file.id)
      .map((v) => {
        const path = names.claim(
          folderOf.get(file.projectId)!,
          downloadName({ name: file.name, version: v.version }, v.version === file.currentVersion),
          "file",
        );
        stored.push({ path, key: v.storageKey, size: Number(v.size), modifiedAt: Number(v.createdAt) });
        return {
          version: v.version,
          size: Number(v.size),
          contentType: v.contentType,
          sha256: v.sha256,
          uploadedBy: v.uploadedByName,
          side: v.side,
          uploadedAt: iso(v.createdAt),
          path,
        };
      }),
  }));
  return {
    projects: projects.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      status: p.status,
      progress: Number(p.progress),
      startDate: p.startDate,
      dueDate: p.dueDate,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
      progressHistory: progress
        .filter((h) => h.projectId === p.id)
        .map((h) => ({ progress: Number(h.progress), note: h.note, by: h.changedByName, at: iso(h.changedAt) })),
    })),
    milestones: milestones.map((m) => ({
      ...m,
      projectTitle: titleOf.get(m.projectId),
      position: Number(m.position),
      createdAt: iso(m.createdAt),
      completedAt: iso(m.completedAt),
    })),
    approvals: approvals.map(({ milestoneTitle, fileName, ...a }) => ({
      ...a,
      projectTitle: titleOf.get(a.projectId),
      subjectTitle: milestoneTitle ?? fileName ?? null,
      requestedAt: iso(a.requestedAt),
      decidedAt: iso(a.decidedAt),
    })),
    files: fileDocs,
    stored,
  };
}
