import type { Kysely, Selectable, Updateable } from "kysely";
import type { DbDialect } from "~/server/db/db.server";
import type { Database, MailOutboxTable } from "~/server/db/schema";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { claimOne } from "~/server/events/claim-one.server";

// The outbox rows a worker claims, and how it lets go of them (decision 0006).

/** A claimed row is ours for this long; a crashed worker's rows become due again after it. */
export const LOCK_MS = 60_000;

export type OutboxRow = Selectable<MailOutboxTable>;

/**
 * Claims one due row: sets `lockedUntil` and counts the attempt up front (so a message that
 * crashes the process still runs out of attempts). Returns the row, or undefined when none is due.
 */
export async function claimNext(
  database: Kysely<Database>,
  dialect: DbDialect,
  now: number,
  skip: ReadonlySet<string>,
): Promise<OutboxRow | undefined> {
  return claimOne(database, dialect, {
    pick: (qb, locked) =>
      qb
        .selectFrom("mailOutbox")
        .select("id")
        .where("status", "=", "pending")
        .where("nextAttemptAt", "<=", now)
        .where("lockedUntil", "<", now)
        .$if(skip.size > 0, (q) => q.where("id", "not in", [...skip]))
        .$if(locked, (q) => q.forUpdate().skipLocked())
        .orderBy("nextAttemptAt")
        .limit(1)
        .executeTakeFirst(),
    take: (qb, id) =>
      qb
        .updateTable("mailOutbox")
        .set((eb) => ({ lockedUntil: now + LOCK_MS, attempts: eb("attempts", "+", 1) }))
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where("nextAttemptAt", "<=", now)
        .where("lockedUntil", "<", now)
        .returningAll()
        .executeTakeFirst(),
  });
}

/** What a sent row keeps of its message: the metadata (recipient, subject, key, times), no body. */
const PURGED_BODY = { textBody: "", htmlBody: null } as const;

/**
 * Ends a claim: records the outcome (sent, failed, or pending again) and frees the row. A sent
 * row loses its body: reset and sign-in links must not outlive the delivery; the row
 * stays, so its idempotency key still stops a second send. Grouped with concurrent writes
 * (submissions, other marks): one fsync for all of them on SQLite.
 */
export async function releaseClaim(
  database: Kysely<Database>,
  id: string,
  outcome: Pick<Updateable<MailOutboxTable>, "status" | "lastError" | "sentAt" | "nextAttemptAt">,
): Promise<void> {
  const body = outcome.status === "sent" ? PURGED_BODY : {};
  await writeTransaction(
    (trx) =>
      trx
        .updateTable("mailOutbox")
        .set({ ...outcome, ...body, lockedUntil: 0 })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .execute(),
    database,
  );
}
