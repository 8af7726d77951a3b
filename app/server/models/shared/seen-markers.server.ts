import { db } from "~/server/db/db.server";
import { logger } from "~/server/logger.server";

// Decision 0039: when a member last saw something, for the portal's "Waiting on
// you". One row per person and subject; a marker only ever moves forward.

/** A support request's marker: its staff replies up to this time have been read. */
export const complaintSubject = (complaintId: string) => `complaint:${complaintId}`;

/** The portal's "since your last visit" line: the previous visit's last look at the first screen. */
const PORTAL_SINCE = "portal";
/** The current visit's latest look at the first screen. */
const PORTAL_LAST_LOOK = "portal:visit";

/** A visit ends after this long without opening the portal's first screen (the usual web "session"). */
export const VISIT_GAP_MS = 30 * 60_000;
/**
 * A look at the first screen within this long of the last one recorded is not written again: the
 * page stays a read (no write, no disk flush, per view), and a visit's end moves by at most this
 * much of its 30-minute gap (decision 0107).
 */
export const LAST_LOOK_PRECISION_MS = 60_000;
/** A member's first visit counts staff files of this many days as new. */
export const FIRST_VISIT_LOOKBACK_MS = 14 * 86_400_000;

/** Marks `subjects` seen at `at` for the person; an older time never overwrites a newer one. */
export async function markSeen(userId: string, subjects: string[], at = Date.now()): Promise<void> {
  // In slices: SQLite binds at most 32,766 values per statement.
  for (let i = 0; i < subjects.length; i += MARK_BATCH) await markBatch(userId, subjects.slice(i, i + MARK_BATCH), at);
}

const MARK_BATCH = 500;

async function markBatch(userId: string, subjects: string[], at: number): Promise<void> {
  await db()
    .insertInto("seenMarkers")
    .values(subjects.map((subject) => ({ userId, subject, seenAt: at })))
    .onConflict((oc) =>
      oc
        .columns(["userId", "subject"])
        .doUpdateSet({ seenAt: (eb) => eb.ref("excluded.seenAt") })
        .where("seenMarkers.seenAt", "<", at),
    )
    .execute();
}

/** The person's markers among `subjects`, by subject. */
export async function seenTimes(userId: string, subjects: string[]): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  // In slices, as markSeen writes them.
  for (let i = 0; i < subjects.length; i += MARK_BATCH) {
    const rows = await db()
      .selectFrom("seenMarkers")
      .select(["subject", "seenAt"])
      .where("userId", "=", userId)
      .where("subject", "in", subjects.slice(i, i + MARK_BATCH))
      .execute();
    for (const row of rows) seen.set(row.subject, Number(row.seenAt));
  }
  return seen;
}

/**
 * Records a look at the portal's first screen and answers since when files count as new: the last
 * look of the member's previous visit. Within a visit the answer stays the same, so what was new
 * when they arrived stays listed until they come back after a break of VISIT_GAP_MS.
 */
export async function portalVisitSince(userId: string, now = Date.now()): Promise<number> {
  const seen = await seenTimes(userId, [PORTAL_SINCE, PORTAL_LAST_LOOK]);
  const lastLook = seen.get(PORTAL_LAST_LOOK);
  const newVisit = lastLook === undefined || now - lastLook >= VISIT_GAP_MS;
  const since = newVisit ? (lastLook ?? now - FIRST_VISIT_LOOKBACK_MS) : (seen.get(PORTAL_SINCE) ?? now - FIRST_VISIT_LOOKBACK_MS);
  if (newVisit) await markSeen(userId, [PORTAL_SINCE], since);
  if (newVisit || lastLook === undefined || now - lastLook >= LAST_LOOK_PRECISION_MS) await markSeen(userId, [PORTAL_LAST_LOOK], now);
  return since;
}

/**
 * The Support panel showed these requests' replies to the member: they are read. Never fails the
 * page that calls it (the list matters more than the marker); a failure is logged.
 */
export async function markRepliesRead(
  userId: string,
  complaints: { id: string; lastStaffReplyAt: number | null }[],
  at: number,
): Promise<void> {
  try {
    // Only a request with a staff reply newer than its marker moves it: "Waiting on you" counts the
    // staff replies after the marker, so moving any other changes no count, and a look at the list
    // with nothing new writes nothing (it was a write per request on every GET).
    const answered = complaints.filter((c) => c.lastStaffReplyAt !== null);
    const seen = await seenTimes(
      userId,
      answered.map((c) => complaintSubject(c.id)),
    );
    const unread = answered.filter((c) => c.lastStaffReplyAt! > (seen.get(complaintSubject(c.id)) ?? 0));
    await markSeen(
      userId,
      unread.map((c) => complaintSubject(c.id)),
      at,
    );
  } catch (error) {
    logger.warn({ err: error }, "support replies could not be marked read");
  }
}
