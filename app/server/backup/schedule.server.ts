import { Cron } from "croner";
import { logger } from "~/server/logger.server";
import { getEnv } from "~/server/env.server";
import { runBackup, type BackupResult } from "./backup.server";
import { destinationFor } from "./config.server";

// BACKUP_SCHEDULE (cron syntax, the server's time zone): every instance keeps the timer, and at
// each occurrence they race for the backup lease with that occurrence as its slot; the first wins
// and the others skip it (runBackup returns null), even if their clocks or timers lag behind.

export function startBackupSchedule(pattern: string, backup: (slot: number) => Promise<BackupResult | null>): { stop(): void } {
  // The occurrence each run is for, as scheduled (not when the timer fired): the same number on
  // every instance, whatever their timers' lag.
  let upcoming: Date | null = null;
  const job = new Cron(pattern, { protect: true }, async () => {
    const occurrence = (upcoming ?? new Date()).getTime();
    upcoming = job.nextRun();
    try {
      const result = await backup(occurrence);
      if (result) {
        logger.info({ backup: result.name, files: result.files, bytes: result.bytes, ms: result.ms, pruned: result.pruned }, "scheduled backup written");
      } else {
        logger.info({ occurrence: new Date(occurrence).toISOString() }, "scheduled backup run by another instance");
      }
    } catch (error) {
      logger.error({ err: error }, "scheduled backup failed");
    }
  });
  upcoming = job.nextRun();
  logger.info({ schedule: pattern, next: upcoming?.toISOString() }, "backups scheduled");
  return { stop: () => job.stop() };
}

/** The app's scheduled backups from BACKUP_SCHEDULE, BACKUP_URL and BACKUP_KEEP (server/app.ts). */
export function startScheduledBackups(pattern: string): { stop(): void } {
  return startBackupSchedule(pattern, async (slot) => runBackup({ destination: await destinationFor(), keep: getEnv().BACKUP_KEEP, slot }));
}
