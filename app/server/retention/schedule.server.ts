import { Cron } from "croner";
import { logger } from "~/server/logger.server";
import { runRetention } from "./run.server";

// RETENTION_SCHEDULE (cron, the server's time zone; decision 0049): as the scheduled backup, every
// instance keeps the timer and at each occurrence they race for the retention lease with that
// occurrence as its slot; one runs it, the others skip it.

export function startRetentionSchedule(pattern: string, run = (slot: number) => runRetention({ slot })): { stop(): void } {
  // The occurrence as scheduled (not when the timer fired): the same slot on every instance.
  let upcoming: Date | null = null;
  const job = new Cron(pattern, { protect: true }, async () => {
    const occurrence = (upcoming ?? new Date()).getTime();
    upcoming = job.nextRun();
    try {
      const result = await run(occurrence);
      if (result) logger.info({ ...result }, "retention run finished");
      else logger.info({ occurrence: new Date(occurrence).toISOString() }, "retention run taken by another instance");
    } catch (error) {
      logger.error({ err: error }, "retention run failed");
    }
  });
  upcoming = job.nextRun();
  logger.info({ schedule: pattern, next: upcoming?.toISOString() }, "retention scheduled");
  return { stop: () => job.stop() };
}
