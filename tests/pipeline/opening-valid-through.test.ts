import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { addDays } from "~/lib/calendar";
import { dateFromValidThrough, openingFieldsFrom, openingSchema } from "~/lib/schemas/openings";
import { calendarDateIn } from "~/lib/zoned-time";
import * as openingEditRoute from "~/routes/console/opening-edit";
import * as openingNewRoute from "~/routes/console/opening-new";
import * as publicOpeningRoute from "~/routes/marketing/opening";
import { agencyDay } from "~/server/brand/locale.server";
import { findOpening } from "~/server/models/pipeline/openings.server";
import { signInStaff } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { setAgencyZone } from "../helpers/place";
import { call } from "../helpers/routes";

// An opening's "Valid through" day is the agency's (Settings → Time and place): the chosen day
// ends at midnight in its zone, "not in the past" is its today, and the form names the zone.
// 2026-11-29T12:00Z is Sunday the 29th in UTC and Monday the 30th on Kiritimati (UTC+14);
// 2026-11-30T05:00Z is Monday in UTC and still Sunday the 29th in Pago Pago (UTC−11).
const SUNDAY_NOON_UTC = Date.parse("2026-11-29T12:00:00Z");
const MONDAY_DAWN_UTC = Date.parse("2026-11-30T05:00:00Z");
const KIRITIMATI = "Pacific/Kiritimati";
const PAGO_PAGO = "Pacific/Pago_Pago";
const DAY = 86_400_000;
const BASE = "/employee-dashboard/openings";

const FIELDS = {
  title: "Platform Engineer",
  location: "Pune, India",
  type: "Full-time",
  description: "Keep our client platforms fast and boring.",
  requirements: ["Kubernetes in production"],
};
const form = (validThrough: string) => ({ intent: "save", ...FIELDS, validThrough });
/** The last millisecond of `date` in a zone at a fixed offset, from the ISO offset itself (no helper of ours). */
const endOfDayAt = (date: string, offset: string) => Date.parse(`${addDays(date, 1)}T00:00:00${offset}`) - 1;

describe.each(testDatabases("opening valid-through"))("An opening's valid-through day on $name", (database) => {
  let cleanup: () => Promise<void>;
  let staff: string;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://agency.example" }));
    staff = (await signInStaff("editor@indigokite.dev")).cookie;
  }, 30_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("jobOpenings", "auditLog");
    await setAgencyZone("UTC");
  });

  test("A day before the agency's today is in the past, whatever UTC's date is, and the message names the zone", async () => {
    await setAgencyZone(KIRITIMATI);
    const kiritimati = await agencyDay(SUNDAY_NOON_UTC);
    expect(kiritimati).toEqual({ timeZone: KIRITIMATI, today: "2026-11-30" });
    const refused = openingSchema(kiritimati).safeParse({ ...FIELDS, validThrough: "2026-11-29" });
    expect(refused.error?.issues.map((i) => i.message)).toEqual([
      "The valid-through date cannot be in the past (dates are Pacific/Kiritimati).",
    ]);
    expect(openingSchema(kiritimati).safeParse({ ...FIELDS, validThrough: "2026-11-30" }).success).toBe(true);

    await setAgencyZone(PAGO_PAGO);
    const pagoPago = await agencyDay(MONDAY_DAWN_UTC);
    expect(pagoPago.today).toBe("2026-11-29");
    expect(openingSchema(pagoPago).safeParse({ ...FIELDS, validThrough: "2026-11-29" }).success).toBe(true);
    expect(openingSchema({ timeZone: "UTC", today: "2026-11-30" }).safeParse({ ...FIELDS, validThrough: "2026-11-29" }).success).toBe(
      false,
    );
  });

  test("The chosen day ends at midnight in the agency's zone, and that instant reads back as the same day", () => {
    const parsed = openingSchema({ timeZone: KIRITIMATI, today: "2026-11-30" }).parse({ ...FIELDS, validThrough: "2026-12-01" });
    const kiritimati = openingFieldsFrom(parsed, KIRITIMATI).validThrough!;
    expect(kiritimati).toBe(endOfDayAt("2026-12-01", "+14:00"));
    expect(new Date(kiritimati).toISOString()).toBe("2026-12-01T09:59:59.999Z");
    expect(dateFromValidThrough(kiritimati, KIRITIMATI)).toBe("2026-12-01");
    const pagoPago = openingFieldsFrom(parsed, PAGO_PAGO).validThrough!;
    expect(pagoPago).toBe(endOfDayAt("2026-12-01", "-11:00"));
    expect(dateFromValidThrough(pagoPago, PAGO_PAGO)).toBe("2026-12-01");
    expect(openingFieldsFrom({ ...parsed, validThrough: undefined }, KIRITIMATI).validThrough).toBeNull();
  });

  test("Staff publish an opening on Kiritimati: stored to its midnight, shown back on the edit page, a correct instant in JobPosting", async () => {
    await setAgencyZone(KIRITIMATI);
    const lastDay = calendarDateIn(Date.now() + 10 * DAY, KIRITIMATI);
    const created = await call(openingNewRoute.action, `${BASE}/new`, { cookie: staff, form: form(lastDay) });
    expect(created.status).toBe(302);
    const id = /\/openings\/([\w-]+)\?created=1$/.exec(created.location ?? "")![1]!;
    const stored = await findOpening(id);
    expect(stored?.validThrough).toBe(endOfDayAt(lastDay, "+14:00"));

    const edit = await call(openingEditRoute.loader, `${BASE}/${id}`, { cookie: staff, params: { id } });
    const day = edit.data?.day as { timeZone: string; today: string };
    expect(day.timeZone).toBe(KIRITIMATI);
    expect(dateFromValidThrough(stored!.validThrough, day.timeZone)).toBe(lastDay);

    const page = await call(publicOpeningRoute.loader, `/careers/${id}`, { params: { id } });
    const posting = page.data?.jobPosting as { validThrough: string };
    expect(posting.validThrough).toBe(new Date(endOfDayAt(lastDay, "+14:00")).toISOString());
    expect(posting.validThrough).toMatch(/^\d{4}-\d{2}-\d{2}T09:59:59\.999Z$/);

    const yesterday = calendarDateIn(Date.now() - DAY, KIRITIMATI);
    const past = await call(openingNewRoute.action, `${BASE}/new`, { cookie: staff, form: form(yesterday) });
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.data)).toContain("cannot be in the past (dates are Pacific/Kiritimati)");
  });

  test("The form's hint names the agency's zone and its date picker starts at the agency's today", async () => {
    await setAgencyZone(PAGO_PAGO);
    const loaded = await call(openingNewRoute.loader, `${BASE}/new`, { cookie: staff });
    expect(loaded.data?.day).toEqual({ timeZone: PAGO_PAGO, today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const loaderData = { day: { timeZone: PAGO_PAGO, today: "2026-11-29" } };
    const Stub = createRoutesStub([
      { path: "/new", Component: openingNewRoute.default as ComponentType, HydrateFallback: () => null, loader: () => loaderData },
    ]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/new"], hydrationData: { loaderData: { "0": loaderData } } }));
    expect(html).toContain("Last day to apply (Pacific/Pago_Pago).");
    expect(html).toMatch(/type="date"[^>]*min="2026-11-29"|min="2026-11-29"[^>]*type="date"/);
  });
});
