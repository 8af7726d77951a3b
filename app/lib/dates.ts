import { DEFAULT_PLACE, type Zoned } from "./place";

// Dates as people read them: in the viewer's zone and the agency's locale, with Intl (no zone
// math of our own). Pages pass the `Zoned` the root loader sent (useDates in use-place.ts), so the
// server's HTML and the browser's render agree; mails pass the recipient's.

const formats = new Map<string, Intl.DateTimeFormat>();

function format(kind: "date" | "dateTime" | "calendar", { timeZone, locale }: Zoned): Intl.DateTimeFormat {
  const key = `${kind}|${locale}|${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    f =
      kind === "dateTime"
        ? // Spelled out, not dateStyle/timeStyle, which cannot carry the zone's name.
          new Intl.DateTimeFormat(locale, {
            timeZone,
            day: "numeric",
            month: "short",
            year: "numeric",
            hour: "2-digit",
            minute: "2-digit",
            timeZoneName: "short",
          })
        : // A calendar date (YYYY-MM-DD) names a day, not an instant: read and written in UTC.
          new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: kind === "calendar" ? "UTC" : timeZone });
    formats.set(key, f);
  }
  return f;
}

/** "25 Nov 2026": the day the instant falls on in the zone. */
export function formatDate(epochMs: number, zoned: Zoned = DEFAULT_PLACE): string {
  return format("date", zoned).format(epochMs);
}

/** "25 Nov 2026, 15:00 GMT+5:30" / "25 Nov 2026, 03:00 pm IST": the zone's name where a time is shown. */
export function formatDateTime(epochMs: number, zoned: Zoned = DEFAULT_PLACE): string {
  return format("dateTime", zoned).format(epochMs);
}

/** A stored calendar date (YYYY-MM-DD) in the locale's style; the text as given if it is not one. */
export function formatCalendarDate(date: string, locale: string = DEFAULT_PLACE.locale): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? date : format("calendar", { timeZone: "UTC", locale }).format(ms);
}

const numbers = new Map<string, Intl.NumberFormat>();
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** 1234567 → "1,234,567" (en-GB), "12,34,567" (en-IN), "1.234.567" (de-DE). */
export function formatNumber(value: number, locale: string = DEFAULT_PLACE.locale): string {
  let f = numbers.get(locale);
  if (!f) numbers.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(value);
}

/** An amount in the agency's currency, in the locale's style ("₹12,34,567.50"). */
export function formatMoney(value: number, { locale, currency }: { locale: string; currency: string }): string {
  const key = `${locale}|${currency}`;
  let f = moneyFormats.get(key);
  if (!f) moneyFormats.set(key, (f = new Intl.NumberFormat(locale, { style: "currency", currency })));
  return f.format(value);
}

export function isoDate(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
