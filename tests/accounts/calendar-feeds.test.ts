import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as feedAction from "~/routes/account/calendar-feed";
import * as feedRoute from "~/routes/resources/calendar-feed";
import { db } from "~/server/db/db.server";
import { calendarFeedOf } from "~/server/models/accounts/calendar-feeds.server";
import { closeCompany } from "~/server/models/companies/companies-staff.server";
import { insertProject } from "~/server/models/projects/projects.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { disableStaff, setAssignedOnly } from "~/server/models/accounts/staff.server";
import { addToTeam } from "~/server/models/companies/company-team.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";
import { insertMilestone } from "../helpers/workspace-rows";
import { draftInput, FINANCE } from "../billing/helpers";

// Decision 0106: a private calendar address per person, holding the due dates they see signed in;
// the address is an HMAC its owner can change or turn off; the ICS parses in a real parser.

const SAME_ORIGIN = { Origin: "http://localhost", Host: "localhost" };
const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface Parsed {
  uid: string;
  summary: string;
  date: string;
  allDay: boolean;
  url: string;
}

function parse(ics: string): { name: string; events: Parsed[] } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      date: event.startDate.toString(),
      allDay: event.startDate.isDate,
      url: String(component.getFirstPropertyValue("url")),
    };
  });
  return { name: String(calendar.getFirstPropertyValue("x-wr-calname")), events };
}

