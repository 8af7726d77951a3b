import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { isOverdue } from "~/lib/schemas/projects-staff";
import { calendarDateIn } from "~/lib/zoned-time";
import * as clientRoute from "~/routes/console/client";
import * as leadsExportRoute from "~/routes/console/leads-export";
import * as overviewRoute from "~/routes/console/overview";
import * as consoleProjectRoute from "~/routes/console/project";
import * as consoleProjectsRoute from "~/routes/console/projects";
import * as portalProjectRoute from "~/routes/portal/project";
import * as portalProjectsRoute from "~/routes/portal/projects";
import { agencyToday } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";
import { csvFilename } from "~/server/http/csv.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { sweepMilestonesDue } from "~/server/models/projects/milestone-due.server";
import { listAllProjects } from "~/server/models/projects/projects-staff-reads.server";
import { insertProject, type Project } from "~/server/models/projects/projects.server";
import { leadsPerWeek } from "~/server/models/reports/overview.server";
import { waitingOnYouNow } from "~/server/models/reports/waiting-on-you.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { setAgencyZone } from "../helpers/place";
import { call } from "../helpers/routes";
import { insertMilestone } from "../helpers/workspace-rows";

// "Today", due soon, weeks and file names follow the agency's zone (Settings → Time and place),
// proven at instants where the zone's date is not UTC's: 2026-11-29T12:00Z is Sunday the 29th in
// UTC and Monday the 30th, 02:00, on Kiritimati (UTC+14); 2026-11-30T05:00Z is Monday in UTC and
// still Sunday the 29th, 18:00, in Pago Pago (UTC−11).
const SUNDAY_NOON_UTC = Date.parse("2026-11-29T12:00:00Z");
const MONDAY_DAWN_UTC = Date.parse("2026-11-30T05:00:00Z");
const KIRITIMATI = "Pacific/Kiritimati";
const PAGO_PAGO = "Pacific/Pago_Pago";
const PAGE = { limit: 20, offset: 0 };

/** For a route read at the real time: a zone whose date is not UTC's right now (Pago Pago before 11:00 UTC). */
function zoneOffUtcNow(): string {
  return new Date().getUTCHours() < 11 ? PAGO_PAGO : KIRITIMATI;
}

