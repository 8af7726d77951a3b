import { addDays } from "./calendar";

// Wall-clock dates and times in an IANA zone, with Intl only: the zone's offsets come from
// formatting an instant in it, never from a table of our own. Pure functions of an instant (epoch
// ms), so tests drive them with a fixed clock. Used for the agency's "today" (overdue marks, due
// soon), its week starts, valid-through days and file names, and for digest slots (decision 0046).

export interface LocalTime {
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

/** What the zone's clock and calendar show at `instant`. */
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

const pad = (n: number) => String(n).padStart(2, "0");

/** The zone's calendar date at `instant`, YYYY-MM-DD: "today" there. */
export function calendarDateIn(instant: number, timeZone: string): string {
  const t = localTime(instant, timeZone);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
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

function parts(date: string): [number, number, number] {
  const [year, month, day] = date.split("-").map(Number);
  return [year!, month!, day!];
}

/** When the zone's clock first shows `hour`:00 on the calendar date (YYYY-MM-DD); see zonedInstant. */
export function hourOnDateIn(date: string, hour: number, timeZone: string): number {
  return zonedInstant(timeZone, ...parts(date), hour);
}

/** When the calendar date (YYYY-MM-DD) begins in the zone: its first instant. */
export function startOfDayIn(date: string, timeZone: string): number {
  return hourOnDateIn(date, 0, timeZone);
}

/** The last millisecond of the calendar date in the zone: a day's end, "through" it inclusive. */
export function endOfDayIn(date: string, timeZone: string): number {
  return startOfDayIn(addDays(date, 1), timeZone) - 1;
}

/** The Monday (YYYY-MM-DD) of the zone's Monday-to-Sunday week holding `instant`. */
export function mondayIn(instant: number, timeZone: string): string {
  const today = calendarDateIn(instant, timeZone);
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(today, -sinceMonday);
}
