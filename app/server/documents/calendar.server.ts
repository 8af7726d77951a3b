import ical from "ical-generator";
import type { CalendarDocument } from "~/lib/calendar-feed";

// The calendar feed's ICS text, by ical-generator (escaping, folding, VTIMEZONE-free all-day
// dates). Each entry is an all-day event on its date; its UID is the entry's, so a subscriber's
// app updates an event when a due date moves.

/** "2026-12-01" → the date's own midnight in UTC; with `floating` the app shows it as that day anywhere. */
function dayOf(date: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

export function renderCalendar(document: CalendarDocument, now = Date.now()): string {
  const calendar = ical({ name: document.name, prodId: { company: "agency-portal", product: "calendar-feed" }, ttl: 60 * 60 });
  for (const entry of document.entries) {
    calendar.createEvent({
      id: entry.uid,
      start: dayOf(entry.date),
      allDay: true,
      floating: true,
      stamp: new Date(now),
      summary: entry.summary,
      description: entry.description,
      url: entry.url,
    });
  }
  return calendar.toString();
}
