import { createHash } from "node:crypto";
import { newId } from "~/lib/ids";
import { db, type Executor } from "~/server/db/db.server";
import type { InboundStatus } from "~/server/db/schema";
import { messageIdOf } from "~/server/mail/inbound-parse.server";
import { fileStore, type FileStore } from "~/server/storage/storage.server";
import { storeBytesOnce } from "~/server/storage/store-once.server";

// Decision 0096: every inbound message is stored before anything else happens to it: the raw bytes
// in the private file store (keyed by their hash, so a second copy is one file), then its row. It
// is processed from there (inbound-routing.server.ts), by whichever instance claims it first.

/** A claim outlives any one message's processing; a dead process's claim lapses after it. */
const CLAIM_MS = 5 * 60_000;
/** Tries before a failing message stays failed (visible to admins, retried by hand). */
export const MAX_ATTEMPTS = 8;
/** 1, 2, 4 … 64 minutes between tries. */
export const backoffMs = (attempts: number) => 60_000 * 2 ** Math.min(Math.max(attempts - 1, 0), 6);

export const rawKeyOf = (sha256: string) => `inbound/${sha256}.eml`;

export type Stored = { id: string; duplicate: false } | { id: string; duplicate: true };

/**
 * Files the bytes and writes the row. A Message-ID seen before (or, without one, the same bytes)
 * is a replay: nothing new is written and the first row's id comes back.
 */
export async function storeInbound(raw: Buffer, now = Date.now(), store: FileStore = fileStore()): Promise<Stored> {
  const sha256 = createHash("sha256").update(raw).digest("hex");
  const messageId = messageIdOf(raw);
  const dedupeKey = messageId ?? `sha256:${sha256}`;
  const seen = await db().selectFrom("inboundMessages").select("id").where("dedupeKey", "=", dedupeKey).executeTakeFirst();
  if (seen) return { id: seen.id, duplicate: true };
  const key = rawKeyOf(sha256);
  await storeBytesOnce(store, key, raw, "message/rfc822");
  const id = newId();
  const inserted = await db()
    .insertInto("inboundMessages")
    .values({
      id,
      receivedAt: now,
      rawKey: key,
      sha256,
      size: raw.length,
      messageId,
      dedupeKey,
      fromAddress: null,
      subject: null,
      status: "stored",
      reason: null,
      nextAttemptAt: now,
      routedKind: null,
      routedId: null,
      complaintId: null,
      authResults: null,
      refusedFiles: null,
      processedAt: null,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column("dedupeKey").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 1) === 0) {
    const first = await db().selectFrom("inboundMessages").select("id").where("dedupeKey", "=", dedupeKey).executeTakeFirstOrThrow();
    return { id: first.id, duplicate: true };
  }
  return { id, duplicate: false };
}

/** Ids of messages waiting to be processed (new, or failed and due again), oldest first. */
export async function dueInboundIds(now = Date.now(), limit = 20): Promise<string[]> {
  const rows = await db()
    .selectFrom("inboundMessages")
    .select("id")
    .where("status", "in", ["stored", "failed"])
    .where("attempts", "<", MAX_ATTEMPTS)
    .where("nextAttemptAt", "<=", now)
    .where("lockedUntil", "<=", now)
    .orderBy("receivedAt")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Takes a due message for this process: true when the claim is ours (one instance wins). */
export async function claimInbound(id: string, now = Date.now()): Promise<{ rawKey: string; attempts: number } | null> {
  const claimed = await db()
    .updateTable("inboundMessages")
    .set((eb) => ({ lockedUntil: now + CLAIM_MS, attempts: eb("attempts", "+", 1), updatedAt: now }))
    .where("id", "=", id)
    .where("status", "in", ["stored", "failed"])
    .where("attempts", "<", MAX_ATTEMPTS)
    .where("lockedUntil", "<=", now)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return null;
  const row = await db().selectFrom("inboundMessages").select(["rawKey", "attempts"]).where("id", "=", id).executeTakeFirstOrThrow();
  return { rawKey: row.rawKey, attempts: Number(row.attempts) };
}

export interface Outcome {
  status: Exclude<InboundStatus, "stored" | "failed">;
  reason: string | null;
  routedKind?: "reply" | "complaint" | "lead" | "comment" | "staff-reply" | "note";
  routedId?: string;
  complaintId?: string;
  projectId?: string;
  refusedFiles?: { name: string; reason: string }[];
}

/** Writes what became of a message, inside the transaction that did it when there is one. */
export async function recordOutcome(executor: Executor, id: string, outcome: Outcome, now = Date.now()): Promise<void> {
  await executor
    .updateTable("inboundMessages")
    .set({
      status: outcome.status,
      reason: outcome.reason?.slice(0, 1000) ?? null,
      routedKind: outcome.routedKind ?? null,
      routedId: outcome.routedId ?? null,
      complaintId: outcome.complaintId ?? null,
      projectId: outcome.projectId ?? null,
      refusedFiles: outcome.refusedFiles?.length ? JSON.stringify(outcome.refusedFiles) : null,
      lockedUntil: 0,
      processedAt: now,
      updatedAt: now,
    })
    .where("id", "=", id)
    .execute();
}

/** What the parse found, kept whatever the outcome. */
export async function recordHeaders(id: string, facts: { from: string | null; subject: string; auth: unknown }, now = Date.now()) {
  await db()
    .updateTable("inboundMessages")
    .set({
      fromAddress: facts.from?.slice(0, 320) ?? null,
      subject: facts.subject.slice(0, 998),
      authResults: facts.auth ? JSON.stringify(facts.auth) : null,
      updatedAt: now,
    })
    .where("id", "=", id)
    .execute();
}

/** A try that threw: failed with the reason, tried again after the backoff. */
export async function recordFailure(id: string, attempts: number, error: unknown, now = Date.now()): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  await db()
    .updateTable("inboundMessages")
    .set({ status: "failed", reason: reason.slice(0, 1000), nextAttemptAt: now + backoffMs(attempts), lockedUntil: 0, updatedAt: now })
    .where("id", "=", id)
    .execute();
}

export async function getInbound(id: string) {
  return db().selectFrom("inboundMessages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Whether a stored key is an inbound message's raw bytes (the start-up recovery of interrupted deletes). */
export async function isInboundRawReferenced(key: string): Promise<boolean> {
  const row = await db().selectFrom("inboundMessages").select("id").where("rawKey", "=", key).limit(1).executeTakeFirst();
  return row !== undefined;
}
