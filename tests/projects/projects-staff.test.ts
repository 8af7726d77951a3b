import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { ProjectFormValue } from "~/lib/schemas/projects-staff";
import * as projectRoute from "~/routes/console/project";
import * as projectNewRoute from "~/routes/console/project-new";
import * as projectsExportRoute from "~/routes/console/projects-export";
import { db } from "~/server/db/db.server";
import { insertCompany, type Company } from "~/server/models/companies/companies.server";
import {
  getProjectForStaff,
  listAllProjects,
  listCompanyProjectsForStaff,
  listOwnerOptions,
  projectOwnerNames,
} from "~/server/models/projects/projects-staff-reads.server";
import { createStaffProject, setProjectArchived, updateStaffProject } from "~/server/models/projects/projects-staff.server";
import { createProject, listProjects, setProjectProgress } from "~/server/models/projects/projects.server";
import { addMilestone, getProgressMode, setProgressMode } from "~/server/models/projects/milestones.server";
import { disableStaff } from "~/server/models/accounts/staff.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { call } from "../helpers/routes";
import { Refusal } from "~/lib/refusal";

const TODAY = "2026-11-25";
const PAGE = { limit: 20, offset: 0 };

const form = (fields: Partial<ProjectFormValue> = {}): ProjectFormValue => ({
  title: "Rider app",
  description: "Delivery tracking.",
  status: "planned",
  ...fields,
});
const audit = (entityId?: string) => {
  const query = db()
    .selectFrom("auditLog")
    .select(["action", "entity", "entityId", "actorEmail", "detail"])
    .orderBy("createdAt")
    .orderBy("id");
  return (entityId ? query.where("entityId", "=", entityId) : query).execute();
};
const snapshot = async () => ({
  projects: await db().selectFrom("projects").selectAll().orderBy("id").execute(),
  audit: await db().selectFrom("auditLog").selectAll().execute(),
});

/** The body as text, keeping the byte-order mark (Response.text() drops it). */
async function csvLines(response: Response): Promise<string[]> {
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text.slice(1).split("\r\n").filter(Boolean);
}

