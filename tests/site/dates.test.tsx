import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { CalendarTime, Time } from "~/components/time";
import { formatCalendarDate, formatDate, formatDateTime, formatMoney, formatNumber } from "~/lib/dates";
import { canonicalLocale, DEFAULT_PLACE, isCurrency, isLocale, isTimeZone } from "~/lib/place";
import { PlaceContext } from "~/lib/use-place";
import { nextOccurrence } from "~/server/db/leased-schedule.server";

// Dates in the viewer's zone and the agency's locale (Settings → Time and place), with Intl only.
// ICU puts narrow and no-break spaces in some formats; the tests read them as plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");
const AT = Date.UTC(2026, 10, 25, 9, 30);

describe("formatting", () => {
  test("Without settings a date and time reads as it always did: British, in UTC, named UTC", () => {
    expect(formatDateTime(AT)).toBe("25 Nov 2026, 09:30 UTC");
    expect(formatDate(AT)).toBe("25 Nov 2026");
    expect(formatCalendarDate("2026-11-24")).toBe("24 Nov 2026");
    expect(DEFAULT_PLACE).toEqual({ timeZone: "UTC", locale: "en-GB", currency: "INR" });
  });

  test.each([
    ["Asia/Kolkata", "en-IN", "25 Nov 2026, 03:00 pm IST"],
    ["America/New_York", "en-US", "Nov 25, 2026, 04:30 AM EST"],
    ["Europe/Berlin", "de-DE", "25. Nov. 2026, 10:30 MEZ"],
    ["Asia/Tokyo", "en-GB", "25 Nov 2026, 18:30 GMT+9"],
  ])("In %s with %s the same instant reads %s", (timeZone, locale, expected) => {
    expect(plain(formatDateTime(AT, { timeZone, locale }))).toBe(expected);
  });

  test("The day is the viewer's: 20:00 UTC is already the next day in Kolkata and Tokyo, not in New York", () => {
    const evening = Date.UTC(2026, 10, 25, 20, 0);
    expect(formatDate(evening, { timeZone: "Asia/Kolkata", locale: "en-IN" })).toBe("26 Nov 2026");
    expect(formatDate(evening, { timeZone: "America/New_York", locale: "en-US" })).toBe("Nov 25, 2026");
  });

  test("Across Berlin's spring change the clock jumps from 01:59 CET to 03:00 CEST, and in autumn 02:30 comes twice", () => {
    const berlin = { timeZone: "Europe/Berlin", locale: "en-GB" };
    expect(formatDateTime(Date.UTC(2026, 2, 29, 0, 59), berlin)).toBe("29 Mar 2026, 01:59 CET");
    expect(formatDateTime(Date.UTC(2026, 2, 29, 1, 0), berlin)).toBe("29 Mar 2026, 03:00 CEST");
    expect(formatDateTime(Date.UTC(2026, 9, 25, 0, 30), berlin)).toBe("25 Oct 2026, 02:30 CEST");
    expect(formatDateTime(Date.UTC(2026, 9, 25, 1, 30), berlin)).toBe("25 Oct 2026, 02:30 CET");
  });

  test("A calendar date names a day in no zone; only the locale changes how it reads", () => {
    expect(formatCalendarDate("2026-11-24", "de-DE")).toBe("24.11.2026");
    expect(formatCalendarDate("2026-11-24", "en-US")).toBe("Nov 24, 2026");
    expect(formatCalendarDate("not a date", "en-US")).toBe("not a date");
  });

  test("Numbers and amounts follow the locale: lakh grouping in en-IN, dots in de-DE", () => {
    expect(formatNumber(1234567.5, "en-IN")).toBe("12,34,567.5");
    expect(formatNumber(1234567.5, "de-DE")).toBe("1.234.567,5");
    expect(formatNumber(1234567.5, "en-GB")).toBe("1,234,567.5");
    expect(plain(formatMoney(1234567.5, { locale: "en-IN", currency: "INR" }))).toBe("₹12,34,567.50");
    expect(plain(formatMoney(1234.5, { locale: "de-DE", currency: "EUR" }))).toBe("1.234,50 €");
  });

  test("Zones, locales and currencies are the ones Intl knows", () => {
    for (const zone of ["UTC", "Asia/Kolkata", "Asia/Calcutta", "Europe/Berlin", "America/Argentina/Buenos_Aires"])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ["Mars/Olympus", "", "+05:30", "Europe/Berlin; drop table", "../../etc"]) expect(isTimeZone(zone)).toBe(false);
    for (const locale of ["en-IN", "en-US", "en-GB", "de-DE", "en-in"]) expect(isLocale(locale)).toBe(true);
    for (const locale of ["", "not a locale", "x", "en_US", "zz-ZZ-invalid-too-long-subtag"]) expect(isLocale(locale)).toBe(false);
    expect(canonicalLocale("en-in")).toBe("en-IN");
    expect(isCurrency("INR")).toBe(true);
    expect(isCurrency("XYZ1")).toBe(false);
  });
});

