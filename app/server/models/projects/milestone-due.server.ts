import { addDays } from "~/lib/calendar";
import { agencyToday } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { logger } from "~/server/logger.server";
import { recordJobRun } from "~/server/metrics.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { notifyMilestoneDue } from "../notifications/events.server";
import { publishNotified } from "../notifications/notifications.server";

// Decision 0041: "milestone due" is nobody's action, so a sweep finds it. A milestone not
// Done whose due date is tomorrow or today (the agency's calendar dates, as overdue marks use) is told
// to its company's members: the day before, or on the day if no instance ran the day before. The
// event key `milestone-due:{id}:{dueDate}` makes it once per milestone and date across instances
// and restarts; a moved due date is a new event.

const HOUR = 3_600_000;

/** Notifies the members of every milestone falling due; returns how many people were told. */
export async function sweepMilestonesDue(now = Date.now()): Promise<number> {
  const today = await agencyToday(now);
  const due = await db()
    .selectFrom("milestones as m")
    .innerJoin("projects as p", "p.id", "m.projectId")
    .select(["m.id", "m.title", "m.dueDate", "m.projectId", "p.title as projectTitle", "p.companyId"])
    .where("m.status", "!=", "done")
    .where("m.dueDate", ">=", today)
    .where("m.dueDate", "<=", addDays(today, 1))
    .where("p.archivedAt", "is", null)
    .where("p.companyId", "is not", null)
    .execute();
  let told = 0;
  for (const row of due) {
    const milestone = { ...row, dueDate: row.dueDate!, companyId: row.companyId! };
    const notified = await writeTransaction((trx) => notifyMilestoneDue(trx, milestone, now));
    publishNotified(notified);
    told += notified.length;
  }
  if (told > 0) notifyMailEnqueued();
  return told;
}

/** Runs the sweep now and every hour; `stop()` ends it. */
export function startMilestoneDueSweep(every = HOUR): { stop(): void } {
  const run = () =>
    void sweepMilestonesDue().then(
      () => recordJobRun("milestone-due", "success"),
      (error: unknown) => {
        recordJobRun("milestone-due", "failure");
        logger.error({ err: error }, "milestone due sweep failed");
      },
    );
  run();
  const timer = setInterval(run, every);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
