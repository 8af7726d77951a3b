import type { Kysely } from "kysely";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { currentDialect, db, type Trx } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { fileStore } from "~/server/storage/storage.server";
import { storedFilesIntent } from "~/server/uploads/resume-intents.server";
import { recordAudit } from "../shared/audit.server";
import { deleteStoredKeys } from "./project-files.server";
import { projectChanged } from "./projects.server";

// Decision 0043: an admin deletes a project for good. Its rows go in one transaction (milestones,
// approvals, files, versions, timeline and progress history by cascade); the audit log keeps a row
// naming it. The stored bytes are listed in an intent before the commit and deleted after it, so a
// crash in between is finished by the start-up recovery (no row references them any more).

/** Every stored key of the project's versions: originals and thumbnails. */
async function storedKeys(executor: Trx | Kysely<Database>, projectId: string): Promise<string[]> {
  const versions = await executor
    .selectFrom("fileVersions")
    .select(["storageKey", "thumbnailKey"])
    .where("projectId", "=", projectId)
    .execute();
  return versions.flatMap((v) => (v.thumbnailKey ? [v.storageKey, v.thumbnailKey] : [v.storageKey]));
}

/** An upload committed between noting the keys and the delete: note again and retry. */
const MOVED = Symbol("moved");

async function deleteRows(trx: Trx, actor: Actor, { id, companyId }: { id: string; companyId: string }, noted: Set<string>, now: number) {
  let query = trx.selectFrom("projects").select(["id", "title", "archivedAt"]).where("id", "=", id).where("companyId", "=", companyId);
  // Locked, so an upload's version row (a foreign key to it) waits for this delete, then fails and
  // removes its own bytes; on SQLite write transactions already run one at a time.
  if (currentDialect() === "postgres") query = query.forUpdate();
  const project = await query.executeTakeFirst();
  // Unknown, already deleted (a double submit), or not the named company's: nothing is deleted.
  if (!project) throw new Refusal("not-found", "This project does not exist.");
  const keys = await storedKeys(trx, id);
  if (keys.some((key) => !noted.has(key))) return MOVED;
  const count = async (table: "projectFiles" | "milestones" | "approvals") =>
    Number(
      (
        await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("projectId", "=", id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const detail = {
    companyId,
    title: project.title,
    archived: project.archivedAt !== null,
    files: await count("projectFiles"),
    milestones: await count("milestones"),
    approvals: await count("approvals"),
  };
  await trx.deleteFrom("projects").where("id", "=", id).execute();
  await recordAudit(trx, actor, { action: "project.delete", entity: "project", entityId: id, detail }, now);
  return "deleted" as const;
}

/**
 * Deletes the company's project `id` with everything in it, archived or not. Another company's
 * project is refused as not found, like an unknown id, and nothing changes. Announced after the
 * commit, so the company's members lose it from their open pages at once.
 */
export async function deleteStaffProject(actor: Actor, target: { id: string; companyId: string }, now = Date.now()): Promise<void> {
  const store = fileStore();
  const intent = storedFilesIntent(store);
  // Cleared unless the rows are gone and a stored key could not be deleted: the next start retries it.
  let keepIntent = false;
  try {
    for (let attempt = 0; ; attempt += 1) {
      // Noted outside the transaction: a SQLite write group must not wait on our fsync.
      const noted = new Set(await storedKeys(db(), target.id));
      if (noted.size > 0) await intent.note([...noted]);
      const outcome = await writeTransaction((trx) => deleteRows(trx, actor, target, noted, now));
      if (outcome === MOVED) {
        if (attempt < 3) continue;
        throw new Error("The project's files kept changing while it was being deleted.");
      }
      projectChanged(target);
      // Anything else under the project's prefix (a version deleted by a process that died before
      // removing its bytes) goes too.
      const leftovers = await store.list(`projects/${target.id}/`).catch(() => []);
      keepIntent = !(await deleteStoredKeys([...new Set([...noted, ...leftovers])]));
      return;
    }
  } finally {
    if (!keepIntent) await intent.clear();
  }
}
