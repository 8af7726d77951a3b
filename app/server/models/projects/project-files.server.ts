import { nameNow } from "../shared/people.server";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";
import type { StoredFileColumns } from "~/lib/attachments";
import type { Actor } from "~/server/auth/actor.server";
import { actorName } from "~/server/auth/actor.server";
import { db, type Executor } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { dbBool } from "~/server/db/boolean.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { logger } from "~/server/logger.server";
import { fileStore } from "~/server/storage/storage.server";
import { latestApprovals } from "./approvals.server";
import { recordAudit } from "../shared/audit.server";
import { recordActivity } from "./project-activity.server";
import { projectChanged } from "./projects.server";
import type { Side } from "~/lib/side";
import { Refusal } from "~/lib/refusal";
import { PAGE_SIZE } from "~/lib/pagination";

// A project's Files tab. A file is a name within a project; each upload of that
// name adds a version (history kept). Portal reads are scoped by the company: another company's
// project, file or version is "not found", exactly like an unknown id. Uploads are in
// project-file-uploads.server.ts.

/** Who acts on the Files tab: a staff member, or a member of the project's company. */
export type FilesActor = { user: Actor; side: "staff"; scope: CompanyScope } | { user: Actor; side: "client"; companyId: string };

export interface WorkspaceProject {
  id: string;
  companyId: string | null;
  title: string;
  ownerId: string | null;
  clientUploads: boolean;
  archived: boolean;
}

/** The project the actor may work on: a client's only within their company and not archived. */
export async function findWorkspaceProject(
  actor: FilesActor,
  id: string,
  executor: Executor = db(),
): Promise<WorkspaceProject | undefined> {
  let query = executor
    .selectFrom("projects")
    .select(["id", "companyId", "title", "ownerId", "clientUploads", "archivedAt"])
    .where("id", "=", id);
  if (actor.side === "client") query = query.where("companyId", "=", actor.companyId).where("archivedAt", "is", null);
  // Staff: only a company they may see (decision 0105).
  else query = query.where((eb) => companyIn(eb, "companyId", actor.scope));
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    companyId: row.companyId,
    title: row.title,
    ownerId: row.ownerId,
    clientUploads: Boolean(row.clientUploads),
    archived: row.archivedAt !== null,
  };
}

export interface FileVersionView {
  id: string;
  version: number;
  size: number;
  kind: string;
  hasThumbnail: boolean;
  uploadedByName: string;
  /** Null once that person's account is gone. */
  uploadedById: string | null;
  side: Side;
  createdAt: number;
}

export interface ProjectFileView {
  id: string;
  name: string;
  side: Side;
  createdBy: string | null;
  updatedAt: number;
  /** Newest first; the first is the current version. */
  versions: FileVersionView[];
}

/** The project's files, most recently changed first, each with its versions newest first. */
// The Files tab's queries, built apart so tests/platform/hot-query-plans.test.ts explains them.
export function projectFilesQuery({ projectId }: { projectId: string }) {
  return db()
    .selectFrom("projectFiles")
    .select(["id", "name", "side", "createdBy", "updatedAt"])
    .where("projectId", "=", projectId)
    .orderBy("updatedAt", "desc")
    .orderBy("id");
}

/**
 * The versions of the files one page of the tab shows (`fileIds`: at least one, read from the
 * project's own files by `projectFilesQuery`, so they are the project's): by file, where the
 * project's index would read every version of a project with years of files to keep a page's.
 */
export function pageFileVersionsQuery({ fileIds }: { fileIds: string[] }) {
  return db()
    .selectFrom("fileVersions")
    .select(["id", "fileId", "version", "size", "kind", "thumbnailKey", "uploadedBy", "side", "createdAt"])
    .select(nameNow("fileVersions.uploadedBy", "fileVersions.uploadedByName").as("uploadedByName"))
    .where("fileId", "in", fileIds)
    .orderBy("version", "desc");
}

/**
 * One page of the project's files and how many there are. A project after years holds hundreds of
 * files, each with its versions: the tab shows a page at a time.
 */
export async function listProjectFiles({
  projectId,
  limit,
  offset,
}: {
  projectId: string;
  limit: number;
  offset: number;
}): Promise<{ files: ProjectFileView[]; total: number }> {
  const [files, counted] = await Promise.all([
    projectFilesQuery({ projectId }).limit(limit).offset(offset).execute(),
    db()
      .selectFrom("projectFiles")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("projectId", "=", projectId)
      .executeTakeFirst(),
  ]);
  const versions = files.length === 0 ? [] : await pageFileVersionsQuery({ fileIds: files.map((f) => f.id) }).execute();
  const byFile = new Map<string, FileVersionView[]>();
  for (const v of versions) {
    const list = byFile.get(v.fileId) ?? [];
    list.push({
      id: v.id,
      version: v.version,
      size: Number(v.size),
      kind: v.kind,
      hasThumbnail: v.thumbnailKey !== null,
      uploadedByName: v.uploadedByName,
      uploadedById: v.uploadedBy,
      side: v.side as Side,
      createdAt: Number(v.createdAt),
    });
    byFile.set(v.fileId, list);
  }
  return {
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      side: f.side as Side,
      createdBy: f.createdBy,
      updatedAt: Number(f.updatedAt),
      versions: byFile.get(f.id) ?? [],
    })),
    total: Number(counted?.n ?? 0),
  };
}

