// Search everywhere (decision 0078): what each staff role finds, on SQLite and PostgreSQL.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as searchRoute from "~/routes/console/search";
import type { EverywhereGroup, EverywhereResult } from "~/lib/search-everywhere";
import type { StaffRole } from "~/lib/staff-roles";
import { db } from "~/server/db/db.server";
import { searchEverywhere } from "~/server/models/search/everywhere.server";
import { createComplaint } from "~/server/models/support/complaints.server";
import { createOpening } from "~/server/models/pipeline/openings.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { memberScope } from "../helpers/companies";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { call } from "../helpers/routes";

const groupsOf = (results: EverywhereResult[]) => results.map((r) => r.group);
const labelsIn = (results: EverywhereResult[], group: EverywhereGroup) =>
  results.find((r) => r.group === group)?.hits.map((h) => h.label) ?? [];
const as = (staffRole: StaffRole | null, q: string) => searchEverywhere({ staffRole, scope: "all" }, q);

describe.each(testDatabases("search everywhere"))("Search everywhere on $name", (database) => {
  let cleanup: () => Promise<void>;
  let recruiter: TestUser;
  let client: TestUser;
  const ids = { lead: randomUUID(), project: randomUUID(), application: randomUUID(), complaint: "", company: "" };

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    await signInStaff("admin@indigokite.dev", { name: "Ada Admin" });
    recruiter = await signInStaff("rita@indigokite.dev", { name: "Rita Recruiter", staffRole: "recruiter" });
    await signInStaff("dana@indigokite.dev", { name: "Dana Kestrel", staffRole: "delivery" });
    // Every kind of record carries the word "kestrel", so one search reaches them all.
    client = await signUp("priya@brightpath.example", "Priya Kestrel");
    const scope = await memberScope(client);
    ids.company = scope.companyId;
    await db().updateTable("companies").set({ name: "Kestrel Learning" }).where("id", "=", scope.companyId).execute();
    const now = Date.now();
    await db()
      .insertInto("quotes")
      .values({
        id: ids.lead,
        name: "Asha Rao",
        email: "asha@clinic.example",
        phone: "+91 98200 12345",
        country: "India",
        requirement: "A booking app for the Kestrel clinic.",
        submittedAt: now,
      })
      .execute();
    const opening = await createOpening(null, {
      title: "Android Developer",
      location: "Pune",
      type: "Full-time",
      description: "d",
      salary: "",
      requirements: [],
    });
    await db()
      .insertInto("jobApplications")
      .values({
        id: ids.application,
        name: "Ravi Kumar",
        email: "ravi@mail.example",
        message: "I built the Kestrel app.",
        resume: "",
        resumeName: "",
        resumeType: "",
        resumeSize: 0,
        jobId: opening.id,
        submittedAt: now,
        appliedBy: null,
      })
      .execute();
    await db()
      .insertInto("projects")
      .values({
        id: ids.project,
        companyId: scope.companyId,
        createdBy: null,
        title: "Kestrel Website Relaunch",
        description: "d",
        progress: 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    ids.complaint = (await createComplaint(scope, { subject: "Kestrel invoice is wrong", message: "The sum is off." })).id;
  });
  afterAll(async () => cleanup());

  test("Each staff role finds only the groups of its own sections", async () => {
    expect(groupsOf(await as("admin", "kestrel"))).toEqual(["leads", "applications", "companies", "people", "projects", "support"]);
    expect(groupsOf(await as("sales", "kestrel"))).toEqual(["leads", "companies", "people", "projects", "support"]);
    expect(groupsOf(await as("delivery", "kestrel"))).toEqual(["companies", "people", "projects", "support"]);
    expect(groupsOf(await as("recruiter", "kestrel"))).toEqual(["applications"]);
    expect(await as(null, "kestrel")).toEqual([]);
  });

  test("A role without leads gets no lead, even searched by its exact e-mail", async () => {
    expect(labelsIn(await as("sales", "asha@clinic.example"), "leads")).toEqual(["Asha Rao"]);
    for (const role of ["recruiter", "delivery"] as const) expect(await as(role, "asha@clinic.example")).toEqual([]);
  });

  test("Staff members are among the people for an admin only; clients for every role with Clients", async () => {
    expect(labelsIn(await as("admin", "kestrel"), "people").sort()).toEqual(["Dana Kestrel", "Priya Kestrel"]);
    expect(labelsIn(await as("sales", "kestrel"), "people")).toEqual(["Priya Kestrel"]);
    expect(labelsIn(await as("delivery", "dana"), "people")).toEqual([]);
  });

  test("Records are found by name, e-mail or phone number, whatever the case, and open their console page", async () => {
    const byPhone = await as("sales", "98200 12345");
    expect(byPhone.find((r) => r.group === "leads")?.hits).toEqual([
      { id: ids.lead, label: "Asha Rao", detail: "asha@clinic.example · New", to: `/employee-dashboard/leads/${ids.lead}` },
    ]);
    expect(labelsIn(await as("admin", "ravi@mail"), "applications")).toEqual(["Ravi Kumar"]);
    // A member's address finds the person and their company; the company page is where both open.
    const byMember = await as("delivery", "priya@brightpath");
    expect(labelsIn(byMember, "companies")).toEqual(["Kestrel Learning"]);
    expect(byMember.find((r) => r.group === "people")?.hits[0]?.to).toBe(`/employee-dashboard/clients/${ids.company}`);
    const project = (await as("delivery", "WEBSITE relaunch")).find((r) => r.group === "projects");
    expect(project?.hits).toEqual([
      {
        id: ids.project,
        label: "Kestrel Website Relaunch",
        detail: "Kestrel Learning · Planned",
        to: `/employee-dashboard/projects/${ids.project}`,
      },
    ]);
    expect(labelsIn(await as("delivery", "invoice"), "support")).toEqual(["Kestrel invoice is wrong"]);
  });

  test("A searched group links to its own list for the same text", async () => {
    const leads = (await as("admin", "asha")).find((r) => r.group === "leads");
    expect(leads?.more).toBe("/employee-dashboard/leads?q=asha");
  });

  test("Every word must match, a -word must not, and a blank or one-letter search finds nothing to guess at", async () => {
    expect(labelsIn(await as("admin", "kestrel relaunch"), "projects")).toEqual(["Kestrel Website Relaunch"]);
    expect(labelsIn(await as("admin", "kestrel -relaunch"), "projects")).toEqual([]);
    expect(labelsIn(await as("admin", "kestrel -relaunch"), "support")).toEqual(["Kestrel invoice is wrong"]);
    expect(await as("admin", "   ")).toEqual([]);
    expect(labelsIn(await as("admin", "k"), "projects")).toEqual([]);
    // Wildcards are text: "%" finds no one.
    expect(await as("admin", "%")).toEqual([]);
  });

  test("The search page answers staff with their role's results and refuses clients", async () => {
    const asRecruiter = await call(searchRoute.loader, "/employee-dashboard/search?q=kestrel", { cookie: recruiter.cookie });
    expect(asRecruiter.status).toBe(200);
    expect(groupsOf((asRecruiter.data as unknown as { results: EverywhereResult[] }).results)).toEqual(["applications"]);
    expect((await call(searchRoute.loader, "/employee-dashboard/search?q=kestrel", { cookie: client.cookie })).status).toBe(403);
  });
});
