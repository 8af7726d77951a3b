import { startLeasedSchedule } from "~/server/db/leased-schedule.server";
import { runRetention } from "./retention-run.server";

// RETENTION_SCHEDULE (cron, the server's time zone; decision 0049): one instance runs each
// occurrence, under the retention lease.

export function startRetentionSchedule(pattern: string, run = (slot: number) => runRetention({ slot })): { stop(): void } {
  return startLeasedSchedule(pattern, { name: "retention", run, describe: (result) => ({ ...result }) });
}
