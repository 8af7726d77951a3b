import type { Kysely } from "kysely";
import type { DbDialect } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { writeTransaction } from "~/server/db/write-transaction.server";

/** How one outbox finds a due row and takes it (mail/claims.server.ts, webhooks/claims.server.ts). */
export interface ClaimSteps<Row> {
  /** The id of the oldest due row; `locked` (PostgreSQL): row-locked, skipping rows others hold. */
  pick(qb: Kysely<Database>, locked: boolean): Promise<{ id: string } | undefined>;
  /** Takes the row with a conditional UPDATE that checks it is still due; undefined if another worker was first. */
  take(qb: Kysely<Database>, id: string): Promise<Row | undefined>;
}

/**
 * Claims one due row of an outbox (decision 0006), so that two workers, in one process or in two
 * instances, never hold the same row. Undefined when none is due.
 */
export async function claimOne<Row>(database: Kysely<Database>, dialect: DbDialect, steps: ClaimSteps<Row>): Promise<Row | undefined> {
  if (dialect === "postgres") {
    // Row locks keep concurrent workers off the same row; SKIP LOCKED lets them take the next one.
    return database.transaction().execute(async (trx) => {
      const picked = await steps.pick(trx, true);
      return picked ? steps.take(trx, picked.id) : undefined;
    });
  }
  // SQLite: one conditional UPDATE is atomic (one writer at a time); when it changes nothing,
  // someone else won the row: try the next candidate.
  for (let tries = 0; tries < 5; tries++) {
    const picked = await steps.pick(database, false);
    if (!picked) return undefined;
    const row = await writeTransaction((trx) => steps.take(trx, picked.id), database);
    if (row) return row;
  }
  return undefined;
}
