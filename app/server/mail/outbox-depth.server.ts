import type { Kysely } from "kysely";
import { db } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import type { OutboxDepth } from "~/server/metrics.server";

/**
 * How many mails wait in the outbox, how many failed for good, and since when the oldest waits:
 * read at each metrics scrape (one grouped query on the status index). Held digest rows are
 * neither: they wait for their person's digest, not for the worker.
 */
export async function readOutboxDepth(database: Kysely<Database> = db()): Promise<OutboxDepth> {
  const rows = await database
    .selectFrom("mailOutbox")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count"), eb.fn.min("createdAt").as("oldest")])
    .where("status", "in", ["pending", "failed"])
    .groupBy("status")
    .execute();
  const pending = rows.find((row) => row.status === "pending");
  const failed = rows.find((row) => row.status === "failed");
  return {
    pending: Number(pending?.count ?? 0),
    failed: Number(failed?.count ?? 0),
    oldestPendingAt: pending?.oldest == null ? null : Number(pending.oldest),
  };
}
