import { displayName } from "~/lib/people";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import type { SavedReplyInput } from "~/lib/schemas/support-desk";
import { fillPlaceholders } from "~/lib/support-desk";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { recordAudit } from "../shared/audit.server";

// Saved replies, shared by everyone on the support desk (decision 0044). Every
// function assumes the caller passed requireStaff(request, "support").

export interface SavedReply {
  id: string;
  title: string;
  body: string;
  updatedAt: number;
}

export async function listSavedReplies(): Promise<SavedReply[]> {
  const rows = await db().selectFrom("savedReplies").select(["id", "title", "body", "updatedAt"]).orderBy("title").orderBy("id").execute();
  return rows.map((r) => ({ ...r, updatedAt: Number(r.updatedAt) }));
}

export async function getSavedReply(id: string): Promise<SavedReply | undefined> {
  const row = await db().selectFrom("savedReplies").select(["id", "title", "body", "updatedAt"]).where("id", "=", id).executeTakeFirst();
  return row ? { ...row, updatedAt: Number(row.updatedAt) } : undefined;
}

export async function createSavedReply(actor: Actor, input: SavedReplyInput, now = Date.now()): Promise<string> {
  const id = newId();
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("savedReplies")
        .values({ id, title: input.title, body: input.body, createdBy: actor.id, createdAt: now, updatedAt: now })
        .execute();
      await recordAudit(
        trx,
        actor,
        { action: "saved-reply.create", entity: "saved-reply", entityId: id, detail: { title: input.title } },
        now,
      );
    });
  return id;
}

const gone = () => new Refusal("not-found", "That saved reply no longer exists.");

/** Saves a saved reply's title and text; refused as not found when it no longer exists. */
export async function updateSavedReply(actor: Actor, id: string, input: SavedReplyInput, now = Date.now()): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      const updated = await trx
        .updateTable("savedReplies")
        .set({ title: input.title, body: input.body, updatedAt: now })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw gone();
      await recordAudit(
        trx,
        actor,
        { action: "saved-reply.update", entity: "saved-reply", entityId: id, detail: { title: input.title } },
        now,
      );
    });
}

/** Deletes a saved reply; refused as not found when it no longer exists (a double submit). */
export async function deleteSavedReply(actor: Actor, id: string, now = Date.now()): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      const deleted = await trx.deleteFrom("savedReplies").where("id", "=", id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw gone();
      await recordAudit(trx, actor, { action: "saved-reply.delete", entity: "saved-reply", entityId: id }, now);
    });
}

/** A saved reply's text for one request, its placeholders filled with that request's plain-text values. */
export async function savedReplyFor(id: string, complaintId: string): Promise<string | undefined> {
  const reply = await getSavedReply(id);
  if (!reply) return undefined;
  const facts = await db()
    .selectFrom("complaints as c")
    .leftJoin("companies as co", "co.id", "c.companyId")
    .leftJoin("users as u", "u.id", "c.createdBy")
    .select(["c.subject", "co.name as companyName", "u.name as userName", "u.email as userEmail"])
    .where("c.id", "=", complaintId)
    .executeTakeFirst();
  if (!facts) return undefined;
  return fillPlaceholders(reply.body, {
    clientName: facts.userEmail === null ? "" : displayName({ name: facts.userName, email: facts.userEmail }),
    company: facts.companyName ?? "",
    requestSubject: facts.subject,
  });
}
