import { startLeasedSchedule } from "~/server/db/leased-schedule.server";
import { getEnv } from "~/server/env.server";
import { runBackup, type BackupResult } from "./backup.server";
import { destinationFor } from "./config.server";

// BACKUP_SCHEDULE (cron syntax, in the agency's time zone: Settings → Time and place): every instance keeps the timer, and at
// each occurrence they race for the backup lease with that occurrence as its slot; the first wins
// and the others skip it (runBackup returns null), even if their clocks or timers lag behind.

export function startBackupSchedule(
  pattern: string,
  backup: (slot: number) => Promise<BackupResult | null>,
  timeZone?: string,
): { stop(): void } {
  return startLeasedSchedule(pattern, {
    timeZone,
    name: "backups",
    run: backup,
    describe: (result) => ({ backup: result.name, files: result.files, bytes: result.bytes, ms: result.ms, pruned: result.pruned }),
  });
}

/** The app's scheduled backups from BACKUP_SCHEDULE, BACKUP_URL and BACKUP_KEEP (server/app.ts). */
export function startScheduledBackups(pattern: string, timeZone?: string): { stop(): void } {
  return startBackupSchedule(
    pattern,
    async (slot) => runBackup({ destination: await destinationFor(), keep: getEnv().BACKUP_KEEP, slot }),
    timeZone,
  );
}
