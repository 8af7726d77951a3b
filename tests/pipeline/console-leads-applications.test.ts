import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as applicationRoute from "~/routes/console/application";
import * as resumeRoute from "~/routes/console/application-resume";
import * as applicationsRoute from "~/routes/console/applications";
import * as applicationsExportRoute from "~/routes/console/applications-export";
import * as leadRoute from "~/routes/console/lead";
import * as leadsRoute from "~/routes/console/leads";
import * as leadsExportRoute from "~/routes/console/leads-export";
import * as overviewRoute from "~/routes/console/overview";
import { PAGE_SIZE } from "~/lib/pagination";
import { db } from "~/server/db/db.server";
import { addDays } from "~/lib/calendar";
import { mondayIn } from "~/lib/zoned-time";
import { fileStore } from "~/server/storage/storage.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { companyOf } from "../helpers/companies";
import { signInStaff, signUp } from "../helpers/accounts";
import { recordEvents } from "../helpers/events";
import { call, type Outcome, type RouteFn } from "../helpers/routes";
import { testSetups } from "../helpers/storages";

const BASE = "/employee-dashboard";
/** Server-renders a route component with the data its loader returned. */
function render(path: string, url: string, Component: unknown, loaderData: unknown): string {
  const Stub = createRoutesStub([{ path, Component: Component as ComponentType, HydrateFallback: () => null, loader: () => loaderData }]);
  return renderToString(createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { "0": loaderData } } }));
}

let seq = 0;
async function addLead(
  fields: Partial<{
    name: string;
    email: string;
    phone: string;
    country: string;
    requirement: string;
    status: string;
    submittedAt: number;
  }> = {},
) {
  seq += 1;
  const row = {
    id: randomUUID(),
    name: `Lead ${seq}`,
    email: `lead${seq}@example.com`,
    phone: "98200 12345",
    country: "India",
    requirement: "A delivery app.",
    submittedAt: Date.now() - seq * 1000,
    ...fields,
  };
  await db().insertInto("quotes").values(row).execute();
  // A lead not yet converted names no company. A row stored here, not through
  // the form, carries no consent, like those sent before the form asked.
  return { ...row, companyId: null, consentVersion: null, consentedAt: null, privacyVersion: null };
}

async function addOpening(title: string, status = "open") {
  const now = Date.now();
  const row = {
    id: randomUUID(),
    title,
    location: "Pune",
    type: "Full-time",
    description: "d",
    salary: "",
    requirements: "[]",
    status,
    createdAt: now,
    updatedAt: now,
  };
  await db().insertInto("jobOpenings").values(row).execute();
  return row;
}

async function addApplication(
  jobId: string,
  fields: Partial<{
    name: string;
    email: string;
    message: string;
    stage: string;
    resume: string;
    resumeName: string;
    resumeType: string;
    submittedAt: number;
  }> = {},
) {
  seq += 1;
  const row = {
    id: randomUUID(),
    name: `Candidate ${seq}`,
    email: `cand${seq}@example.com`,
    message: "",
    resume: "",
    resumeName: "",
    resumeType: "",
    resumeSize: 0,
    jobId,
    submittedAt: Date.now() - seq * 1000,
    appliedBy: null,
    ...fields,
  };
  await db().insertInto("jobApplications").values(row).execute();
  return { ...row, consentVersion: null, consentedAt: null, privacyVersion: null };
}

const snapshot = async () => ({
  quotes: await db().selectFrom("quotes").selectAll().orderBy("id").execute(),
  applications: await db().selectFrom("jobApplications").selectAll().orderBy("id").execute(),
  notes: await db().selectFrom("recordNotes").selectAll().execute(),
  audit: await db().selectFrom("auditLog").selectAll().execute(),
});

/** The body as text, keeping the byte-order mark (Response.text() drops it). */
async function csvText(response: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}

