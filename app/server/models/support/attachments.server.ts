import { displayName } from "~/lib/people";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";
import type { Transaction } from "kysely";
import { db } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { recordAudit, recordStaffRead } from "~/server/models/shared/audit.server";
import type { Actor } from "~/server/auth/actor.server";
import type { AttachmentFile, AttachmentView, StoredAttachment } from "~/lib/attachments";
import type { Side } from "~/lib/side";

// Files on a support request or one of its replies. The bytes live in the private
// store under `storage_key` (and a WebP thumbnail under `thumbnail_key` for images); a row exists
// only once both are stored, and is written in the same transaction as its request or reply.

/** Writes the rows of files stored for a new request or reply, with one audit row each, inside its transaction. */
export async function insertAttachments(
  trx: Transaction<Database>,
  actor: Actor,
  side: Side,
  target: { complaintId: string; replyId: string | null; companyId: string | null },
  files: StoredAttachment[],
  now = Date.now(),
): Promise<void> {
  if (files.length === 0) return;
  const uploadedByName = displayName(actor);
  await trx
    .insertInto("attachments")
    .values(
      files.map((f, i) => ({
        id: f.id,
        complaintId: target.complaintId,
        replyId: target.replyId,
        name: f.name,
        storageKey: f.storageKey,
        size: f.size,
        contentType: f.contentType,
        kind: f.kind,
        sha256: f.sha256,
        thumbnailKey: f.thumbnailKey,
        uploadedBy: actor.id,
        uploadedByName,
        side,
        // The form's order survives the listing's sort.
        createdAt: now + i,
      })),
    )
    .execute();
  for (const f of files) {
    const detail = {
      complaintId: target.complaintId,
      replyId: target.replyId,
      companyId: target.companyId,
      name: f.name,
      size: f.size,
      kind: f.kind,
    };
    await recordAudit(trx, actor, { action: "attachment.upload", entity: "attachment", entityId: f.id, detail }, now);
  }
}

/** The attachments of these requests, in the order they were sent, grouped by request id. */
export async function attachmentsByComplaint(complaintIds: string[]): Promise<Record<string, AttachmentView[]>> {
  const grouped: Record<string, AttachmentView[]> = {};
  if (complaintIds.length === 0) return grouped;
  const rows = await db()
    .selectFrom("attachments")
    .select(["id", "complaintId", "replyId", "name", "size", "kind", "thumbnailKey"])
    .where("complaintId", "in", complaintIds)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    (grouped[row.complaintId] ??= []).push({
      id: row.id,
      replyId: row.replyId,
      name: row.name,
      size: Number(row.size),
      kind: row.kind,
      hasThumbnail: row.thumbnailKey !== null,
    });
  }
  return grouped;
}

function attachmentQuery() {
  return db()
    .selectFrom("attachments as a")
    .innerJoin("complaints as c", "c.id", "a.complaintId")
    .select([
      "a.id",
      "a.complaintId",
      "c.companyId",
      "a.name",
      "a.storageKey",
      "a.size",
      "a.contentType",
      "a.kind",
      "a.sha256",
      "a.thumbnailKey",
    ]);
}

const asFile = (row: AttachmentFile | undefined) => (row ? { ...row, size: Number(row.size) } : undefined);

/** For a member: only their company's requests; another company's id is undefined, like an unknown one. */
export async function getAttachment({ id, companyId }: { id: string; companyId: string }): Promise<AttachmentFile | undefined> {
  return asFile(await attachmentQuery().where("a.id", "=", id).where("c.companyId", "=", companyId).executeTakeFirst());
}

/** For staff with the support area: a request's of a company they may see (decision 0105). */
export async function getAttachmentForStaff({ id, scope }: { id: string; scope: CompanyScope }): Promise<AttachmentFile | undefined> {
  return asFile(
    await attachmentQuery()
      .where("a.id", "=", id)
      .where((eb) => companyIn(eb, "c.companyId", scope))
      .executeTakeFirst(),
  );
}

/** Downloads are audited: a member's as a change-free row of their own, staff's as a staff read. */
export async function recordAttachmentDownload(
  actor: Actor,
  side: Side,
  file: AttachmentFile,
  what: "download" | "thumbnail" = "download",
): Promise<void> {
  const entry = {
    action: `attachment.${what}`,
    entity: "attachment",
    entityId: file.id,
    detail: { complaintId: file.complaintId, name: file.name },
  };
  if (side === "staff") await recordStaffRead(actor, entry);
  else await recordAudit(db(), actor, entry);
}

/** Whether a stored key belongs to an attachment row (crash recovery: unreferenced bytes go). */
export async function isAttachmentKeyReferenced(key: string): Promise<boolean> {
  const row = await db()
    .selectFrom("attachments")
    .select("id")
    .where((eb) => eb.or([eb("storageKey", "=", key), eb("thumbnailKey", "=", key)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Every stored key of a request's attachments (bytes and thumbnails), for purging with it. */
export async function attachmentKeysOfComplaints(complaintIds: string[]): Promise<string[]> {
  if (complaintIds.length === 0) return [];
  const rows = await db()
    .selectFrom("attachments")
    .select(["storageKey", "thumbnailKey"])
    .where("complaintId", "in", complaintIds)
    .execute();
  return rows.flatMap((r) => (r.thumbnailKey ? [r.storageKey, r.thumbnailKey] : [r.storageKey]));
}