describe.each(testDatabases("projects-staff"))("Staff run projects on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let delivery: TestUser;
  let formerColleague: TestUser;
  let recruiter: TestUser;
  let client: TestUser;
  let kite: Company;
  let acme: Company;
  let closed: Company;
  const actor = (who: TestUser, name = "Priya Sharma") => ({ id: who.id, email: who.email, name });

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    delivery = await signInStaff("dev@indigokite.dev", { name: "Dev Rao", staffRole: "delivery" });
    formerColleague = await signInStaff("gone@indigokite.dev", { name: "Gone Away", staffRole: "delivery" });
    await disableStaff(actor(admin), formerColleague.id);
    recruiter = await signInStaff("hema@indigokite.dev", { name: "Hema Iyer", staffRole: "recruiter" });
    client = await signUp("alice@example.com", "Alice");
    kite = await insertCompany(db(), { name: "Kite Foods", origin: "staff" });
    acme = await insertCompany(db(), { name: "Acme Logistics", origin: "staff" });
    closed = await insertCompany(db(), { name: "Shut Ltd", origin: "staff" });
    await db().updateTable("companies").set({ closedAt: Date.now() }).where("id", "=", closed.id).execute();
    await db().updateTable("users").set({ companyId: kite.id }).where("id", "=", client.id).execute();
    // Six accounts with real password hashes, on a machine shared with other suites.
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("auditLog", "projectProgress", "projects");
  });

  test("Staff create a project for a company: stored with its fields and progress 0, audited, and announced after the commit", async () => {
    const { seen, stop } = recordEvents();
    const project = await createStaffProject(
      actor(admin),
      { companyId: kite.id },
      form({ status: "in_progress", startDate: "2026-11-01", dueDate: "2026-12-15", ownerId: delivery.id }),
    );
    stop();
    expect(project).toMatchObject({
      companyId: kite.id,
      createdBy: null,
      ownerId: delivery.id,
      status: "in_progress",
      startDate: "2026-11-01",
      dueDate: "2026-12-15",
      progress: 0,
      progressMode: "milestones",
      archivedAt: null,
    });
    expect(await listProjects({ companyId: kite.id })).toMatchObject([{ id: project.id, title: "Rider app", progressMode: "milestones" }]);
    const [entry] = await audit(project.id);
    expect(entry).toMatchObject({ action: "project.create", entity: "project", actorEmail: admin.email });
    expect(JSON.parse(entry!.detail)).toMatchObject({ companyId: kite.id, title: "Rider app", ownerId: delivery.id });
    expect(seen).toEqual([{ type: "project.changed", id: project.id, companyId: kite.id }]);
  });

  test("A new staff project's progress follows its milestones from the start; a member's own project and an existing one keep setting it by hand", async () => {
    const project = await createStaffProject(actor(admin), { companyId: kite.id }, form());
    const selfMade = await createProject(
      { companyId: kite.id, createdBy: client.id },
      { title: "Client idea", description: "From the portal." },
    );
    await addMilestone(actor(admin), project.id, { title: "Design", description: "", dueDate: "", status: "done" });
    await addMilestone(actor(admin), project.id, { title: "Build", description: "", dueDate: "", status: "in_progress" });
    await addMilestone(actor(admin), selfMade.id, { title: "Design", description: "", dueDate: "", status: "done" });
    expect([
      await getProgressMode({ projectId: project.id }),
      (await getProjectForStaff({ scope: "all", id: project.id }))?.progress,
    ]).toEqual(["milestones", 50]);
    expect([
      await getProgressMode({ projectId: selfMade.id }),
      (await getProjectForStaff({ scope: "all", id: selfMade.id }))?.progress,
    ]).toEqual(["manual", 0]);
  });

  test("A create is refused for an unknown or closed company, an owner who is not active staff, and a due date before the start; nothing is written", async () => {
    const before = await snapshot();
    const refusals: [() => Promise<unknown>, string, string | undefined][] = [
      [() => createStaffProject(actor(admin), { companyId: "no-such-company" }, form()), "This company does not exist.", undefined],
      [
        () => createStaffProject(actor(admin), { companyId: closed.id }, form()),
        "This company is closed: reopen it before changing its projects.",
        undefined,
      ],
      [
        () => createStaffProject(actor(admin), { companyId: kite.id }, form({ ownerId: formerColleague.id })),
        "The owner must be an active staff member.",
        "ownerId",
      ],
      [
        () => createStaffProject(actor(admin), { companyId: kite.id }, form({ ownerId: client.id })),
        "The owner must be an active staff member.",
        "ownerId",
      ],
      // A recruiter could not open the project they run (decision 0031: clients area).
      [
        () => createStaffProject(actor(admin), { companyId: kite.id }, form({ ownerId: recruiter.id })),
        "The owner must be an active staff member.",
        "ownerId",
      ],
      [
        () => createStaffProject(actor(admin), { companyId: kite.id }, form({ startDate: "2026-12-02", dueDate: "2026-12-01" })),
        "The due date cannot be before the start date.",
        "dueDate",
      ],
    ];
    for (const [attempt, message, field] of refusals) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Refusal);
      expect(error).toMatchObject({ message, field });
    }
    expect(await snapshot()).toEqual(before);
  });

  test("The same new project submitted twice is created once", async () => {
    const first = await createStaffProject(actor(admin), { companyId: kite.id }, form());
    const second = await createStaffProject(actor(admin), { companyId: kite.id }, form());
    expect(second.id).toBe(first.id);
    expect(await listProjects({ companyId: kite.id })).toHaveLength(1);
    expect((await audit()).map((a) => a.action)).toEqual(["project.create"]);
  });

  test("An edit saves the fields, audits what changed from what to what, and a repeat changes nothing", async () => {
    const project = await createStaffProject(actor(admin), { companyId: kite.id }, form({ ownerId: delivery.id }));
    const { seen, stop } = recordEvents();
    const next = form({ title: "Rider app v2", status: "on_hold", dueDate: "2027-01-31", ownerId: undefined });
    expect(await updateStaffProject(actor(delivery, "Dev Rao"), project.id, next)).toBe("saved");
    expect(await updateStaffProject(actor(delivery, "Dev Rao"), project.id, next)).toBe("unchanged");
    stop();
    expect(await getProjectForStaff({ scope: "all", id: project.id })).toMatchObject({
      title: "Rider app v2",
      status: "on_hold",
      dueDate: "2027-01-31",
      ownerId: null,
      companyName: "Kite Foods",
    });
    const entries = await audit(project.id);
    expect(entries.map((a) => a.action)).toEqual(["project.create", "project.update"]);
    expect(JSON.parse(entries[1]!.detail)).toEqual({
      companyId: kite.id,
      fields: ["title", "status", "dueDate", "ownerId"],
      title: { from: "Rider app", to: "Rider app v2" },
      status: { from: "planned", to: "on_hold" },
      dueDate: { from: null, to: "2027-01-31" },
      ownerId: { from: delivery.id, to: null },
    });
    expect(seen).toEqual([{ type: "project.changed", id: project.id, companyId: kite.id }]);
    await expect(updateStaffProject(actor(admin), "no-such-project", next)).rejects.toMatchObject({ name: "Refusal", kind: "not-found" });
  });

  test("An edit may keep an owner who has since been disabled but never choose one", async () => {
    const project = await createStaffProject(actor(admin), { companyId: kite.id }, form({ ownerId: delivery.id }));
    await db().updateTable("projects").set({ ownerId: formerColleague.id }).where("id", "=", project.id).execute();
    expect(await updateStaffProject(actor(admin), project.id, form({ ownerId: formerColleague.id, status: "done" }))).toBe("saved");
    const other = await createStaffProject(actor(admin), { companyId: acme.id }, form());
    await expect(updateStaffProject(actor(admin), other.id, form({ ownerId: formerColleague.id }))).rejects.toMatchObject({
      field: "ownerId",
    });
    expect((await getProjectForStaff({ scope: "all", id: other.id }))?.ownerId).toBeNull();
  });

  test("Archiving hides a project from the portal and the default console list until it is restored; repeats and edits of an archived one change nothing", async () => {
    const project = await createStaffProject(actor(admin), { companyId: kite.id }, form());
    expect(await setProjectArchived(actor(admin), project.id, true)).toBe("saved");
    expect(await setProjectArchived(actor(admin), project.id, true)).toBe("unchanged");
    expect(await listProjects({ companyId: kite.id })).toEqual([]);
    expect((await listAllProjects({}, PAGE, TODAY, "all")).total).toBe(0);
    expect((await listAllProjects({ archived: true }, PAGE, TODAY, "all")).projects.map((p) => p.id)).toEqual([project.id]);
    expect(await listCompanyProjectsForStaff({ companyId: kite.id })).toMatchObject([{ id: project.id, archived: true }]);
    await expect(updateStaffProject(actor(admin), project.id, form({ title: "Sneaky" }))).rejects.toMatchObject({
      name: "Refusal",
      kind: "conflict",
      message: "This project is archived: restore it before editing.",
    });
    await expect(setProjectProgress(actor(admin), { id: project.id, progress: 50 })).rejects.toMatchObject({
      name: "Refusal",
      kind: "conflict",
    });

    expect(await setProjectArchived(actor(admin), project.id, false)).toBe("saved");
    expect(await setProjectArchived(actor(admin), project.id, false)).toBe("unchanged");
    expect(await listProjects({ companyId: kite.id })).toMatchObject([{ id: project.id, title: "Rider app" }]);
    expect((await audit(project.id)).map((a) => a.action)).toEqual(["project.create", "project.archive", "project.restore"]);
    await expect(setProjectArchived(actor(admin), "no-such-project", true)).rejects.toMatchObject({ name: "Refusal", kind: "not-found" });
  });

  test("A closed company's project can be archived but not restored or edited", async () => {
    const project = await createStaffProject(actor(admin), { companyId: acme.id }, form());
    await db().updateTable("companies").set({ closedAt: Date.now() }).where("id", "=", acme.id).execute();
    try {
      await expect(updateStaffProject(actor(admin), project.id, form({ title: "Changed" }))).rejects.toMatchObject({
        name: "Refusal",
        kind: "conflict",
      });
      expect(await setProjectArchived(actor(admin), project.id, true)).toBe("saved");
      await expect(setProjectArchived(actor(admin), project.id, false)).rejects.toMatchObject({ name: "Refusal", kind: "conflict" });
    } finally {
      await db().updateTable("companies").set({ closedAt: null }).where("id", "=", acme.id).execute();
    }
  });

  test("The list filters by status, owner, no owner and overdue, searches title, description and company name literally, and pages", async () => {
    const late = await createStaffProject(
      actor(admin),
      { companyId: kite.id },
      form({ title: "Late one", status: "in_progress", dueDate: "2026-11-24", ownerId: delivery.id }),
      1,
    );
    await createStaffProject(
      actor(admin),
      { companyId: kite.id },
      form({ title: "Late but done", status: "done", dueDate: "2026-11-01" }),
      2,
    );
    await createStaffProject(
      actor(admin),
      { companyId: acme.id },
      form({ title: "Due today", description: "Warehouse 100% scan", dueDate: TODAY }),
      3,
    );
    const selfMade = await createProject(
      { companyId: acme.id, createdBy: client.id },
      { title: "Client idea", description: "From the portal." },
      4,
    );
    const titles = async (filter: Parameters<typeof listAllProjects>[0]) =>
      (await listAllProjects(filter, PAGE, TODAY, "all")).projects.map((p) => p.title);

    expect(await titles({})).toEqual(["Client idea", "Due today", "Late but done", "Late one"]);
    expect(await titles({ status: "done" })).toEqual(["Late but done"]);
    expect(await titles({ owner: delivery.id })).toEqual(["Late one"]);
    expect(await titles({ owner: "none" })).toEqual(["Client idea", "Due today", "Late but done"]);
    expect(await titles({ overdue: true })).toEqual(["Late one"]);
    expect(await titles({ q: "ACME" })).toEqual(["Client idea", "Due today"]);
    expect(await titles({ q: "100%" })).toEqual(["Due today"]);
    expect(await titles({ q: "%" })).toEqual(["Due today"]);
    expect(await titles({ q: "portal", owner: "none" })).toEqual(["Client idea"]);
    expect(await titles({ q: "late", overdue: true, owner: delivery.id, status: "in_progress" })).toEqual(["Late one"]);
    const { projects, total } = await listAllProjects({}, { limit: 2, offset: 2 }, TODAY, "all");
    expect([projects.map((p) => p.title), total]).toEqual([["Late but done", "Late one"], 4]);
    expect(projects[1]).toMatchObject({ id: late.id, companyName: "Kite Foods", ownerName: "Dev Rao" });
    expect(selfMade.createdBy).toBe(client.id);
  });

  test("A project for staff carries its company name and progress history; owner names and options name active staff only", async () => {
    const project = await createStaffProject(actor(admin), { companyId: kite.id }, form({ ownerId: delivery.id }));
    await setProjectProgress(actor(admin), { id: project.id, progress: 30, note: "Design done" }, 10);
    await setProjectProgress(actor(admin), { id: project.id, progress: 60 }, 20);
    const loaded = await getProjectForStaff({ scope: "all", id: project.id });
    expect(loaded).toMatchObject({ companyName: "Kite Foods", ownerName: "Dev Rao", progress: 60 });
    expect(loaded?.history.map((h) => [h.progress, h.note, h.changedByName])).toEqual([
      [60, "", "Priya Sharma"],
      [30, "Design done", "Priya Sharma"],
    ]);
    expect(await getProjectForStaff({ scope: "all", id: "no-such-project" })).toBeUndefined();
    expect(await projectOwnerNames([delivery.id, delivery.id, client.id])).toEqual({ [delivery.id]: "Dev Rao" });
    expect(await projectOwnerNames([])).toEqual({});
    const options = (await listOwnerOptions()).map((o) => o.name);
    expect(options).toEqual(expect.arrayContaining(["Dev Rao", "Priya Sharma"]));
    expect(options).not.toContain("Gone Away");
    expect(options).not.toContain("Hema Iyer");
    expect(options).not.toContain("Alice");
  });

  test("The CSV export lists the filtered projects and is recorded on the audit log", async () => {
    const overdue = await createStaffProject(
      actor(admin),
      { companyId: kite.id },
      form({ title: "=cmd|' /C calc'!A0", status: "in_progress", startDate: "2020-01-01", dueDate: "2020-02-01", ownerId: delivery.id }),
      1,
    );
    await createStaffProject(actor(admin), { companyId: acme.id }, form({ title: "On time", dueDate: "2999-01-01" }), 2);
    await clearTables("auditLog");
    const outcome = await call(projectsExportRoute.loader, "/employee-dashboard/projects/export?overdue=1", { cookie: delivery.cookie });
    expect(outcome.status).toBe(200);
    expect(outcome.response!.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = await csvLines(outcome.response!);
    expect(lines).toEqual([
      '"Project","Company","Status","Progress (%)","Start date","Due date","Overdue","Owner","Archived","Created (UTC)"',
      `"'=cmd|' /C calc'!A0","Kite Foods","In progress","0","2020-01-01","2020-02-01","yes","Dev Rao","no","${new Date(overdue.createdAt).toISOString()}"`,
    ]);
    expect(await audit()).toMatchObject([
      { action: "projects.export", entity: "export", entityId: "projects", actorEmail: delivery.email },
    ]);
    expect(JSON.parse((await audit())[0]!.detail)).toEqual({ overdue: true });
  });

  test("A recruiter, a client and a guest cannot export projects, and nothing is recorded", async () => {
    expect(await call(projectsExportRoute.loader, "/employee-dashboard/projects/export", { cookie: recruiter.cookie })).toMatchObject({
      status: 403,
    });
    expect(await call(projectsExportRoute.loader, "/employee-dashboard/projects/export", { cookie: client.cookie })).toMatchObject({
      status: 403,
    });
    expect(await call(projectsExportRoute.loader, "/employee-dashboard/projects/export", {})).toMatchObject({ status: 302 });
    expect(await audit()).toEqual([]);
  });

  const post = (
    fn: typeof projectRoute.action | typeof projectNewRoute.action,
    path: string,
    id: string,
    who: TestUser,
    fields: Record<string, string>,
  ) => call(fn, path, { params: { id }, cookie: who.cookie, form: fields });
  const fields = { title: "Rider app", description: "Delivery tracking.", status: "planned", startDate: "", dueDate: "", ownerId: "" };

  test("The new-project form creates the project and opens its page; bad dates or an unknown owner answer in place and write nothing", async () => {
    const path = `/employee-dashboard/clients/${kite.id}/projects/new`;
    const before = await snapshot();
    const badDates = await post(projectNewRoute.action, path, kite.id, delivery, {
      intent: "save",
      ...fields,
      startDate: "2026-12-02",
      dueDate: "2026-12-01",
    });
    expect(badDates.status).toBe(400);
    expect(badDates.data?.result).toMatchObject({ error: { dueDate: ["The due date cannot be before the start date."] } });
    const badOwner = await post(projectNewRoute.action, path, kite.id, delivery, { intent: "save", ...fields, ownerId: client.id });
    expect(badOwner.status).toBe(400);
    expect(badOwner.data?.result).toMatchObject({ error: { ownerId: ["The owner must be an active staff member."] } });
    const noCompany = await post(projectNewRoute.action, "/employee-dashboard/clients/nope/projects/new", "nope", delivery, {
      intent: "save",
      ...fields,
    });
    expect(noCompany.status).toBe(400);
    expect(noCompany.data?.result).toMatchObject({ error: { "": ["This company does not exist."] } });
    expect(await snapshot()).toEqual(before);

    const created = await post(projectNewRoute.action, path, kite.id, delivery, { intent: "save", ...fields, ownerId: delivery.id });
    expect(created).toMatchObject({ status: 302, location: expect.stringMatching(/^\/employee-dashboard\/projects\/[\w-]+\?created=1$/) });
    const [project] = await listProjects({ companyId: kite.id });
    expect(created.location).toBe(`/employee-dashboard/projects/${project!.id}?created=1`);
    const page = await call(projectRoute.loader, `/employee-dashboard/projects/${project!.id}?created=1`, {
      params: { id: project!.id },
      cookie: delivery.cookie,
    });
    expect(page.data).toMatchObject({
      created: true,
      project: { title: "Rider app", companyName: "Kite Foods", ownerName: "Dev Rao", history: [] },
    });
    expect(
      await call(projectRoute.loader, "/employee-dashboard/projects/nope", { params: { id: "nope" }, cookie: delivery.cookie }),
    ).toMatchObject({ status: 404 });
    expect(
      await call(projectNewRoute.loader, "/employee-dashboard/clients/nope/projects/new", {
        params: { id: "nope" },
        cookie: delivery.cookie,
      }),
    ).toMatchObject({ status: 404 });
  });

  test("The project page saves fields, sets progress with a note, archives and restores; a forged progress target changes nothing", async () => {
    const project = await createStaffProject(actor(admin), { companyId: kite.id }, form());
    const other = await createStaffProject(actor(admin), { companyId: acme.id }, form({ title: "Other" }));
    const path = `/employee-dashboard/projects/${project.id}`;
    // A new project's progress follows its milestones; the Overview tab's form needs "Set by hand".
    await setProgressMode(actor(admin), project.id, "manual");
    const saved = await post(projectRoute.action, path, project.id, delivery, { intent: "save", ...fields, status: "in_progress" });
    expect(saved.data).toMatchObject({ intent: "save", status: "success" });
    const forged = await post(projectRoute.action, path, project.id, delivery, {
      intent: "set-progress",
      projectId: other.id,
      progress: "90",
      note: "",
    });
    expect(forged.status).toBe(404);
    const progress = await post(projectRoute.action, path, project.id, delivery, {
      intent: "set-progress",
      projectId: project.id,
      progress: "40",
      note: "Halfway-ish",
    });
    expect(progress.data).toMatchObject({
      intent: "set-progress",
      status: "success",
      message: "Progress set to 40%. The client sees it now.",
    });
    expect(await post(projectRoute.action, path, project.id, delivery, { intent: "archive" })).toMatchObject({
      status: 200,
      data: { status: "success" },
    });
    expect(await post(projectRoute.action, path, project.id, delivery, { intent: "archive" })).toMatchObject({
      status: 200,
      data: { status: "unchanged" },
    });
    expect((await post(projectRoute.action, path, project.id, delivery, { intent: "save", ...fields, title: "Sneaky" })).status).toBe(409);
    expect(await post(projectRoute.action, path, project.id, delivery, { intent: "restore" })).toMatchObject({
      status: 200,
      data: { status: "success" },
    });
    expect(await getProjectForStaff({ scope: "all", id: project.id })).toMatchObject({
      title: "Rider app",
      status: "in_progress",
      progress: 40,
      archivedAt: null,
    });
    expect(await getProjectForStaff({ scope: "all", id: other.id })).toMatchObject({ progress: 0 });
    expect((await audit(project.id)).map((a) => a.action)).toEqual([
      "project.create",
      "project.progress_mode",
      "project.update",
      "project.progress",
      "project.archive",
      "project.restore",
    ]);
  });
});