/** Parses our CSV (every cell quoted) back into rows, so tests check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const rows: string[][] = [];
  const cell = /"((?:[^"]|"")*)"(,|\r\n)/gy;
  let row: string[] = [];
  let match: RegExpExecArray | null;
  let consumed = 1;
  cell.lastIndex = consumed;
  while ((match = cell.exec(text))) {
    consumed = cell.lastIndex;
    row.push(match[1]!.replaceAll('""', '"'));
    if (match[2] === "\r\n") {
      rows.push(row);
      row = [];
    }
  }
  // Every byte belongs to a quoted cell followed by a comma or CRLF.
  expect(consumed).toBe(text.length);
  return rows;
}

describe.each(testDatabases("console-leads-applications"))("Console leads and applications on $name", (database) => {
  let cleanup: () => Promise<void>;
  let staff: { cookie: string; id: string };
  let client: { cookie: string; id: string };

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    staff = await signInStaff("priya@indigokite.dev", { name: "Priya Rao", password: "staff-password-123" });
    client = await signUp("alice@example.com", "Alice");
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("recordNotes", "auditLog", "jobApplications", "jobOpenings", "quotes", "complaintReplies", "complaints");
  });

  test("A guest is sent to /login and a client is refused (403) by every loader, action and download, and nothing changes", async () => {
    const lead = await addLead();
    const opening = await addOpening("Platform Engineer");
    const application = await addApplication(opening.id);
    const before = await snapshot();
    const leadParams = { id: lead.id };
    const appParams = { id: application.id };
    const attempts: [RouteFn, string, { form?: Record<string, string>; params?: Record<string, string> }][] = [
      [overviewRoute.loader, BASE, {}],
      [leadsRoute.loader, `${BASE}/leads`, {}],
      [leadRoute.loader, `${BASE}/leads/${lead.id}`, { params: leadParams }],
      [leadRoute.action, `${BASE}/leads/${lead.id}`, { params: leadParams, form: { intent: "status", status: "won" } }],
      [leadRoute.action, `${BASE}/leads/${lead.id}`, { params: leadParams, form: { intent: "note", text: "Sneaky" } }],
      [leadsExportRoute.loader, `${BASE}/leads/export`, {}],
      [applicationsRoute.loader, `${BASE}/applications`, {}],
      [applicationRoute.loader, `${BASE}/applications/${application.id}`, { params: appParams }],
      [applicationRoute.action, `${BASE}/applications/${application.id}`, { params: appParams, form: { intent: "stage", stage: "hired" } }],
      [applicationRoute.action, `${BASE}/applications/${application.id}`, { params: appParams, form: { intent: "note", text: "Sneaky" } }],
      [applicationsExportRoute.loader, `${BASE}/applications/export`, {}],
      [resumeRoute.loader, `${BASE}/applications/${application.id}/resume`, { params: appParams }],
    ];
    for (const [fn, url, options] of attempts) {
      expect(await call(fn, url, options), `guest ${url}`).toMatchObject({ status: 302, location: "/login" });
      expect((await call(fn, url, { ...options, cookie: client.cookie })).status, `client ${url}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  test("The overview counts new leads, unanswered support requests, new applications and open openings", async () => {
    await addLead();
    await addLead();
    await addLead({ status: "contacted" });
    const now = Date.now();
    const complaint = async (status: string, senders: string[]) => {
      const id = randomUUID();
      await db()
        .insertInto("complaints")
        .values({
          id,
          companyId: await companyOf(client),
          createdBy: client.id,
          subject: "s",
          message: "m",
          status,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      for (const [i, sender] of senders.entries()) {
        await db()
          .insertInto("complaintReplies")
          .values({ id: randomUUID(), complaintId: id, sender, senderName: "", text: "t", timestamp: now + i })
          .execute();
      }
    };
    await complaint("Pending", []); // unanswered: no reply yet
    await complaint("Pending", ["user", "staff"]); // answered
    await complaint("Pending", ["staff", "user"]); // unanswered: the client spoke last
    await complaint("Resolved", ["user"]); // resolved: nothing to do
    const open = await addOpening("Android Developer");
    await addOpening("Designer");
    const closed = await addOpening("Old role", "closed");
    await addApplication(open.id);
    await addApplication(open.id, { stage: "reviewing" });
    await addApplication(closed.id);

    const { data } = await call(overviewRoute.loader, BASE, { cookie: staff.cookie });
    expect(data?.counts).toEqual({ newLeads: 2, unansweredSupport: 2, newApplications: 2, openOpenings: 2, overdueInvoices: 0 });
    expect(data?.openings).toEqual([
      { id: open.id, title: "Android Developer", status: "open", count: 2 },
      { id: closed.id, title: "Old role", status: "closed", count: 1 },
      expect.objectContaining({ title: "Designer", count: 0 }),
    ]);
  });

  test("Leads per week covers the last 12 Monday-to-Sunday weeks, oldest first, with empty weeks as 0", async () => {
    // The agency's zone is UTC here (no settings): a week starts at Monday 00:00 UTC.
    const monday = mondayIn(Date.now(), "UTC");
    const thisWeek = Date.parse(`${monday}T00:00:00Z`);
    const WEEK = 7 * 86_400_000;
    await addLead({ submittedAt: thisWeek + 1000 });
    await addLead({ submittedAt: thisWeek + 2000 });
    await addLead({ submittedAt: thisWeek - 3 * WEEK + 5 });
    await addLead({ submittedAt: thisWeek - 12 * WEEK }); // 13 weeks ago: out of range
    const { data } = await call(overviewRoute.loader, BASE, { cookie: staff.cookie });
    const weeks = data?.weeks as { weekStart: string; count: number }[];
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toEqual({ weekStart: monday, count: 2 });
    expect(weeks[8]).toEqual({ weekStart: addDays(monday, -21), count: 1 });
    expect(weeks.reduce((sum, w) => sum + w.count, 0)).toBe(3);
    expect(new Date(`${weeks[0]!.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(data?.agencyZone).toBe("UTC");
  });

  test("The leads list is newest first and paginated", async () => {
    const now = Date.now();
    for (let i = 0; i < PAGE_SIZE + 5; i++) await addLead({ name: `Lead #${i}`, submittedAt: now - i * 60_000 });
    const first = await call(leadsRoute.loader, `${BASE}/leads`, { cookie: staff.cookie });
    const second = await call(leadsRoute.loader, `${BASE}/leads?page=2`, { cookie: staff.cookie });
    const names = (o: Outcome) => (o.data?.leads as { name: string }[]).map((l) => l.name);
    expect(first.data?.total).toBe(PAGE_SIZE + 5);
    expect(names(first)).toHaveLength(PAGE_SIZE);
    expect(names(first)[0]).toBe("Lead #0");
    expect(names(second)).toEqual(["Lead #20", "Lead #21", "Lead #22", "Lead #23", "Lead #24"]);
  });

  test("Lead search is case-insensitive over name, e-mail, phone and requirement, takes % and _ literally, and combines with the status filter", async () => {
    await addLead({ name: "Asha ACME", status: "new" });
    await addLead({ email: "ops@acme.io", status: "won" });
    await addLead({ requirement: "An app for Acme's riders", status: "won" });
    await addLead({ phone: "+1 555 0199", name: "Phone match" });
    await addLead({ requirement: "100% uptime", name: "Percent" });
    await addLead({ name: "Someone else" });
    const search = async (query: string) => {
      const outcome = await call(leadsRoute.loader, `${BASE}/leads?${query}`, { cookie: staff.cookie });
      return { total: outcome.data?.total, names: (outcome.data?.leads as { name: string }[]).map((l) => l.name).sort() };
    };
    expect((await search("q=acme")).total).toBe(3);
    expect((await search("q=acme&status=won")).total).toBe(2);
    expect(await search("q=0199")).toEqual({ total: 1, names: ["Phone match"] });
    expect(await search("q=100%25")).toEqual({ total: 1, names: ["Percent"] });
    // The search is full text; a sign alone is no word to find, and never a wildcard.
    expect((await search("q=%25")).total).toBe(0);
    expect((await search("q=_")).total).toBe(0);
    expect((await search("q=x'%20OR%201=1--")).total).toBe(0);
    // An unknown status is no filter at all, not an error.
    expect((await search("status=bogus")).total).toBe(6);
  });

  test("Staff move a lead along the pipeline: stored, audited with from/to, shown in the history and announced live", async () => {
    const lead = await addLead();
    const url = `${BASE}/leads/${lead.id}`;
    const { seen, stop } = recordEvents();
    const outcome = await call(leadRoute.action, url, {
      cookie: staff.cookie,
      params: { id: lead.id },
      form: { intent: "status", status: "proposal", name: "Hacked", email: "evil@example.net", submittedAt: "0", id: "other" },
    });
    stop();
    expect(outcome).toMatchObject({ status: 200, data: { intent: "status", status: "success" } });
    const stored = await db().selectFrom("quotes").selectAll().where("id", "=", lead.id).executeTakeFirstOrThrow();
    // The change starts the status clock (retention counts from it).
    expect(stored).toEqual({ ...lead, status: "proposal", statusChangedAt: expect.any(Number) });
    expect(Number(stored.statusChangedAt)).toBeGreaterThanOrEqual(Number(lead.submittedAt));
    const audit = await db().selectFrom("auditLog").selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: staff.id,
      actorEmail: "priya@indigokite.dev",
      action: "lead.status",
      entity: "lead",
      entityId: lead.id,
    });
    expect(JSON.parse(audit[0]!.detail)).toEqual({ from: "new", to: "proposal" });
    expect(seen).toContainEqual({ type: "quote.changed", id: lead.id });

    // Saving the same status again changes nothing and records nothing.
    await call(leadRoute.action, url, { cookie: staff.cookie, params: { id: lead.id }, form: { intent: "status", status: "proposal" } });
    expect(await db().selectFrom("auditLog").selectAll().execute()).toHaveLength(1);

    const page = await call(leadRoute.loader, url, { cookie: staff.cookie, params: { id: lead.id } });
    expect(page.data?.history).toEqual([
      expect.objectContaining({
        kind: "change",
        by: "priya@indigokite.dev",
        action: "lead.status",
        detail: { from: "new", to: "proposal" },
      }),
    ]);
  });

  test("A status outside the pipeline is refused with a field error and nothing changes", async () => {
    const lead = await addLead();
    const before = await snapshot();
    for (const status of ["archived", "", "NEW"]) {
      const outcome = await call(leadRoute.action, `${BASE}/leads/${lead.id}`, {
        cookie: staff.cookie,
        params: { id: lead.id },
        form: { intent: "status", status },
      });
      expect(outcome.status).toBe(400);
      expect(outcome.data).toMatchObject({ intent: "status", status: "invalid" });
    }
    const forged = await call(leadRoute.action, `${BASE}/leads/${lead.id}`, {
      cookie: staff.cookie,
      params: { id: lead.id },
      form: { intent: "delete" },
    });
    expect(forged.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test("Staff add internal notes to a lead: stored with the author, audited, and listed newest first in the history", async () => {
    const lead = await addLead();
    const url = `${BASE}/leads/${lead.id}`;
    const { seen, stop } = recordEvents();
    const first = await call(leadRoute.action, url, {
      cookie: staff.cookie,
      params: { id: lead.id },
      form: { intent: "note", text: "  Called, wants a demo.  ", authorName: "Mallory" },
    });
    stop();
    expect(first).toMatchObject({ status: 200, data: { intent: "note", status: "success" } });
    const notes = await db().selectFrom("recordNotes").selectAll().execute();
    expect(notes).toEqual([
      expect.objectContaining({
        entity: "lead",
        entityId: lead.id,
        authorId: staff.id,
        authorName: "Priya Rao",
        text: "Called, wants a demo.",
      }),
    ]);
    const audit = await db().selectFrom("auditLog").selectAll().execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: "lead.note", entity: "lead", entityId: lead.id, actorEmail: "priya@indigokite.dev" }),
    ]);
    expect(JSON.parse(audit[0]!.detail)).toEqual({ note: "Called, wants a demo." });
    expect(seen).toContainEqual({ type: "quote.changed", id: lead.id });

    await new Promise((r) => setTimeout(r, 5));
    await call(leadRoute.action, url, { cookie: staff.cookie, params: { id: lead.id }, form: { intent: "status", status: "contacted" } });
    const page = await call(leadRoute.loader, url, { cookie: staff.cookie, params: { id: lead.id } });
    const history = page.data?.history as { kind: string; text?: string; by: string }[];
    expect(history.map((h) => h.kind)).toEqual(["change", "note"]);
    expect(history[1]).toMatchObject({ kind: "note", by: "Priya Rao", text: "Called, wants a demo." });

    const blank = await call(leadRoute.action, url, {
      cookie: staff.cookie,
      params: { id: lead.id },
      form: { intent: "note", text: "   " },
    });
    expect(blank).toMatchObject({ status: 400, data: { status: "invalid" } });
    expect((blank.data?.result as { error?: Record<string, string[]> }).error?.text).toEqual(["Write a note first."]);
    expect(await db().selectFrom("recordNotes").selectAll().execute()).toHaveLength(1);
  });

  test("An unknown lead or application answers 404 to its page, its forms and its resume, and nothing is written", async () => {
    const id = randomUUID();
    const params = { id };
    expect((await call(leadRoute.loader, `${BASE}/leads/${id}`, { cookie: staff.cookie, params })).status).toBe(404);
    expect(
      (await call(leadRoute.action, `${BASE}/leads/${id}`, { cookie: staff.cookie, params, form: { intent: "status", status: "won" } }))
        .status,
    ).toBe(404);
    expect(
      (await call(leadRoute.action, `${BASE}/leads/${id}`, { cookie: staff.cookie, params, form: { intent: "note", text: "x" } })).status,
    ).toBe(404);
    expect((await call(applicationRoute.loader, `${BASE}/applications/${id}`, { cookie: staff.cookie, params })).status).toBe(404);
    expect(
      (
        await call(applicationRoute.action, `${BASE}/applications/${id}`, {
          cookie: staff.cookie,
          params,
          form: { intent: "stage", stage: "offer" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(applicationRoute.action, `${BASE}/applications/${id}`, {
          cookie: staff.cookie,
          params,
          form: { intent: "note", text: "x" },
        })
      ).status,
    ).toBe(404);
    expect((await call(resumeRoute.loader, `${BASE}/applications/${id}/resume`, { cookie: staff.cookie, params })).status).toBe(404);
    expect(await snapshot()).toMatchObject({ notes: [], audit: [] });
  });

  test("The leads CSV holds the current filter, quotes every cell and neutralises spreadsheet formulas", async () => {
    await addLead({
      name: 'Ravi "RK" Kumar, CTO',
      email: "ravi@example.com",
      requirement: "Line one\nLine two",
      submittedAt: Date.UTC(2026, 10, 20, 9, 30),
      status: "won",
    });
    await addLead({
      name: '=HYPERLINK("http://evil")',
      email: "eve@example.com",
      phone: "+44 20 7946 0000",
      requirement: "@SUM(A1)",
      submittedAt: Date.UTC(2026, 10, 19),
      status: "won",
    });
    await addLead({ name: "-2+3", requirement: "\tTabbed", country: "\rCR", status: "won", submittedAt: Date.UTC(2026, 10, 18) });
    await addLead({ name: "Not won", status: "new" });

    const outcome = await call(leadsExportRoute.loader, `${BASE}/leads/export?status=won`, { cookie: staff.cookie });
    const response = outcome.response!;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename=leads-${new Date().toISOString().slice(0, 10)}.csv`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await csvText(response);
    expect(text).toContain('"Ravi ""RK"" Kumar, CTO"');
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(["Received (UTC)", "Name", "Email", "Phone", "Country", "Requirement", "Status"]);
    expect(rows.slice(1)).toEqual([
      ["2026-11-20T09:30:00.000Z", 'Ravi "RK" Kumar, CTO', "ravi@example.com", "98200 12345", "India", "Line one\nLine two", "Won"],
      ["2026-11-19T00:00:00.000Z", '\'=HYPERLINK("http://evil")', "eve@example.com", "'+44 20 7946 0000", "India", "'@SUM(A1)", "Won"],
      ["2026-11-18T00:00:00.000Z", "'-2+3", expect.any(String), "98200 12345", "'\rCR", "'\tTabbed", "Won"],
    ]);

    const searched = parseCsv(
      await csvText((await call(leadsExportRoute.loader, `${BASE}/leads/export?q=RAVI`, { cookie: staff.cookie })).response!),
    );
    expect(searched).toHaveLength(2);
  });

  test("The leads CSV streams every matching lead past one batch, newest first", async () => {
    const now = Date.now();
    const values = Array.from({ length: 1203 }, (_, i) => ({
      id: randomUUID(),
      name: `Bulk ${i}`,
      email: `bulk${i}@example.com`,
      phone: "1234567",
      country: "",
      requirement: "r",
      submittedAt: now - Math.floor(i / 3) * 1000, // ties on submittedAt across batch edges
    }));
    for (let i = 0; i < values.length; i += 200)
      await db()
        .insertInto("quotes")
        .values(values.slice(i, i + 200))
        .execute();
    const rows = parseCsv(await csvText((await call(leadsExportRoute.loader, `${BASE}/leads/export`, { cookie: staff.cookie })).response!));
    expect(rows).toHaveLength(1204);
    expect(new Set(rows.slice(1).map((r) => r[2])).size).toBe(1203);
    const times = rows.slice(1).map((r) => Date.parse(r[0]!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test("The applications list filters by opening and stage, newest first, and pages", async () => {
    const android = await addOpening("Android Developer");
    const designer = await addOpening("Designer", "closed");
    const now = Date.now();
    for (let i = 0; i < PAGE_SIZE + 2; i++) await addApplication(android.id, { name: `A${i}`, submittedAt: now - i * 1000 });
    await addApplication(designer.id, { name: "D0", stage: "interview" });
    await addApplication(android.id, { name: "A-offer", stage: "offer", submittedAt: now - 999_999 });

    const list = async (query: string) =>
      (await call(applicationsRoute.loader, `${BASE}/applications${query}`, { cookie: staff.cookie })).data!;
    const all = await list("");
    expect(all.total).toBe(PAGE_SIZE + 4);
    expect((all.applicants as unknown[]).length).toBe(PAGE_SIZE);
    expect((all.openings as { title: string }[]).map((o) => o.title)).toEqual(["Android Developer", "Designer"]);
    const byOpening = await list(`?opening=${designer.id}`);
    expect(byOpening.applicants).toEqual([
      expect.objectContaining({ name: "D0", openingTitle: "Designer", stage: "interview", hasResume: false }),
    ]);
    const byBoth = await list(`?opening=${android.id}&stage=offer`);
    expect((byBoth.applicants as { name: string }[]).map((a) => a.name)).toEqual(["A-offer"]);
    const second = await list(`?opening=${android.id}&page=2`);
    expect((second.applicants as { name: string }[]).map((a) => a.name)).toEqual(["A20", "A21", "A-offer"]);
    expect((await list("?stage=nonsense")).total).toBe(PAGE_SIZE + 4);
  });

  test("Staff set an application's stage and add notes: stored, audited, in the history and announced live; other fields are ignored", async () => {
    const opening = await addOpening("Android Developer");
    const application = await addApplication(opening.id);
    const url = `${BASE}/applications/${application.id}`;
    const params = { id: application.id };
    const { seen, stop } = recordEvents();
    const staged = await call(applicationRoute.action, url, {
      cookie: staff.cookie,
      params,
      form: { intent: "stage", stage: "interview", email: "evil@example.net", jobId: "x", resume: "../../etc/passwd" },
    });
    const noted = await call(applicationRoute.action, url, {
      cookie: staff.cookie,
      params,
      form: { intent: "note", text: "Strong Kotlin." },
    });
    stop();
    expect(staged).toMatchObject({ status: 200, data: { status: "success" } });
    expect(noted).toMatchObject({ status: 200, data: { status: "success" } });
    const stored = await db().selectFrom("jobApplications").selectAll().where("id", "=", application.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ ...application, stage: "interview", stageChangedAt: expect.any(Number) });
    expect(Number(stored.stageChangedAt)).toBeGreaterThanOrEqual(Number(application.submittedAt));
    const audit = await db().selectFrom("auditLog").selectAll().orderBy("action").execute();
    expect(audit.map((a) => [a.action, a.entity, a.entityId, JSON.parse(a.detail)])).toEqual([
      ["application.note", "application", application.id, { note: "Strong Kotlin." }],
      ["application.stage", "application", application.id, { from: "new", to: "interview" }],
    ]);
    expect(seen.filter((e) => e.type === "application.changed")).toHaveLength(2);
    const page = await call(applicationRoute.loader, url, { cookie: staff.cookie, params });
    expect(page.data?.applicant).toMatchObject({ name: application.name, openingTitle: "Android Developer", stage: "interview" });
    expect((page.data?.history as { kind: string }[]).map((h) => h.kind).sort()).toEqual(["change", "note"]);

    const bad = await call(applicationRoute.action, url, { cookie: staff.cookie, params, form: { intent: "stage", stage: "fired" } });
    expect(bad).toMatchObject({ status: 400, data: { status: "invalid" } });
    expect(
      (await db().selectFrom("jobApplications").select("stage").where("id", "=", application.id).executeTakeFirstOrThrow()).stage,
    ).toBe("interview");
  });

  test("The applications CSV holds the current filter with the opening's title and neutralised cells", async () => {
    const android = await addOpening("Android Developer");
    const other = await addOpening("Designer");
    await addApplication(android.id, {
      name: "=cmd|' /C calc'!A0",
      message: 'Says "hi", twice',
      stage: "offer",
      resumeName: "cv.pdf",
      resume: "resumes/guest_1_cv.pdf",
    });
    await addApplication(other.id, { name: "Elsewhere" });
    const outcome = await call(applicationsExportRoute.loader, `${BASE}/applications/export?opening=${android.id}`, {
      cookie: staff.cookie,
    });
    expect(outcome.response!.headers.get("content-disposition")).toBe(
      `attachment; filename=applications-${new Date().toISOString().slice(0, 10)}.csv`,
    );
    expect(outcome.response!.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = parseCsv(await csvText(outcome.response!));
    expect(rows[0]).toEqual(["Received (UTC)", "Name", "Email", "Opening", "Stage", "Message", "Resume file", "Applied as"]);
    expect(rows.slice(1)).toEqual([
      [expect.any(String), "'=cmd|' /C calc'!A0", expect.any(String), "Android Developer", "Offer", 'Says "hi", twice', "cv.pdf", "Guest"],
    ]);
  });

  test("The overview renders its counts as links and its charts as labelled images with a data table", async () => {
    const opening = await addOpening("Android <Developer>");
    await addApplication(opening.id);
    await addLead();
    const { data } = await call(overviewRoute.loader, BASE, { cookie: staff.cookie });
    const html = render(BASE, BASE, overviewRoute.default, data);
    expect(html).toContain(`href="${BASE}/leads?status=new"`);
    expect(html).toContain(`href="${BASE}/applications?stage=new"`);
    expect(html).toContain(`href="${BASE}/support"`);
    expect(html).toContain(`href="${BASE}/openings"`);
    const charts = html.match(/<div role="img"[^>]*>/g) ?? [];
    expect(charts).toHaveLength(2);
    for (const chart of charts) expect(chart).toMatch(/aria-labelledby="[^"]+-title [^"]+-desc"/);
    expect(html).toMatch(/<span id="[^"]+-title" class="sr-only">Leads per week, last 12 weeks<\/span>/);
    expect(html).toMatch(/<span id="[^"]+-desc" class="sr-only">[^<]*Android &lt;Developer&gt;: 1\.<\/span>/);
    expect(html.match(/<table/g)).toHaveLength(2);
    expect(html).not.toContain("This is a placeholder employee dashboard.");
  });

  test("A lead's page renders the pipeline select, the note form and the history as real form controls", async () => {
    const lead = await addLead({ name: "Asha" });
    await call(leadRoute.action, `${BASE}/leads/${lead.id}`, {
      cookie: staff.cookie,
      params: { id: lead.id },
      form: { intent: "note", text: "Call back Friday" },
    });
    const { data } = await call(leadRoute.loader, `${BASE}/leads/${lead.id}`, { cookie: staff.cookie, params: { id: lead.id } });
    const html = render(`${BASE}/leads/:id`, `${BASE}/leads/${lead.id}`, leadRoute.default, data);
    expect(html).toMatch(/<select[^>]*name="status"/);
    for (const label of ["New", "Contacted", "Proposal sent", "Won", "Lost"]) expect(html).toContain(`>${label}</option>`);
    expect(html).toMatch(/<textarea[^>]*name="text"/);
    expect(html).toContain("Call back Friday");
    expect(html).toContain('<button type="submit"');
  });
});

describe.each(testSetups("console resume downloads"))("Resume downloads on $name", ({ database, storage }) => {
  let cleanup: () => Promise<void>;
  let staff: { cookie: string; id: string };
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, await storage.setup()));
    staff = await signInStaff("priya@indigokite.dev", { name: "Priya Rao", password: "staff-password-123" });
  });
  afterAll(async () => {
    await cleanup();
    await storage.teardown();
  });

  test("Staff download a stored resume: streamed as an attachment with its type, nosniff and no-store, byte for byte", async () => {
    const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(200_000, 7), Buffer.from("\n%%EOF\n")]);
    const temp = path.join(fileStore().tempDir(), `upload-${randomUUID()}.tmp`);
    writeFileSync(temp, bytes);
    const key = `resumes/guest_${Date.now()}_My CV final.pdf`;
    await fileStore().putFromFile(key, temp, "application/pdf");
    const opening = await addOpening("Android Developer");
    const application = await addApplication(opening.id, { resume: key, resumeName: "My CV final.pdf", resumeType: "pdf" });
    expect(await storage.files()).toEqual([key]);

    const outcome = await call(resumeRoute.loader, `${BASE}/applications/${application.id}/resume`, {
      cookie: staff.cookie,
      params: { id: application.id },
    });
    const response = outcome.response!;
    expect(response.status).toBe(200);
    expect(response.body).toBeInstanceOf(ReadableStream);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String(bytes.length),
      "content-disposition": 'attachment; filename="My CV final.pdf"',
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test("A resume name with quotes or path parts is sanitised in the header; no resume, or a missing file, answers 404", async () => {
    const temp = path.join(fileStore().tempDir(), `upload-${randomUUID()}.tmp`);
    writeFileSync(temp, "%PDF-1.4 tiny");
    const key = `resumes/guest_${Date.now()}_cv.pdf`;
    await fileStore().putFromFile(key, temp, "application/pdf");
    const opening = await addOpening("Android Developer");
    const odd = await addApplication(opening.id, { resume: key, resumeName: '../x"; filename="evil.html', resumeType: "pdf" });
    const none = await addApplication(opening.id);
    const gone = await addApplication(opening.id, { resume: "resumes/guest_1_missing.pdf", resumeName: "missing.pdf", resumeType: "pdf" });

    const download = async (id: string) =>
      call(resumeRoute.loader, `${BASE}/applications/${id}/resume`, { cookie: staff.cookie, params: { id } });
    const header = (await download(odd.id)).response!.headers.get("content-disposition")!;
    expect(header).toMatch(/^attachment; filename="[A-Za-z0-9._ -]+"$/);
    expect((await download(none.id)).status).toBe(404);
    expect((await download(gone.id)).status).toBe(404);
  });
});