describe.each(testDatabases("calendar feeds"))("Calendar feeds on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let recruiter: TestUser;
  let asha: TestUser;
  let bruno: TestUser;
  let ashaCompany: string;
  let brunoCompany: string;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    admin = await signInStaff("ada@indigokite.dev", { name: "Ada Admin" });
    recruiter = await signInStaff("rita@indigokite.dev", { name: "Rita", staffRole: "recruiter" });
    asha = await signUp("asha@kite.example", "Asha Rao");
    bruno = await signUp("bruno@heron.example", "Bruno Heron");
    ashaCompany = await companyOf(asha);
    brunoCompany = await companyOf(bruno);
    const kite = await insertProject(db(), {
      companyId: ashaCompany,
      createdBy: null,
      title: "Kite app",
      description: "",
      dueDate: soon(60),
    });
    await insertMilestone(kite.id, { title: "Design sign-off", dueDate: soon(7) });
    await insertMilestone(kite.id, { title: "Long ago", dueDate: soon(-400) });
    await insertMilestone(kite.id, { title: "No date", dueDate: null });
    const heron = await insertProject(db(), { companyId: brunoCompany, createdBy: null, title: "Heron site", description: "" });
    await insertMilestone(heron.id, { title: "Heron launch", dueDate: soon(10) });
    const draft = await createInvoiceDraft(FINANCE, ashaCompany, draftInput());
    await issueInvoice(FINANCE, draft.id, draft.version);
  });
  afterAll(() => cleanup());
  beforeEach(() => clearTables("calendarFeeds", "auditLog"));

  const make = (user: TestUser) =>
    call(feedAction.action, "/account/calendar-feed", { cookie: user.cookie, form: { intent: "make" }, headers: SAME_ORIGIN });
  const remove = (user: TestUser) =>
    call(feedAction.action, "/account/calendar-feed", { cookie: user.cookie, form: { intent: "remove" }, headers: SAME_ORIGIN });
  const fetchFeed = async (url: string) => {
    const file = new URL(url).pathname.replace(/^\/calendar\//, "");
    return call(feedRoute.loader, `/calendar/${file}`, { params: { file } });
  };

  test("A member's feed holds their company's dated milestones, project and invoice due dates as all-day events, and nothing of another company", async () => {
    expect(await make(asha)).toMatchObject({ status: 302, location: "/user-dashboard/settings?notice=calendar-feed-made" });
    const feed = (await calendarFeedOf(asha.id))!;
    expect(feed.url).toMatch(
      /^http:\/\/localhost:\d+\/calendar\/[0-9a-f-]{36}\.[\w-]{43}\.ics$|^https?:\/\/[^/]+\/calendar\/[0-9a-f-]{36}\.[\w-]{43}\.ics$/,
    );
    const answer = await fetchFeed(feed.url);
    expect(answer.status).toBe(200);
    expect(answer.response!.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(answer.response!.headers.get("cache-control")).toBe("private, no-cache");
    const { events } = parse(await answer.response!.text());
    const summaries = events.map((e) => e.summary);
    expect(summaries).toHaveLength(3);
    expect(summaries).toEqual(
      expect.arrayContaining([
        "Design sign-off · Kite app",
        "Project due: Kite app",
        expect.stringMatching(/^Invoice INV-\d{4}-\d{4} due$/),
      ]),
    );
    expect(events.every((e) => e.allDay)).toBe(true);
    expect(events.find((e) => e.summary.startsWith("Design"))).toMatchObject({ date: soon(7), uid: expect.stringMatching(/^milestone-/) });
    expect(events.find((e) => e.summary.startsWith("Design"))!.url).toMatch(/\/user-dashboard\/projects\//);
    expect(JSON.stringify(events)).not.toContain("Heron");
    expect((await calendarFeedOf(asha.id))!.lastUsedAt).not.toBeNull();
  });

  test("Staff see every company's dates their sections show, named by company; a section without projects or billing gets nothing", async () => {
    await make(admin);
    const { events } = parse(await (await fetchFeed((await calendarFeedOf(admin.id))!.url)).response!.text());
    const summaries = events.map((e) => e.summary);
    expect(summaries).toContain(`Design sign-off · Kite app (${await companyName(ashaCompany)})`);
    expect(summaries).toContain(`Heron launch · Heron site (${await companyName(brunoCompany)})`);
    expect(events.find((e) => e.summary.startsWith("Heron launch"))!.url).toMatch(/\/employee-dashboard\/projects\//);

    await make(recruiter);
    expect((await fetchFeed((await calendarFeedOf(recruiter.id))!.url)).status).toBe(404);
  });

  test("A delivery member limited to their assigned companies gets only those companies' dates", async () => {
    const ada = { id: admin.id, email: admin.email, name: "Ada Admin" };
    const limited = await signInStaff("lia@indigokite.dev", { name: "Lia", staffRole: "delivery" });
    await setAssignedOnly(ada, limited.id, true);
    await addToTeam(ada, { companyId: brunoCompany, userId: limited.id });
    await make(limited);
    const { events } = parse(await (await fetchFeed((await calendarFeedOf(limited.id))!.url)).response!.text());
    expect(events.map((e) => e.summary)).toEqual([`Heron launch · Heron site (${await companyName(brunoCompany)})`]);
  });

  test("A new address stops the old one, turning it off stops it, and a made-up or altered address is 404 like any other", async () => {
    await make(asha);
    const first = (await calendarFeedOf(asha.id))!.url;
    expect(await make(asha)).toMatchObject({ status: 302, location: "/user-dashboard/settings?notice=calendar-feed-renewed" });
    const second = (await calendarFeedOf(asha.id))!.url;
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    // One character of the signature changed; another person's id with this signature.
    const altered = second.replace(
      /(\.)([\w-])([\w-]{42}\.ics)$/,
      (_m, dot: string, c: string, rest: string) => `${dot}${c === "A" ? "B" : "A"}${rest}`,
    );
    expect((await fetchFeed(altered)).status).toBe(404);
    await make(bruno);
    const brunos = (await calendarFeedOf(bruno.id))!.url;
    const swapped = brunos.replace(/\/calendar\/[0-9a-f-]{36}\./, `/calendar/${second.match(/\/calendar\/([0-9a-f-]{36})\./)![1]}.`);
    expect((await fetchFeed(swapped)).status).toBe(404);
    expect((await fetchFeed(`http://localhost/calendar/not-a-feed.ics`)).status).toBe(404);

    expect(await remove(asha)).toMatchObject({ status: 302, location: "/user-dashboard/settings?notice=calendar-feed-removed" });
    expect((await fetchFeed(second)).status).toBe(404);
    expect(await calendarFeedOf(asha.id)).toBeNull();
    const audit = await db()
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "=", asha.id)
      .where("action", "like", "calendar-feed.%")
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["calendar-feed.create", "calendar-feed.remove", "calendar-feed.renew"]);
  });

  test("A closed company's member's feed and a disabled staff member's feed answer 404", async () => {
    await make(bruno);
    const url = (await calendarFeedOf(bruno.id))!.url;
    await closeCompany({ id: admin.id, email: admin.email, name: "Ada Admin" }, brunoCompany);
    expect((await fetchFeed(url)).status).toBe(404);

    const delivery = await signInStaff("dev@indigokite.dev", { name: "Dev", staffRole: "delivery" });
    await make(delivery);
    const staffUrl = (await calendarFeedOf(delivery.id))!.url;
    expect((await fetchFeed(staffUrl)).status).toBe(200);
    await disableStaff({ id: admin.id, email: admin.email, name: "Ada Admin" }, delivery.id);
    expect((await fetchFeed(staffUrl)).status).toBe(404);
  });

  test("Only a signed-in person changes their own feed, from this site", async () => {
    expect((await call(feedAction.action, "/account/calendar-feed", { form: { intent: "make" }, headers: SAME_ORIGIN })).status).toBe(302);
    expect(await db().selectFrom("calendarFeeds").select("id").execute()).toEqual([]);
    const crossSite = await call(feedAction.action, "/account/calendar-feed", {
      cookie: asha.cookie,
      form: { intent: "make" },
      headers: { Origin: "https://evil.example", Host: "localhost" },
    });
    expect(crossSite.status).toBe(403);
    expect(await db().selectFrom("calendarFeeds").select("id").execute()).toEqual([]);
  });

  async function companyName(id: string) {
    return (await db().selectFrom("companies").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name;
  }
});
