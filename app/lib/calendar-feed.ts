// A person's calendar feed: what their account page shows of it, and the shape the ICS renderer
// draws (app/server/documents/calendar.server.ts). Dates are calendar dates (YYYY-MM-DD): a
// milestone or invoice is due on a day, not at an instant, so each entry is an all-day event.

export const CALENDAR_FEED_ACTION = "/account/calendar-feed";

/** The feed as its owner's account page shows it. */
export interface CalendarFeedView {
  url: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface CalendarEntry {
  /** Stable across fetches, so a calendar app updates the event instead of adding another. */
  uid: string;
  /** YYYY-MM-DD. */
  date: string;
  summary: string;
  description: string;
  url: string;
}

export interface CalendarDocument {
  /** The calendar's name in the subscriber's app. */
  name: string;
  entries: CalendarEntry[];
}
