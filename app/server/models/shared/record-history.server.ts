import { sql } from "kysely";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { listAudit, recordAudit } from "./audit.server";
import { db, type Trx } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";
import { actorName, type Actor } from "~/server/auth/actor.server";
import type { HistoryEntry } from "~/lib/record-history";

// Leads and applications carry internal notes and show who changed what and when.
type ReviewedEntity = "lead" | "application";

/** Where each pipeline keeps its value, the audit action of a change, and the event that tells the console. */
const PIPELINES = {
  lead: { table: "quotes", column: "status", action: "lead.status", event: "quote.changed" },
  application: { table: "jobApplications", column: "stage", action: "application.stage", event: "application.changed" },
} as const;

const HISTORY_LIMIT = 200;

const unknownRecord = () => new Refusal("not-found", "This record does not exist.");

/**
 * Moves a lead or an application along its pipeline, with its audit row, and tells the console;
 * "unchanged" when it already has that value. An unknown id is refused as not found.
 */
export async function setPipelineValue(
  actor: Actor,
  entity: ReviewedEntity,
  id: string,
  value: string,
  now = Date.now(),
): Promise<"changed" | "unchanged"> {
  const { table, column, action, event } = PIPELINES[entity];
  // The column is chosen by entity, which Kysely's types cannot follow: both are text.
  const field = sql<string>`${sql.ref(column)}`;
  const outcome = await db()
    .transaction()
    .execute(async (trx) => {
      // Compare-and-set, so two staff changing one record at once both get a true {from, to}.
      for (;;) {
        const row = await trx.selectFrom(table).select(field.as("value")).where("id", "=", id).executeTakeFirst();
        if (!row) throw unknownRecord();
        if (row.value === value) return "unchanged" as const;
        const result = await trx.updateTable(table).set(field, value).where("id", "=", id).where(field, "=", row.value).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) continue;
        await stampChange(trx, entity, id, now);
        await recordAudit(trx, actor, { action, entity, entityId: id, detail: { from: row.value, to: value } }, now);
        return "changed" as const;
      }
    });
  if (outcome === "changed") events().publish({ type: event, id });
  return outcome;
}

/** When the value changed: a lost lead's or rejected application's retention clock starts here. */
async function stampChange(trx: Trx, entity: ReviewedEntity, id: string, now: number): Promise<void> {
  if (entity === "lead") await trx.updateTable("quotes").set({ statusChangedAt: now }).where("id", "=", id).execute();
  else await trx.updateTable("jobApplications").set({ stageChangedAt: now }).where("id", "=", id).execute();
}

/** Adds an internal note to a lead or an application and tells the console; an unknown id is refused as not found. */
export async function addRecordNote(actor: Actor, entity: ReviewedEntity, id: string, text: string, now = Date.now()): Promise<void> {
  const { table, event } = PIPELINES[entity];
  await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst();
      if (!row) throw unknownRecord();
      await insertNote(trx, actor, { entity, entityId: id, text }, now);
    });
  events().publish({ type: event, id });
}

/** Stores a note and its audit row inside the caller's transaction (which has checked the record exists). */
export async function insertNote(
  trx: Trx,
  actor: Actor,
  target: { entity: ReviewedEntity; entityId: string; text: string },
  now = Date.now(),
): Promise<void> {
  await trx
    .insertInto("recordNotes")
    .values({
      id: newId(),
      entity: target.entity,
      entityId: target.entityId,
      authorId: actor.id,
      authorName: actorName(actor),
      text: target.text,
      createdAt: now,
    })
    .execute();
  await recordAudit(
    trx,
    actor,
    { action: `${target.entity}.note`, entity: target.entity, entityId: target.entityId, detail: { note: target.text } },
    now,
  );
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
    ...notes.map((n) => ({
      id: n.id,
      kind: "note" as const,
      at: n.createdAt,
      by: n.authorName,
      action: `${entity}.note`,
      detail: {},
      text: n.text,
    })),
    ...audit.entries
      .filter((a) => a.action !== `${entity}.note`)
      .map((a) => ({ id: a.id, kind: "change" as const, at: a.createdAt, by: a.actorEmail, action: a.action, detail: a.detail })),
  ];
  return entries.sort((a, b) => b.at - a.at || a.id.localeCompare(b.id)).slice(0, HISTORY_LIMIT);
}
