// Decision 0046: when a person's daily digest is due, in their own time zone.
// Pure functions of an instant (epoch ms), so tests drive them with a fake clock.

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function localTime(instant: number, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

/** How far the zone's wall clock is ahead of UTC at `instant` (ms, whole minutes). */
function offsetAt(instant: number, timeZone: string): number {
  const t = localTime(instant, timeZone);
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute) - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The first instant at which the zone's clock shows `hour`:00 on that date. On a spring-forward
 * day whose gap swallows the hour (e.g. 02:00 in Europe/Berlin), the moment the clock jumps past it;
 * on a fall-back day that shows the hour twice, the first time.
 */
export function zonedInstant(timeZone: string, year: number, month: number, day: number, hour: number): number {
  const wall = Date.UTC(year, month - 1, day, hour);
  const candidates = new Set<number>();
  // Both offsets around the date: the one before and the one after a change on that day.
  for (const probe of [wall - 86_400_000, wall, wall + 86_400_000]) candidates.add(wall - offsetAt(probe, timeZone));
  const exact = [...candidates].filter((at) => {
    const t = localTime(at, timeZone);
    return t.year === year && t.month === month && t.day === day && t.hour === hour && t.minute === 0;
  });
  if (exact.length > 0) return Math.min(...exact);
  // The hour does not exist that day: the clock jumps over it at the change.
  return Math.min(...[...candidates].filter((at) => localTime(at, timeZone).hour > hour || localTime(at, timeZone).day !== day));
}

const pad = (n: number) => String(n).padStart(2, "0");

export interface DigestSlot {
  /** The person's calendar date of the slot, YYYY-MM-DD: one digest per person per local date. */
  localDate: string;
  /** When the slot began (epoch ms): a digest takes what was held before it. */
  at: number;
}

/** The latest digest slot at or before `now`: today's at `hour` if it has come, else yesterday's. */
export function latestDigestSlot(now: number, schedule: { hour: number; timeZone: string }): DigestSlot {
  const today = localTime(now, schedule.timeZone);
  const todayAt = zonedInstant(schedule.timeZone, today.year, today.month, today.day, schedule.hour);
  if (todayAt <= now) return { localDate: `${today.year}-${pad(today.month)}-${pad(today.day)}`, at: todayAt };
  const y = new Date(Date.UTC(today.year, today.month - 1, today.day - 1));
  const [year, month, day] = [y.getUTCFullYear(), y.getUTCMonth() + 1, y.getUTCDate()];
  return { localDate: `${year}-${pad(month)}-${pad(day)}`, at: zonedInstant(schedule.timeZone, year, month, day, schedule.hour) };
}
