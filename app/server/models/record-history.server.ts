import type { Transaction } from "kysely";
import { newId } from "~/lib/ids";
import { listAudit, recordAudit } from "./audit.server";
import { db } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import type { SessionUser } from "~/server/auth/actor.server";

// Issue 5: leads and applications carry internal notes and show who changed what and when.
export type ReviewedEntity = "lead" | "application";

export interface HistoryEntry {
  id: string;
  kind: "change" | "note";
  at: number;
  /** Who: the staff member's name for a note, their e-mail for a change. */
  by: string;
  action: string;
  detail: Record<string, unknown>;
  text?: string;
}

const HISTORY_LIMIT = 200;

export function staffName(user: Pick<SessionUser, "name" | "email">): string {
  return user.name.trim() || user.email;
}

/** Stores a note and its audit row inside the caller's transaction (which has checked the record exists). */
export async function insertNote(
  trx: Transaction<Database>,
  actor: Pick<SessionUser, "id" | "email" | "name">,
  target: { entity: ReviewedEntity; entityId: string; text: string },
  now = Date.now(),
): Promise<void> {
  await trx
    .insertInto("recordNotes")
    .values({ id: newId(), entity: target.entity, entityId: target.entityId, authorId: actor.id, authorName: staffName(actor), text: target.text, createdAt: now })
    .execute();
  await recordAudit(trx, actor, { action: `${target.entity}.note`, entity: target.entity, entityId: target.entityId, detail: { note: target.text } }, now);
}

/**
 * The record's notes and recorded changes, newest first. A note's own audit row is left out: the
 * note itself stands for it, with the author's name.
 */
export async function recordHistory(entity: ReviewedEntity, entityId: string): Promise<HistoryEntry[]> {
  const [notes, audit] = await Promise.all([
    db()
      .selectFrom("recordNotes")
      .select(["id", "authorName", "text", "createdAt"])
      .where("entity", "=", entity)
      .where("entityId", "=", entityId)
      .orderBy("createdAt", "desc")
      .limit(HISTORY_LIMIT)
      .execute(),
    listAudit({ entity, entityId, limit: HISTORY_LIMIT, offset: 0 }),
  ]);
  const entries: HistoryEntry[] = [
    ...notes.map((n) => ({ id: n.id, kind: "note" as const, at: n.createdAt, by: n.authorName, action: `${entity}.note`, detail: {}, text: n.text })),
    ...audit.entries
      .filter((a) => a.action !== `${entity}.note`)
      .map((a) => ({ id: a.id, kind: "change" as const, at: a.createdAt, by: a.actorEmail, action: a.action, detail: a.detail })),
  ];
  return entries.sort((a, b) => b.at - a.at || a.id.localeCompare(b.id)).slice(0, HISTORY_LIMIT);
}