/** How many files come before this one in the tab's order (its page), or undefined when it is not the project's. */
export async function filePosition({ projectId, fileId }: { projectId: string; fileId: string }): Promise<number | undefined> {
  const target = await db()
    .selectFrom("projectFiles")
    .select(["updatedAt", "id"])
    .where("id", "=", fileId)
    .where("projectId", "=", projectId)
    .executeTakeFirst();
  if (!target) return undefined;
  const before = await db()
    .selectFrom("projectFiles")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("projectId", "=", projectId)
    .where((eb) =>
      eb.or([eb("updatedAt", ">", target.updatedAt), eb.and([eb("updatedAt", "=", target.updatedAt), eb("id", "<", target.id)])]),
    )
    .executeTakeFirst();
  return Number(before?.n ?? 0);
}

/** Bytes the project's stored versions take (originals; thumbnails are ours and small). */
export async function projectUsage(projectId: string, executor: Executor = db()): Promise<number> {
  const row = await executor
    .selectFrom("fileVersions")
    .select((eb) => eb.fn.sum<number | string | null>("size").as("total"))
    .where("projectId", "=", projectId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export interface StoredVersion extends Omit<StoredFileColumns, "kind"> {
  id: string;
  fileId: string;
  projectId: string;
  companyId: string | null;
  name: string;
  version: number;
}

/**
 * A version the actor may download: staff any; a client only one of their company's projects that
 * is not archived. Anything else is undefined, like an unknown id.
 */
export async function findFileVersion(actor: FilesActor, versionId: string): Promise<StoredVersion | undefined> {
  let query = db()
    .selectFrom("fileVersions as v")
    .innerJoin("projectFiles as f", "f.id", "v.fileId")
    .innerJoin("projects as p", "p.id", "v.projectId")
    .select([
      "v.id",
      "v.fileId",
      "v.projectId",
      "p.companyId",
      "f.name",
      "v.version",
      "v.storageKey",
      "v.thumbnailKey",
      "v.size",
      "v.contentType",
      "v.sha256",
    ])
    .where("v.id", "=", versionId);
  if (actor.side === "client") query = query.where("p.companyId", "=", actor.companyId).where("p.archivedAt", "is", null);
  else query = query.where((eb) => companyIn(eb, "p.companyId", actor.scope));
  const row = await query.executeTakeFirst();
  return row ? { ...row, size: Number(row.size) } : undefined;
}

/** The name a version downloads as: older versions say which they are ("brief (v1).pdf"). */
export function downloadName(version: Pick<StoredVersion, "name" | "version">, current: boolean): string {
  if (current) return version.name;
  const dot = version.name.lastIndexOf(".");
  return dot > 0
    ? `${version.name.slice(0, dot)} (v${version.version})${version.name.slice(dot)}`
    : `${version.name} (v${version.version})`;
}

/** Whether `versionId` is its file's newest version. */
export async function isCurrentVersion(version: Pick<StoredVersion, "fileId" | "version">): Promise<boolean> {
  const file = await db().selectFrom("projectFiles").select("currentVersion").where("id", "=", version.fileId).executeTakeFirst();
  return file?.currentVersion === version.version;
}

/** Every download is audited (not each resumed slice of it). */
export async function recordFileDownload(actor: FilesActor, version: StoredVersion): Promise<void> {
  await recordAudit(db(), actor.user, {
    action: "file.download",
    entity: "project_file",
    entityId: version.fileId,
    detail: { projectId: version.projectId, name: version.name, version: version.version, side: actor.side },
  });
}

/** Whether a stored key belongs to a version row (original or thumbnail): crash recovery asks. */
export async function isProjectFileKeyReferenced(key: string): Promise<boolean> {
  const row = await db()
    .selectFrom("fileVersions")
    .select("id")
    .where((eb) => eb.or([eb("storageKey", "=", key), eb("thumbnailKey", "=", key)]))
    .executeTakeFirst();
  return row !== undefined;
}

export const CLIENT_UPLOADS_OFF = "The agency has turned off uploads from your side for this project.";

/**
 * Deletes a file with all its versions: staff any; a client only a file whose every
 * version they uploaded, and only while the project takes client uploads. The stored bytes go
 * after the commit. Throws a Refusal (not-found when the file is not the actor's to see).
 */
export async function deleteProjectFile(
  actor: FilesActor,
  { projectId, fileId }: { projectId: string; fileId: string },
): Promise<{ name: string }> {
  const outcome = await writeTransaction(async (trx) => {
    const project = await findWorkspaceProject(actor, projectId, trx);
    if (!project) throw new Refusal("not-found", "This project does not exist.");
    const file = await trx
      .selectFrom("projectFiles")
      .select(["id", "name"])
      .where("id", "=", fileId)
      .where("projectId", "=", projectId)
      .executeTakeFirst();
    if (!file) throw new Refusal("not-found", "This file no longer exists.");
    const versions = await trx
      .selectFrom("fileVersions")
      .select(["storageKey", "thumbnailKey", "uploadedBy"])
      .where("fileId", "=", fileId)
      .execute();
    if (actor.side === "client") {
      if (!project.clientUploads) throw new Refusal("refused", CLIENT_UPLOADS_OFF);
      if (versions.some((v) => v.uploadedBy !== actor.user.id))
        throw new Refusal("refused", "You can delete only files you uploaded yourself.");
    }
    await trx.deleteFrom("fileVersions").where("fileId", "=", fileId).execute();
    await trx.deleteFrom("projectFiles").where("id", "=", fileId).execute();
    await recordActivity(
      trx,
      { id: actor.user.id, name: actorName(actor.user), side: actor.side },
      { projectId, kind: "file.deleted", subjectType: "file", subjectId: fileId, summary: `Deleted “${file.name}”` },
    );
    await recordAudit(trx, actor.user, {
      action: "file.delete",
      entity: "project_file",
      entityId: fileId,
      detail: { projectId, name: file.name, versions: versions.length, side: actor.side },
    });
    const keys = versions.flatMap((v) => (v.thumbnailKey ? [v.storageKey, v.thumbnailKey] : [v.storageKey]));
    return { name: file.name, keys, companyId: project.companyId };
  });
  await deleteStoredKeys(outcome.keys);
  projectChanged({ id: projectId, companyId: outcome.companyId });
  return { name: outcome.name };
}

/** Staff turn "Clients can upload files" on or off for a project. Returns false when unchanged. */
export async function setClientUploads(user: Actor, projectId: string, on: boolean): Promise<boolean> {
  const outcome = await writeTransaction(async (trx) => {
    const project = await trx
      .selectFrom("projects")
      .select(["id", "companyId", "clientUploads"])
      .where("id", "=", projectId)
      .executeTakeFirst();
    if (!project) throw new Refusal("not-found", "This project does not exist.");
    if (Boolean(project.clientUploads) === on) return { changed: false, companyId: project.companyId };
    await trx
      .updateTable("projects")
      .set({ clientUploads: dbBool(on), updatedAt: Date.now() })
      .where("id", "=", projectId)
      .execute();
    await recordAudit(trx, user, { action: "project.client_uploads", entity: "project", entityId: projectId, detail: { on } });
    return { changed: true, companyId: project.companyId };
  });
  if (outcome.changed) projectChanged({ id: projectId, companyId: outcome.companyId });
  return outcome.changed;
}

/**
 * Removes stored bytes whose rows are gone; a failure is logged (the bytes are unreachable anyway).
 * Whether every key is gone, so a caller holding an intent can keep it for the next start.
 */
export async function deleteStoredKeys(keys: string[]): Promise<boolean> {
  let all = true;
  for (const key of keys) {
    await fileStore()
      .delete(key)
      .catch((error: unknown) => {
        all = false;
        logger.warn({ err: error, key }, "stored file not deleted");
      });
  }
  return all;
}

/**
 * Everything a Files tab shows, for either side: the page `page` (1-based, PAGE_SIZE files) or,
 * when `fileId` names one of the project's files and no page is asked for, the page holding it.
 * Undefined when the project is not the actor's.
 */
export async function loadFilesTab(actor: FilesActor, projectId: string, at: { page?: number; fileId?: string } = {}) {
  const project = await findWorkspaceProject(actor, projectId);
  if (!project) return undefined;
  const position = at.page === undefined && at.fileId ? await filePosition({ projectId, fileId: at.fileId }) : undefined;
  const page = at.page ?? (position === undefined ? 1 : Math.floor(position / PAGE_SIZE) + 1);
  const [{ files, total }, approvals, used] = await Promise.all([
    listProjectFiles({ projectId, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    latestApprovals({ projectId, subjectType: "file" }),
    projectUsage(projectId),
  ]);
  const env = getEnv();
  const mayUpload = !project.archived && (actor.side === "staff" || project.clientUploads);
  const mayDelete = (file: ProjectFileView) =>
    actor.side === "staff" || (project.clientUploads && file.versions.every((v) => v.uploadedById === actor.user.id));
  return {
    project: { id: project.id, title: project.title, clientUploads: project.clientUploads, archived: project.archived },
    files: files.map((file) => ({ ...file, deletable: mayDelete(file), approval: approvals[file.id] ?? null })),
    page,
    total,
    pageSize: PAGE_SIZE,
    usage: { used, quota: env.PROJECT_QUOTA_BYTES, fileMax: env.FILE_MAX_BYTES },
    mayUpload,
  };
}
