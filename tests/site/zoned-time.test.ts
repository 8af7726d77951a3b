import { expect, test } from "vitest";
import { calendarDateIn, endOfDayIn, mondayIn, startOfDayIn } from "~/lib/zoned-time";
import { latestDigestSlot } from "~/server/mail/digest-time.server";

// Wall-clock dates in a zone, from Intl only. 2026-11-29T12:00Z is a Sunday in UTC and already
// Monday 30 November, 02:00, on Kiritimati (UTC+14); 2026-11-30T05:00Z is still Sunday the 29th,
// 18:00, in Pago Pago (UTC−11).
const SUNDAY_NOON_UTC = Date.parse("2026-11-29T12:00:00Z");
const MONDAY_DAWN_UTC = Date.parse("2026-11-30T05:00:00Z");

test("Today is the zone's calendar date, a day ahead of UTC on Kiritimati and a day behind in Pago Pago", () => {
  expect(calendarDateIn(SUNDAY_NOON_UTC, "UTC")).toBe("2026-11-29");
  expect(calendarDateIn(SUNDAY_NOON_UTC, "Pacific/Kiritimati")).toBe("2026-11-30");
  expect(calendarDateIn(MONDAY_DAWN_UTC, "UTC")).toBe("2026-11-30");
  expect(calendarDateIn(MONDAY_DAWN_UTC, "Pacific/Pago_Pago")).toBe("2026-11-29");
});

test("A day begins and ends at the zone's midnight, including on a day whose clock goes back an hour", () => {
  expect(new Date(startOfDayIn("2026-12-01", "Pacific/Kiritimati")).toISOString()).toBe("2026-11-30T10:00:00.000Z");
  expect(new Date(endOfDayIn("2026-12-01", "Pacific/Kiritimati")).toISOString()).toBe("2026-12-01T09:59:59.999Z");
  expect(new Date(endOfDayIn("2026-12-01", "Pacific/Pago_Pago")).toISOString()).toBe("2026-12-02T10:59:59.999Z");
  expect(new Date(endOfDayIn("2026-12-01", "UTC")).toISOString()).toBe("2026-12-01T23:59:59.999Z");
  // Europe/Berlin leaves summer time on 25 October 2026: that day lasts 25 hours.
  expect(endOfDayIn("2026-10-25", "Europe/Berlin") + 1 - startOfDayIn("2026-10-25", "Europe/Berlin")).toBe(25 * 3_600_000);
});

test("A week is the zone's Monday to Sunday", () => {
  expect(mondayIn(SUNDAY_NOON_UTC, "UTC")).toBe("2026-11-23");
  expect(mondayIn(SUNDAY_NOON_UTC, "Pacific/Kiritimati")).toBe("2026-11-30");
  expect(mondayIn(MONDAY_DAWN_UTC, "Pacific/Pago_Pago")).toBe("2026-11-23");
});

test("The digest slot still falls on the person's own date and hour", () => {
  expect(latestDigestSlot(SUNDAY_NOON_UTC, { hour: 8, timeZone: "Pacific/Kiritimati" })).toEqual({
    localDate: "2026-11-29",
    at: Date.parse("2026-11-28T18:00:00Z"),
  });
  expect(latestDigestSlot(SUNDAY_NOON_UTC, { hour: 8, timeZone: "UTC" })).toEqual({
    localDate: "2026-11-29",
    at: Date.parse("2026-11-29T08:00:00Z"),
  });
});