describe.each(testDatabases("agency day"))("The agency's day on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let alice: TestUser;
  let kite: string;
  let rider: Project;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    alice = await signUp("alice@example.com", "Alice");
    kite = (await insertCompany(db(), { name: "Kite Foods", origin: "staff" })).id;
    await db().updateTable("users").set({ companyId: kite }).where("id", "=", alice.id).execute();
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("notifications", "mailOutbox", "seenMarkers", "milestones", "projects", "quotes");
    await setAgencyZone("UTC");
    rider = await insertProject(db(), {
      companyId: kite,
      createdBy: null,
      title: "Rider app",
      description: "Delivery tracking.",
      status: "in_progress",
      dueDate: "2026-11-29",
    });
  });

  test("A project due on Sunday the 29th is overdue once Monday has begun on Kiritimati, while UTC is still on Sunday", async () => {
    await setAgencyZone(KIRITIMATI);
    const today = await agencyToday(SUNDAY_NOON_UTC);
    expect(today).toBe("2026-11-30");
    expect(isOverdue(rider, today)).toBe(true);
    expect((await listAllProjects({ overdue: true }, PAGE, today, "all")).projects.map((p) => p.id)).toEqual([rider.id]);

    await setAgencyZone("UTC");
    const utcToday = await agencyToday(SUNDAY_NOON_UTC);
    expect(utcToday).toBe("2026-11-29");
    expect(isOverdue(rider, utcToday)).toBe(false);
    expect((await listAllProjects({ overdue: true }, PAGE, utcToday, "all")).total).toBe(0);
  });

  test("Every page that marks overdue projects is sent the agency's date by its loader, not UTC's", async () => {
    const zone = zoneOffUtcNow();
    await setAgencyZone(zone);
    const before = calendarDateIn(Date.now(), zone);
    expect(before).not.toBe(calendarDateIn(Date.now(), "UTC"));
    const pages = [
      await call(consoleProjectsRoute.loader, "/employee-dashboard/projects", { cookie: admin.cookie }),
      await call(consoleProjectRoute.loader, `/employee-dashboard/projects/${rider.id}`, {
        cookie: admin.cookie,
        params: { id: rider.id },
      }),
      await call(clientRoute.loader, `/employee-dashboard/clients/${kite}`, { cookie: admin.cookie, params: { id: kite } }),
      await call(portalProjectsRoute.loader, "/user-dashboard/projects", { cookie: alice.cookie }),
      await call(portalProjectRoute.loader, `/user-dashboard/projects/${rider.id}`, { cookie: alice.cookie, params: { id: rider.id } }),
    ];
    // Read around the calls, so a midnight on Kiritimati between them cannot fail the test.
    const after = calendarDateIn(Date.now(), zone);
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect([before, after]).toContain((page.data as { today?: string }).today);
    }
  });

  test("Due soon in Waiting on you runs from the agency's date: in Pago Pago Sunday's milestone is still due today when UTC is on Monday", async () => {
    await setAgencyZone(PAGO_PAGO);
    for (const [title, dueDate] of [
      ["Yesterday there", "2026-11-28"],
      ["Today there", "2026-11-29"],
      ["Last day of the window", "2026-12-13"],
      ["Beyond the window", "2026-12-14"],
    ]) {
      await insertMilestone(rider.id, { title: title!, dueDate });
    }
    const scope = { userId: alice.id, companyId: kite };
    const titles = async () => (await waitingOnYouNow(scope, MONDAY_DAWN_UTC)).waiting.milestones.map((m) => m.title);
    expect(await titles()).toEqual(["Today there", "Last day of the window"]);
    await setAgencyZone("UTC");
    expect(await titles()).toEqual(["Last day of the window", "Beyond the window"]);
  });

  test("The milestone-due sweep tells of what falls due today or tomorrow on the agency's calendar", async () => {
    await setAgencyZone(KIRITIMATI);
    await insertMilestone(rider.id, { title: "Past there", dueDate: "2026-11-29" });
    await insertMilestone(rider.id, { title: "Tomorrow there", dueDate: "2026-12-01" });
    await insertMilestone(rider.id, { title: "Later", dueDate: "2026-12-02" });
    expect(await sweepMilestonesDue(SUNDAY_NOON_UTC)).toBe(1);
    const told = await db().selectFrom("notifications").select(["userId", "title"]).where("type", "=", "milestone_due").execute();
    expect(told).toEqual([{ userId: alice.id, title: 'Milestone "Tomorrow there" of Rider app is due on 2026-12-01' }]);
  });

  test("The overview's weeks start on Monday 00:00 in the agency's zone, also across a change of the clocks", async () => {
    const lead = (submittedAt: number) =>
      db()
        .insertInto("quotes")
        .values({
          id: `lead-${submittedAt}`,
          name: "Lead",
          email: "lead@example.com",
          phone: "98200 12345",
          country: "India",
          requirement: "An app.",
          submittedAt,
        })
        .execute();
    await lead(Date.parse("2026-11-29T09:00:00Z")); // Sunday 23:00 on Kiritimati
    await lead(Date.parse("2026-11-29T11:00:00Z")); // Monday 01:00 on Kiritimati
    await setAgencyZone(KIRITIMATI);
    const kiritimati = await leadsPerWeek("all", SUNDAY_NOON_UTC);
    expect(kiritimati.slice(-2)).toEqual([
      { weekStart: "2026-11-23", count: 1 },
      { weekStart: "2026-11-30", count: 1 },
    ]);
    await setAgencyZone("UTC");
    expect((await leadsPerWeek("all", SUNDAY_NOON_UTC)).slice(-1)).toEqual([{ weekStart: "2026-11-23", count: 2 }]);

    // Berlin goes back to winter time on Sunday 25 October: its next week starts at 23:00 UTC.
    await clearTables("quotes");
    await lead(Date.parse("2026-10-25T22:30:00Z")); // Sunday 23:30 in Berlin
    await lead(Date.parse("2026-10-25T23:30:00Z")); // Monday 00:30 in Berlin
    await lead(Date.parse("2026-10-18T22:30:00Z")); // Monday 19 October 00:30, summer time
    await setAgencyZone("Europe/Berlin");
    const berlin = await leadsPerWeek("all", Date.parse("2026-10-28T12:00:00Z"));
    expect(berlin.slice(-2)).toEqual([
      { weekStart: "2026-10-19", count: 2 },
      { weekStart: "2026-10-26", count: 1 },
    ]);
    expect(berlin).toHaveLength(12);

    const page = await call(overviewRoute.loader, "/employee-dashboard", { cookie: admin.cookie });
    expect(page.data?.agencyZone).toBe("Europe/Berlin");
  });

  test("A CSV export is named by the agency's date", async () => {
    await setAgencyZone(KIRITIMATI);
    expect(await csvFilename("leads", SUNDAY_NOON_UTC)).toBe("leads-2026-11-30.csv");
    const zone = zoneOffUtcNow();
    await setAgencyZone(zone);
    const before = calendarDateIn(Date.now(), zone);
    const exported = await call(leadsExportRoute.loader, "/employee-dashboard/leads/export", { cookie: admin.cookie });
    const after = calendarDateIn(Date.now(), zone);
    const disposition = exported.response?.headers.get("content-disposition");
    expect([`attachment; filename=leads-${before}.csv`, `attachment; filename=leads-${after}.csv`]).toContain(disposition);
    await exported.response?.body?.cancel();

    await setAgencyZone(PAGO_PAGO);
    expect(await csvFilename("projects", MONDAY_DAWN_UTC)).toBe("projects-2026-11-29.csv");
    await setAgencyZone("UTC");
    expect(await csvFilename("projects", MONDAY_DAWN_UTC)).toBe("projects-2026-11-30.csv");
  });
});
