import { newId } from "~/lib/ids";
import type { Actor } from "~/server/auth/actor.server";
import { db, type Trx } from "~/server/db/db.server";
import { newLeaseHolder, releaseLease, renewLease, takeLease } from "~/server/db/leases.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { logger } from "~/server/logger.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import { noteStoredBeforeCommit } from "~/server/models/privacy/erasure-files.server";
import { deleteStoredAfterCommit, eraseInTransaction } from "~/server/models/privacy/erasure.server";
import { purgeInboundOriginal } from "~/server/models/privacy/erasure-inbound.server";
import type { ResumeIntent } from "~/server/uploads/resume-intents.server";
import { listRetentionCandidates, type RetentionCandidate, type RetentionKind } from "~/server/models/privacy/retention.server";

// Decision 0049: one retention run on one instance (a lease, one slot per
// scheduled day). Each record is erased in its own transaction, which also adds it to the run's
// counts, so a crash loses at most the record under way, whose rows are then still all there. The
// next run adopts a run left unfinished, finishes the list and writes the single audit entry.

export const RETENTION_LEASE = "retention";
const LEASE_TTL_MS = 10 * 60_000;
const RENEW_EVERY_MS = 60_000;

/** Who a scheduled run is recorded as in the audit log. */
export const RETENTION_ACTOR: Actor = { id: "system:retention", email: "scheduled retention", name: "Scheduled retention" };

const COUNTER: Record<RetentionKind, "applications" | "leads" | "companies" | "inboundMails"> = {
  application: "applications",
  lead: "leads",
  company: "companies",
  inbound: "inboundMails",
};

export interface RetentionRunOptions {
  now?: number;
  holder?: string;
  /** The scheduled occurrence (epoch ms); absent for "Run now". */
  slot?: number;
  /** The admin behind "Run now"; absent for the schedule. */
  actor?: Actor;
  /** Called after each record's commit (tests stop a run there as a crash would). */
  afterEach?: (candidate: RetentionCandidate) => void | Promise<void>;
}

export interface RetentionRunResult {
  runId: string;
  /** Whether it finished a run an earlier, interrupted one had started. */
  resumed: boolean;
  applications: number;
  leads: number;
  companies: number;
  files: number;
  /** Inbound mails whose originals were removed. */
  inboundMails: number;
  /** Records that could not be erased this time (logged; still due next run). */
  failed: number;
}

/** Runs retention once; null when another instance has this slot or holds the lease. */
export async function runRetention(options: RetentionRunOptions = {}): Promise<RetentionRunResult | null> {
  const now = options.now ?? Date.now();
  const holder = options.holder ?? newLeaseHolder();
  if (!(await takeLease(RETENTION_LEASE, { holder, ttlMs: LEASE_TTL_MS, now, slot: options.slot }))) return null;
  const run = await openRun(options.actor, now);
  let failed = 0;
  let renewed = Date.now();
  for (const candidate of await listRetentionCandidates(now)) {
    if (Date.now() - renewed > RENEW_EVERY_MS) {
      if (!(await renewLease(RETENTION_LEASE, holder, LEASE_TTL_MS))) throw new Error("retention: the lease was lost mid-run");
      renewed = Date.now();
    }
    if (!(await eraseCandidate(run.id, candidate, now))) failed++;
    await options.afterEach?.(candidate);
  }
  const result = await closeRun(run.id, options.actor, now, run.resumed);
  await releaseLease(RETENTION_LEASE, holder);
  return { ...result, failed };
}

/** The run an interrupted one left unfinished (the lease says nobody else runs it), or a new one. */
async function openRun(actor: Actor | undefined, now: number): Promise<{ id: string; resumed: boolean }> {
  return writeTransaction(async (trx) => {
    const unfinished = await trx
      .selectFrom("retentionRuns")
      .select("id")
      .where("finishedAt", "is", null)
      .orderBy("startedAt")
      .executeTakeFirst();
    if (unfinished) return { id: unfinished.id, resumed: true };
    const id = newId();
    await trx
      .insertInto("retentionRuns")
      .values({ id, trigger: actor ? "manual" : "schedule", actorId: actor?.id ?? null, startedAt: now, finishedAt: null })
      .execute();
    return { id, resumed: false };
  });
}

