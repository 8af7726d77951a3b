// Decision 0046: when a person's daily digest is due, in their own time zone.
// Pure functions of an instant (epoch ms), so tests drive them with a fake clock.
import { addDays } from "~/lib/calendar";
import { calendarDateIn, hourOnDateIn } from "~/lib/zoned-time";

export interface DigestSlot {
  /** The person's calendar date of the slot, YYYY-MM-DD: one digest per person per local date. */
  localDate: string;
  /** When the slot began (epoch ms): a digest takes what was held before it. */
  at: number;
}

/** The latest digest slot at or before `now`: today's at `hour` if it has come, else yesterday's. */
export function latestDigestSlot(now: number, { hour, timeZone }: { hour: number; timeZone: string }): DigestSlot {
  const today = calendarDateIn(now, timeZone);
  const todayAt = hourOnDateIn(today, hour, timeZone);
  if (todayAt <= now) return { localDate: today, at: todayAt };
  const yesterday = addDays(today, -1);
  return { localDate: yesterday, at: hourOnDateIn(yesterday, hour, timeZone) };
}