describe("components", () => {
  const html = (node: React.ReactNode, place = DEFAULT_PLACE) => renderToString(<PlaceContext value={place}>{node}</PlaceContext>);

  test("<Time> shows the instant in the viewer's zone and keeps the exact instant in its datetime", () => {
    const place = { timeZone: "Asia/Kolkata", locale: "en-IN", currency: "INR" };
    expect(plain(html(<Time at={AT} withTime />, place))).toBe(
      '<time dateTime="2026-11-25T09:30:00.000Z">25 Nov 2026, 03:00 pm IST</time>',
    );
    expect(html(<CalendarTime date="2026-11-24" />, { ...place, locale: "de-DE" })).toBe('<time dateTime="2026-11-24">24.11.2026</time>');
  });

  test("Outside the root (no provider) the defaults apply", () => {
    expect(renderToString(<Time at={AT} withTime />)).toBe('<time dateTime="2026-11-25T09:30:00.000Z">25 Nov 2026, 09:30 UTC</time>');
  });
});

describe("schedules", () => {
  test("A daily 02:00 means 02:00 in the agency's zone: 20:30 UTC the day before in Kolkata", () => {
    expect(nextOccurrence("0 2 * * *", Date.UTC(2026, 10, 25, 0, 0), "Asia/Kolkata")).toBe(Date.UTC(2026, 10, 25, 20, 30));
    expect(nextOccurrence("0 2 * * *", Date.UTC(2026, 10, 25, 0, 0), "UTC")).toBe(Date.UTC(2026, 10, 25, 2, 0));
  });

  test("Across Berlin's changes a daily 02:00 run keeps to the local clock: it comes at the jump in spring, once in autumn", () => {
    // 2027-03-28: 02:00 CET does not exist; the run comes when the clock jumps (01:00 UTC = 03:00 CEST).
    const spring = [Date.UTC(2027, 2, 27, 12)];
    for (let i = 0; i < 3; i++) spring.push(nextOccurrence("0 2 * * *", spring.at(-1)!, "Europe/Berlin")!);
    expect(spring.slice(1)).toEqual([Date.UTC(2027, 2, 28, 1), Date.UTC(2027, 2, 29, 0), Date.UTC(2027, 2, 30, 0)]);
    // 2026-10-25: 02:30 comes twice (CEST, then CET); the run goes at the first only.
    const autumn = [Date.UTC(2026, 9, 24, 12)];
    for (let i = 0; i < 3; i++) autumn.push(nextOccurrence("30 2 * * *", autumn.at(-1)!, "Europe/Berlin")!);
    expect(autumn.slice(1)).toEqual([Date.UTC(2026, 9, 25, 0, 30), Date.UTC(2026, 9, 26, 1, 30), Date.UTC(2026, 9, 27, 1, 30)]);
  });
});
