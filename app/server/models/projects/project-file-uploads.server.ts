import { rm } from "node:fs/promises";
import { brandIn } from "~/server/brand/brand.server";
import type { Transaction } from "kysely";
import { formatBytes } from "~/lib/file-kinds";
import { recordWebhookEvent } from "~/server/models/webhooks/webhook-changes.server";
import { newId } from "~/lib/ids";
import { projectLink } from "~/lib/links";
import { actorName } from "~/server/auth/actor.server";
import type { Database } from "~/server/db/schema";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { absoluteUrl, getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { mailRecipients } from "~/server/mail/config.server";
import { enqueueMail, notifyMailEnqueued } from "~/server/mail/outbox.server";
import { filesSharedMail } from "~/server/mail/project-file-mails.server";
import { fileStore } from "~/server/storage/storage.server";
import { fileNameKey } from "~/server/uploads/file-kinds.server";
import {
  MalformedUpload,
  UploadRejected,
  type ParsedUpload,
  type PendingFile,
  type UploadLimits,
} from "~/server/uploads/project-upload.server";
import { storedFilesIntent } from "~/server/uploads/resume-intents.server";
import { renderThumbnail, THUMBNAIL_CONTENT_TYPE, thumbnailKey } from "~/server/uploads/thumbnails.server";
import { recordAudit } from "../shared/audit.server";
import { notifyFilesShared } from "../notifications/events.server";
import { publishNotified } from "../notifications/notifications.server";
import { recordActivity } from "./project-activity.server";
import {
  CLIENT_UPLOADS_OFF,
  deleteStoredKeys,
  findWorkspaceProject,
  projectUsage,
  type FilesActor,
  type WorkspaceProject,
} from "./project-files.server";
import { projectChanged } from "./projects.server";

// One upload session (one request, several files). The bytes stream to temp files and
// are sniffed (project-upload.server.ts); then the keys are noted in an intent, the bytes and
// thumbnails stored, and the rows, timeline, audit and one batched mail committed together. A crash
// between the store and the commit is undone at the next start (the intent); any failure here
// removes what was stored. Decision 0037.

/** Files per upload session. */
export const MAX_FILES_PER_UPLOAD = 20;

export interface UploadOutcome {
  status: "success" | "error";
  message: string;
  /** The refusal's kind: the route's status and the no-JS redirect's notice ("size", "quota", "type", …). */
  reason?: string;
  files?: Array<{ id: string; name: string; version: number }>;
}

interface Prepared {
  file: PendingFile;
  versionId: string;
  key: string;
  thumbTemp: string | null;
}

function fail(message: string, reason = "error"): UploadOutcome {
  return { status: "error", message, reason };
}

/** Receives, checks and stores an upload session on `projectId` for `actor`. Never throws for bad input. */
/** Reads the streamed upload with the limits the model sets (the route binds it to its request). */
export type UploadReader = (limits: UploadLimits) => Promise<ParsedUpload>;

export async function uploadProjectFiles(actor: FilesActor, projectId: string, readUpload: UploadReader): Promise<UploadOutcome> {
  const env = getEnv();
  const project = await findWorkspaceProject(actor, projectId);
  if (!project) return fail("This project does not exist.", "missing");
  if (project.archived) return fail("This project is archived: restore it to add files.", "archived");
  if (actor.side === "client" && !project.clientUploads) return fail(CLIENT_UPLOADS_OFF, "off");
  const quota = env.PROJECT_QUOTA_BYTES;
  const remaining = quota - (await projectUsage(projectId));
  const quotaMessage = `This project's files may take up to ${formatBytes(quota)}; ${formatBytes(Math.max(0, remaining))} is left. Delete files or old versions you no longer need, or ask us for more room.`;
  if (remaining <= 0) return fail(quotaMessage, "quota");

  let files: PendingFile[];
  try {
    const parsed = await readUpload({
      maxFiles: MAX_FILES_PER_UPLOAD,
      maxFileBytes: env.FILE_MAX_BYTES,
      maxTotalBytes: remaining,
      totalMessage: quotaMessage,
    });
    files = parsed.files;
  } catch (error) {
    if (error instanceof UploadRejected) return fail(error.message, error.reason);
    if (error instanceof MalformedUpload) return fail(error.message, "malformed");
    throw error;
  }
  if (files.length === 0) return fail("Choose at least one file to upload.", "empty");

  const store = fileStore();
  const prepared: Prepared[] = [];
  for (const file of files) {
    const versionId = newId();
    const key = `projects/${projectId}/${versionId}`;
    prepared.push({ file, versionId, key, thumbTemp: await renderThumbnail(file.tempPath, file.kind, store) });
  }
  const keys = prepared.flatMap((p) => (p.thumbTemp ? [p.key, thumbnailKey(p.key)] : [p.key]));
  const intent = storedFilesIntent(store);
  const stored: string[] = [];
  let committed = false;
  try {
    await intent.note(keys);
    for (const p of prepared) {
      await p.file.commit(p.key);
      stored.push(p.key);
      if (p.thumbTemp) {
        await store.putFromFile(thumbnailKey(p.key), p.thumbTemp, THUMBNAIL_CONTENT_TYPE);
        stored.push(thumbnailKey(p.key));
      }
    }
    const notified: string[] = [];
    const saved = await writeTransaction((trx) => saveSession(trx, actor, project, prepared, quota, notified));
    committed = true;
    projectChanged(project);
    publishNotified(notified);
    notifyMailEnqueued();
    const names = saved.map((f) => `“${f.name}”${f.version > 1 ? ` (version ${f.version})` : ""}`);
    return { status: "success", message: `Uploaded ${names.join(", ")}.`, files: saved };
  } catch (error) {
    if (error instanceof QuotaExceeded) return fail(quotaMessage, "quota");
    if (error instanceof NameOfOtherSide) return fail(error.message, "other-side");
    if (isUniqueViolation(error))
      return fail("Someone uploaded a file with the same name at the same moment. Please try again.", "conflict");
    logger.error({ err: error }, "project file upload failed");
    return fail("The files could not be saved. Please try again.");
  } finally {
    if (!committed) await deleteStoredKeys(stored);
    await intent.clear();
    await Promise.all(prepared.map((p) => Promise.all([p.file.discard(), p.thumbTemp ? rm(p.thumbTemp, { force: true }) : undefined])));
  }
}

class QuotaExceeded extends Error {}

/**
 * A file's versions come only from the side that shared it (decision 0037): a member's upload must
 * not become the current version of a deliverable, nor staff's the current version of a client's
 * file, which its uploader could then no longer delete. The whole session is refused, as for any
 * other refusal, and the message names the file.
 */
class NameOfOtherSide extends Error {
  constructor(name: string, ownerSide: string) {
    const owner = ownerSide === "staff" ? "the agency" : "the client";
    super(
      `“${name}” was shared by ${owner}, and only ${owner} can add versions to it. Rename your file and upload it again. Nothing was uploaded.`,
    );
  }
}

async function saveSession(
  trx: Transaction<Database>,
  actor: FilesActor,
  project: WorkspaceProject,
  prepared: Prepared[],
  quota: number,
  notified: string[],
) {
  const now = Date.now();
  // Checked again inside the write: two sessions racing for the last room cannot both win.
  const total = prepared.reduce((sum, p) => sum + p.file.size, 0);
  if ((await projectUsage(project.id, trx)) + total > quota) throw new QuotaExceeded();
  const who = { id: actor.user.id, name: actorName(actor.user), side: actor.side };
  const saved: Array<{ id: string; name: string; version: number }> = [];
  for (const p of prepared) {
    const nameKey = fileNameKey(p.file.name);
    const existing = await trx
      .selectFrom("projectFiles")
      .select(["id", "name", "currentVersion", "side"])
      .where("projectId", "=", project.id)
      .where("nameKey", "=", nameKey)
      .executeTakeFirst();
    if (existing && existing.side !== actor.side) throw new NameOfOtherSide(existing.name, existing.side);
    let fileId: string;
    let version = 1;
    let name = p.file.name;
    if (existing) {
      fileId = existing.id;
      name = existing.name;
      version = existing.currentVersion + 1;
      await trx.updateTable("projectFiles").set({ currentVersion: version, updatedAt: now }).where("id", "=", fileId).execute();
    } else {
      fileId = newId();
      await trx
        .insertInto("projectFiles")
        .values({
          id: fileId,
          projectId: project.id,
          name,
          nameKey,
          side: actor.side,
          createdBy: actor.user.id,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    await trx
      .insertInto("fileVersions")
      .values({
        id: p.versionId,
        fileId,
        projectId: project.id,
        version,
        storageKey: p.key,
        size: p.file.size,
        contentType: p.file.contentType,
        kind: p.file.kind,
        sha256: p.file.sha256,
        thumbnailKey: p.thumbTemp ? thumbnailKey(p.key) : null,
        uploadedBy: actor.user.id,
        uploadedByName: who.name,
        side: actor.side,
        createdAt: now,
      })
      .execute();
    const summary = version > 1 ? `Uploaded version ${version} of “${name}”` : `Uploaded “${name}”`;
    await recordActivity(trx, who, { projectId: project.id, kind: "file.uploaded", subjectType: "file", subjectId: fileId, summary }, now);
    await recordAudit(
      trx,
      actor.user,
      {
        action: "file.upload",
        entity: "project_file",
        entityId: fileId,
        detail: { projectId: project.id, name, version, size: p.file.size, kind: p.file.kind, side: actor.side },
      },
      now,
    );
    saved.push({ id: fileId, name, version });
  }
  notified.push(...(await notifySession(trx, actor, project, saved, now)));
  return saved;
}

/**
 * One notification and one mail per session to the other side (decision 0041): staff
 * upload → the company's members; client upload → the staff who look after clients, else (nobody
 * left) the sales inbox by mail.
 */
async function notifySession(
  trx: Transaction<Database>,
  actor: FilesActor,
  project: WorkspaceProject,
  saved: Array<{ id: string; name: string }>,
  now: number,
): Promise<string[]> {
  const session = newId();
  const names = saved.map((f) => f.name);
  const fromAgency = actor.side === "staff";
  const fileIds = saved.map((f) => f.id);
  if (fromAgency && !project.companyId) {
    // Nobody to tell in the portal; the webhooks still hear of it.
    for (const id of fileIds) await recordWebhookEvent(trx, { type: "file.shared", id }, now);
    return [];
  }
  const url = absoluteUrl(projectLink(fromAgency ? "client" : "staff", project.id, "files"));
  const mail = filesSharedMail({ uploader: actorName(actor.user), fromAgency, project: project.title, names, url }, await brandIn(trx));
  const upload = {
    session,
    projectId: project.id,
    companyId: project.companyId,
    fromAgency,
    fileIds,
    title: `${actorName(actor.user)} shared ${names.length === 1 ? `"${names[0]}"` : `${names.length} files`} on ${project.title}`,
  };
  const notified = await notifyFilesShared(trx, upload, { actorId: actor.user.id, actorName: actorName(actor.user) }, mail, now);
  if (!fromAgency && notified.length === 0) {
    // With no sales inbox entered, nobody is mailed (the upload still shows in the console).
    const { sales } = await mailRecipients(trx);
    if (sales) await enqueueMail(trx, { to: sales, ...mail, idempotencyKey: `files:${session}:staff` }, now);
  }
  return notified;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  return e?.code === "23505" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}
