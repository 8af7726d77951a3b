import type { Kysely, Selectable } from "kysely";
import { dbBool } from "~/server/db/boolean.server";
import type { DbDialect } from "~/server/db/db.server";
import type { Database, WebhookDeliveryTable } from "~/server/db/schema";
import { writeTransaction } from "~/server/db/write-transaction.server";

// The deliveries a worker claims, as the mail outbox claims its rows (decision 0006): a claim sets
// `lockedUntil` and counts the attempt before anything is sent, so two workers, in one process or
// in two instances, never send the same delivery at once, and one that dies mid-send leaves a row
// that becomes due again when its lock runs out.

/** A claimed delivery is ours this long: far more than one attempt's 10 s. */
export const LOCK_MS = 60_000;

export type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** Claims one due delivery of an enabled endpoint; undefined when none is due. */
export async function claimDelivery(
  database: Kysely<Database>,
  dialect: DbDialect,
  now: number,
  skip: ReadonlySet<string>,
): Promise<DeliveryRow | undefined> {
  const due = (qb: Kysely<Database>) =>
    qb
      .selectFrom("webhookDeliveries as d")
      .innerJoin("webhookEndpoints as e", "e.id", "d.endpointId")
      .select("d.id")
      .where("d.status", "=", "pending")
      .where("d.nextAttemptAt", "<=", now)
      .where("d.lockedUntil", "<", now)
      .where("e.enabled", "=", dbBool(true))
      .$if(skip.size > 0, (q) => q.where("d.id", "not in", [...skip]))
      .orderBy("d.nextAttemptAt")
      .limit(1);

  const lock = (qb: Kysely<Database>, id: string) =>
    qb
      .updateTable("webhookDeliveries")
      .set((eb) => ({
        lockedUntil: now + LOCK_MS,
        attempts: eb("attempts", "+", 1),
        firstAttemptAt: eb.fn.coalesce("firstAttemptAt", eb.val(now)),
      }))
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("nextAttemptAt", "<=", now)
      .where("lockedUntil", "<", now)
      .returningAll()
      .executeTakeFirst();

  if (dialect === "postgres") {
    // Row locks keep concurrent workers off the same row; SKIP LOCKED lets them take the next one.
    return database.transaction().execute(async (trx) => {
      const picked = await due(trx).forUpdate("d").skipLocked().executeTakeFirst();
      return picked ? lock(trx, picked.id) : undefined;
    });
  }
  // SQLite: one conditional UPDATE is atomic; when it changes nothing someone else won the row.
  for (let tries = 0; tries < 5; tries++) {
    const picked = await due(database).executeTakeFirst();
    if (!picked) return undefined;
    const row = await writeTransaction((trx) => lock(trx, picked.id), database);
    if (row) return row;
  }
  return undefined;
}
