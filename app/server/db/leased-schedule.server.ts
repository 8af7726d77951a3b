import { Cron } from "croner";
import { logger } from "~/server/logger.server";
import { recordJobRun } from "~/server/metrics.server";

// A cron job that runs on one instance per occurrence (the scheduled backup, the retention run):
// every instance keeps the timer, and at each occurrence `run` races for its lease with that
// occurrence as the slot (takeLease in leases.server.ts); the winner returns a result, the others
// null. The slot is the occurrence as scheduled, not when the timer fired, so it is the same
// number on every instance whatever their timers' lag.
// The pattern is read in `timeZone` (the agency's, Settings → Time and place): "0 2 * * *" is 02:00
// there. croner finds the occurrences with Intl; on the day a clock jumps over the hour the run
// comes at the jump, and on the day it shows the hour twice it runs at the first.

interface LeasedSchedule<T> {
  /** For the logs and the job metrics: "backups", "retention". */
  name: string;
  run: (slot: number) => Promise<T | null>;
  /** What to log of a finished run. */
  describe: (result: T) => Record<string, unknown>;
  /** IANA zone the pattern is read in; the process's own zone when left out. */
  timeZone?: string;
}

/** The pattern's first occurrence after `after` (epoch ms) in `timeZone`; null if it has none. */
export function nextOccurrence(pattern: string, after: number, timeZone?: string): number | null {
  const job = new Cron(pattern, { paused: true, timezone: timeZone });
  const next = job.nextRun(new Date(after));
  job.stop();
  return next ? next.getTime() : null;
}

export function startLeasedSchedule<T>(pattern: string, { name, run, describe, timeZone }: LeasedSchedule<T>): { stop(): void } {
  let upcoming: Date | null = null;
  const job = new Cron(pattern, { protect: true, timezone: timeZone }, async () => {
    const occurrence = (upcoming ?? new Date()).getTime();
    upcoming = job.nextRun();
    try {
      const result = await run(occurrence);
      recordJobRun(name, result ? "success" : "skipped");
      if (result) logger.info({ job: name, ...describe(result) }, `${name}: scheduled run finished`);
      else logger.info({ job: name, occurrence: new Date(occurrence).toISOString() }, `${name}: run taken by another instance`);
    } catch (error) {
      recordJobRun(name, "failure");
      logger.error({ err: error, job: name }, `${name}: scheduled run failed`);
    }
  });
  upcoming = job.nextRun();
  logger.info({ job: name, schedule: pattern, timeZone, next: upcoming?.toISOString() }, `${name} scheduled`);
  return { stop: () => job.stop() };
}
