import { sql, type Transaction } from "kysely";
import type { Database } from "./schema";
import { db, dialectOfDb, type Db } from "./db.server";

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Group {
  queue: Job[];
  scheduled: boolean;
}

const groups = new WeakMap<Db, Group>();

/**
 * Runs `work` in a write transaction and resolves once it is durably committed.
 *
 * SQLite commits one transaction at a time and, with synchronous=FULL, each commit waits for an
 * fsync that blocks the event loop: writes arriving together would queue behind one fsync each.
 * Here they share one transaction — group commit — each in its own savepoint, so one caller's
 * failure rolls back only its own work. PostgreSQL groups commits itself: each caller gets a plain
 * transaction there. Keep `work` to database statements: the whole group waits for it.
 */
export function writeTransaction<T>(work: Work<T>, database: Db = db()): Promise<T> {
  if (dialectOfDb(database) === "postgres") return database.transaction().execute(work);
  let group = groups.get(database);
  if (!group) {
    group = { queue: [], scheduled: false };
    groups.set(database, group);
  }
  const current = group;
  return new Promise<T>((resolve, reject) => {
    current.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    schedule(database, current);
  });
}

function schedule(database: Db, group: Group): void {
  if (group.scheduled) return;
  group.scheduled = true;
  // After the I/O callbacks of this turn: every request that arrived with this one joins it.
  setImmediate(() => void flush(database, group));
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

async function flush(database: Db, group: Group): Promise<void> {
  const batch = group.queue;
  group.queue = [];
  const outcomes: Outcome[] = [];
  try {
    await database.transaction().execute(async (trx) => {
      for (const job of batch) {
        await sql`savepoint grouped_write`.execute(trx);
        try {
          outcomes.push({ ok: true, value: await job.work(trx) });
        } catch (error) {
          await sql`rollback to grouped_write`.execute(trx);
          outcomes.push({ ok: false, error });
        }
        await sql`release grouped_write`.execute(trx);
      }
    });
    batch.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  } catch (error) {
    // The commit itself failed: nothing of the group was stored.
    for (const job of batch) job.reject(error);
  } finally {
    group.scheduled = false;
    // Writes that arrived during the commit form the next group.
    if (group.queue.length > 0) schedule(database, group);
  }
}
