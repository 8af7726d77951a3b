import type { Kysely, Selectable } from "kysely";
import { dbBool } from "~/server/db/boolean.server";
import type { DbDialect } from "~/server/db/db.server";
import type { Database, WebhookDeliveryTable } from "~/server/db/schema";
import { claimOne } from "~/server/events/claim-one.server";

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
  return claimOne(database, dialect, {
    pick: (qb, locked) =>
      qb
        .selectFrom("webhookDeliveries as d")
        .innerJoin("webhookEndpoints as e", "e.id", "d.endpointId")
        .select("d.id")
        .where("d.status", "=", "pending")
        .where("d.nextAttemptAt", "<=", now)
        .where("d.lockedUntil", "<", now)
        .where("e.enabled", "=", dbBool(true))
        .$if(skip.size > 0, (q) => q.where("d.id", "not in", [...skip]))
        .$if(locked, (q) => q.forUpdate("d").skipLocked())
        .orderBy("d.nextAttemptAt")
        .limit(1)
        .executeTakeFirst(),
    take: (qb, id) =>
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
        .executeTakeFirst(),
  });
}