/** Erases one record and counts it, in one transaction; its stored bytes go after the commit. */
async function eraseCandidate(runId: string, candidate: RetentionCandidate, now: number): Promise<boolean> {
  let intent: ResumeIntent | undefined;
  let keys: string[];
  try {
    keys = await writeTransaction(async (trx) => {
      const { found, storageKeys } = await eraseCandidateRows(trx, candidate, now);
      // Gone already (a staff erasure, another run): nothing to count.
      if (!found) return [];
      const counter = COUNTER[candidate.kind];
      await trx
        .updateTable("retentionRuns")
        .set((eb) => ({ [counter]: eb(counter, "+", 1), files: eb("files", "+", storageKeys.length) }))
        .where("id", "=", runId)
        .execute();
      // Noted before the commit: after a crash the start-up recovery deletes the keys no row
      // references any more, so the bytes never outlive their rows (and live ones are kept).
      if (intent) await intent.note(storageKeys);
      else intent = await noteStoredBeforeCommit(storageKeys);
      return storageKeys;
    });
  } catch (error) {
    // Rolled back: the rows still reference their bytes.
    await intent?.clear().catch(() => undefined);
    logger.error({ err: error, kind: candidate.kind, id: candidate.id }, "retention: erasing a record failed");
    return false;
  }
  // Idempotent and retried (by the next call, or from the intent at the next start).
  await deleteStoredAfterCommit(keys, intent).catch((error: unknown) =>
    logger.warn({ err: error }, "retention: stored files left for the retry"),
  );
  return true;
}

/** The candidate's rows erased (an inbound mail: its original purged); the store keys to delete. */
async function eraseCandidateRows(trx: Trx, candidate: RetentionCandidate, now: number) {
  if (candidate.kind !== "inbound") return eraseInTransaction(trx, { kind: candidate.kind, id: candidate.id }, "delete", now);
  const keys = await purgeInboundOriginal(trx, candidate.id, now);
  return { found: keys !== null, storageKeys: keys ?? [] };
}

/** Marks the run finished and writes its one audit entry, with the counts, together. */
async function closeRun(
  runId: string,
  actor: Actor | undefined,
  now: number,
  resumed: boolean,
): Promise<Omit<RetentionRunResult, "failed">> {
  return writeTransaction(async (trx) => {
    // Only the first to finish it audits (a holder that stalled past its lease may finish too).
    const closed = await trx
      .updateTable("retentionRuns")
      .set({ finishedAt: now })
      .where("id", "=", runId)
      .where("finishedAt", "is", null)
      .executeTakeFirst();
    const row = await trx.selectFrom("retentionRuns").selectAll().where("id", "=", runId).executeTakeFirstOrThrow();
    const counts = {
      applications: Number(row.applications),
      leads: Number(row.leads),
      companies: Number(row.companies),
      files: Number(row.files),
      inboundMails: Number(row.inboundMails),
    };
    if (Number(closed.numUpdatedRows) === 1) {
      await recordAudit(
        trx,
        actor ?? RETENTION_ACTOR,
        { action: "retention.run", entity: "retention", entityId: runId, detail: { ...counts, trigger: row.trigger, resumed } },
        now,
      );
    }
    return { runId, resumed, ...counts };
  });
}

/** The last finished run, for the console page. */
export async function lastRetentionRun(): Promise<
  | {
      finishedAt: number;
      applications: number;
      leads: number;
      companies: number;
      files: number;
      inboundMails: number;
      trigger: string;
    }
  | undefined
> {
  const row = await db()
    .selectFrom("retentionRuns")
    .select(["finishedAt", "applications", "leads", "companies", "files", "inboundMails", "trigger"])
    .where("finishedAt", "is not", null)
    .orderBy("finishedAt", "desc")
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    finishedAt: Number(row.finishedAt),
    applications: Number(row.applications),
    leads: Number(row.leads),
    companies: Number(row.companies),
    files: Number(row.files),
    inboundMails: Number(row.inboundMails),
    trigger: row.trigger,
  };
}
