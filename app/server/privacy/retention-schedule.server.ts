import { startLeasedSchedule } from "~/server/db/leased-schedule.server";
import { runRetention } from "./retention-run.server";

// RETENTION_SCHEDULE (cron, in the agency's time zone: Settings → Time and place; decision 0049): one instance runs each
// occurrence, under the retention lease.

export function startRetentionSchedule(
  pattern: string,
  run = (slot: number) => runRetention({ slot }),
  timeZone?: string,
): { stop(): void } {
  return startLeasedSchedule(pattern, { name: "retention", run, timeZone, describe: (result) => ({ ...result }) });
}
