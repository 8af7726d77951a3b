import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as detailsRoute from "~/routes/console/project";
import * as milestonesRoute from "~/routes/console/project-milestones";
import { db } from "~/server/db/db.server";
import { listMilestones } from "~/server/models/projects/milestones.server";
import { insertProject, type Project } from "~/server/models/projects/projects.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { call } from "../helpers/routes";

const milestone = (fields: Record<string, string> = {}) => ({
  intent: "add",
  title: "Design",
  description: "Screens for the rider app.",
  dueDate: "2026-12-01",
  status: "planned",
  ...fields,
});

describe.each(testDatabases("milestones"))("Staff plan a project with milestones on $name", (database) => {
  let cleanup: () => Promise<void>;
  let staff: TestUser;
  let recruiter: TestUser;
  let client: TestUser;
  let companyId: string;
  let project: Project;
  let other: Project;

  const post = (who: TestUser, form: Record<string, string>, id = project.id) =>
    call(milestonesRoute.action, `/employee-dashboard/projects/${id}/milestones`, { params: { id }, cookie: who.cookie, form });
  const page = (id = project.id) =>
    call(milestonesRoute.loader, `/employee-dashboard/projects/${id}/milestones`, { params: { id }, cookie: staff.cookie });
  const timeline = () =>
    db()
      .selectFrom("projectActivity")
      .select(["kind", "summary", "actorSide", "actorName"])
      .where("projectId", "=", project.id)
      .orderBy("at")
      .orderBy("id")
      .execute();
  const audit = () =>
    db().selectFrom("auditLog").select(["action", "actorEmail"]).where("entityId", "=", project.id).orderBy("createdAt").execute();
  const snapshot = async () => ({
    milestones: await db().selectFrom("milestones").selectAll().orderBy("id").execute(),
    projects: await db().selectFrom("projects").selectAll().orderBy("id").execute(),
    activity: await db().selectFrom("projectActivity").selectAll().execute(),
  });

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    staff = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    recruiter = await signInStaff("hema@indigokite.dev", { name: "Hema Iyer", staffRole: "recruiter" });
    client = await signUp("alice@example.com", "Alice");
    companyId = await companyOf({ id: client.id, name: "Alice" });
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("auditLog", "projectActivity", "approvals", "milestones", "projectProgress", "projects");
    project = await insertProject(db(), { companyId, createdBy: null, title: "Rider app", description: "Delivery tracking." });
    other = await insertProject(db(), { companyId, createdBy: null, title: "Other", description: "Another project." });
  });

  test("Staff add, edit, reorder and remove milestones; every change is audited, on the timeline and announced", async () => {
    const { seen, stop } = recordEvents();
    expect(await post(staff, milestone())).toMatchObject({ status: 200, data: { status: "success", intent: "add" } });
    expect(await post(staff, milestone({ title: "Build", dueDate: "" }))).toMatchObject({ status: 200 });
    expect(await post(staff, milestone({ title: "Launch", status: "in_progress" }))).toMatchObject({ status: 200 });
    let list = await listMilestones({ projectId: project.id });
    expect(list.map((m) => [m.title, m.status, m.dueDate])).toEqual([
      ["Design", "planned", "2026-12-01"],
      ["Build", "planned", null],
      ["Launch", "in_progress", "2026-12-01"],
    ]);

    const [design, build, launch] = list;
    expect(await post(staff, { intent: "move-up", id: launch!.id })).toMatchObject({ data: { status: "success" } });
    expect(await post(staff, { intent: "move-up", id: design!.id })).toMatchObject({ data: { status: "unchanged" } });
    expect(await post(staff, { intent: "move-down", id: design!.id })).toMatchObject({ data: { status: "success" } });
    expect((await listMilestones({ projectId: project.id })).map((m) => m.title)).toEqual(["Launch", "Design", "Build"]);

    expect(
      await post(staff, {
        intent: "edit",
        milestoneId: build!.id,
        title: "Build",
        description: "Screens for the rider app.",
        dueDate: "",
        status: "done",
      }),
    ).toMatchObject({ data: { status: "success" } });
    expect(
      await post(staff, {
        intent: "edit",
        milestoneId: design!.id,
        title: "Design v2",
        description: "New brief.",
        dueDate: "2026-12-03",
        status: "planned",
      }),
    ).toMatchObject({ data: { status: "success" } });
    expect(await post(staff, { intent: "remove", id: launch!.id })).toMatchObject({ data: { status: "success" } });
    stop();

    list = await listMilestones({ projectId: project.id });
    expect(list.map((m) => [m.title, m.status, m.description, m.dueDate])).toEqual([
      ["Design v2", "planned", "New brief.", "2026-12-03"],
      ["Build", "done", "Screens for the rider app.", null],
    ]);
    expect(list[1]!.completedAt).not.toBeNull();
    expect((await timeline()).map((e) => [e.kind, e.summary, e.actorSide])).toEqual([
      ["milestone.added", 'Added milestone "Design" (Planned)', "staff"],
      ["milestone.added", 'Added milestone "Build" (Planned)', "staff"],
      ["milestone.added", 'Added milestone "Launch" (In progress)', "staff"],
      ["milestones.reordered", 'Moved "Launch" up', "staff"],
      ["milestones.reordered", 'Moved "Design" down', "staff"],
      ["milestone.status", 'Marked "Build" as Done', "staff"],
      ["milestone.updated", 'Updated milestone "Design v2"', "staff"],
      ["milestone.removed", 'Removed milestone "Launch"', "staff"],
    ]);
    expect((await audit()).map((a) => a.action)).toEqual([
      "milestone.add",
      "milestone.add",
      "milestone.add",
      "milestone.move",
      "milestone.move",
      "milestone.update",
      "milestone.update",
      "milestone.remove",
    ]);
    expect(seen.filter((e) => e.type === "project.changed")).toHaveLength(8);
    // Manual progress stays where staff left it.
    expect((await db().selectFrom("projects").select("progress").where("id", "=", project.id).executeTakeFirstOrThrow()).progress).toBe(0);
  });

  test("When progress follows milestones it is the share of Done, recomputed on every change with its history kept", async () => {
    for (const title of ["One", "Two", "Three", "Four"]) await post(staff, milestone({ title }));
    const [one, two] = await listMilestones({ projectId: project.id });
    await post(staff, {
      intent: "edit",
      milestoneId: one!.id,
      title: "One",
      description: "Screens for the rider app.",
      dueDate: "2026-12-01",
      status: "done",
    });
    expect(await post(staff, { intent: "progress-mode", mode: "milestones" })).toMatchObject({ data: { status: "success" } });
    const progress = async () =>
      await db().selectFrom("projects").select(["progress", "progressMode"]).where("id", "=", project.id).executeTakeFirstOrThrow();
    expect(await progress()).toMatchObject({ progress: 25, progressMode: "milestones" });
    await post(staff, {
      intent: "edit",
      milestoneId: two!.id,
      title: "Two",
      description: "Screens for the rider app.",
      dueDate: "2026-12-01",
      status: "done",
    });
    expect((await progress()).progress).toBe(50);
    await post(staff, { intent: "remove", id: one!.id });
    expect((await progress()).progress).toBe(33);

    const history = await db()
      .selectFrom("projectProgress")
      .select(["progress", "changedByName", "note"])
      .where("projectId", "=", project.id)
      .orderBy("changedAt")
      .orderBy("id")
      .execute();
    expect(history.map((h) => h.progress)).toEqual([25, 50, 33]);
    expect(history[0]).toMatchObject({ changedByName: "Milestones", note: "Follows milestones" });
    // The switch and the recomputation it causes share one instant; their order within it is not the point.
    const progressEntries = (await timeline()).filter((e) => e.kind.startsWith("progress."));
    expect(progressEntries.map((e) => `${e.kind}:${e.actorSide}`).sort()).toEqual([
      "progress.changed:system",
      "progress.changed:system",
      "progress.changed:system",
      "progress.mode:staff",
    ]);

    // The Overview tab's progress form is refused while the milestones decide it; nothing changes.
    const before = await snapshot();
    const refused = await call(detailsRoute.action, `/employee-dashboard/projects/${project.id}`, {
      params: { id: project.id },
      cookie: staff.cookie,
      form: { intent: "set-progress", projectId: project.id, progress: "90" },
    });
    expect(refused).toMatchObject({
      status: 409,
      data: { status: "error", message: expect.stringContaining("follows this project's milestones") },
    });
    expect(await snapshot()).toEqual(before);
    const details = await call(detailsRoute.loader, `/employee-dashboard/projects/${project.id}`, {
      params: { id: project.id },
      cookie: staff.cookie,
    });
    expect(details.data).toMatchObject({ project: { progressMode: "milestones" } });

    // Back to "Set by hand": the value stays, and staff set it again.
    expect(await post(staff, { intent: "progress-mode", mode: "manual" })).toMatchObject({ data: { status: "success" } });
    expect(await progress()).toMatchObject({ progress: 33, progressMode: "manual" });
    await post(staff, { intent: "edit", milestoneId: two!.id, title: "Two", description: "", dueDate: "", status: "planned" });
    expect((await progress()).progress).toBe(33);
  });

  test("A milestone dragged or moved with its handle's arrow keys goes to the place asked; its place again, or past either end, is the nearest end or nothing", async () => {
    for (const title of ["Design", "Build", "Launch", "Care"]) await post(staff, milestone({ title }));
    const ids = Object.fromEntries((await listMilestones({ projectId: project.id })).map((m) => [m.title, m.id]));
    const titles = async () => (await listMilestones({ projectId: project.id })).map((m) => [m.title, m.position]);
    expect(await post(staff, { intent: "move-to", id: ids.Care!, position: "2" })).toMatchObject({
      status: 200,
      data: { status: "success", intent: "move-to", targetId: ids.Care },
    });
    expect(await titles()).toEqual([
      ["Design", 1],
      ["Care", 2],
      ["Build", 3],
      ["Launch", 4],
    ]);
    expect(await post(staff, { intent: "move-to", id: ids.Design!, position: "99" })).toMatchObject({ data: { status: "success" } });
    expect((await titles()).map(([t]) => t)).toEqual(["Care", "Build", "Launch", "Design"]);
    expect(await post(staff, { intent: "move-to", id: ids.Design!, position: "4" })).toMatchObject({ data: { status: "unchanged" } });
    const timeline_ = (await timeline()).filter((e) => e.kind === "milestones.reordered").map((e) => e.summary);
    expect(timeline_).toEqual(['Moved "Care" to position 2 of 4', 'Moved "Design" to position 4 of 4']);
    const before = await snapshot();
    expect(await post(staff, { intent: "move-to", id: ids.Build!, position: "first" })).toMatchObject({ status: 400 });
    expect(await post(staff, { intent: "move-to", id: ids.Build!, position: "0" })).toMatchObject({ status: 400 });
    expect(await post(staff, { intent: "move-to", id: ids.Build!, position: "1" }, other.id)).toMatchObject({ status: 404 });
    expect(await snapshot()).toEqual(before);
  });

  test("Bad input, another project's milestone and an archived project are refused with a reason and change nothing", async () => {
    await post(staff, milestone());
    const [mine] = await listMilestones({ projectId: project.id });
    const before = await snapshot();
    const blank = await post(staff, milestone({ title: "  " }));
    expect(blank).toMatchObject({ status: 400, data: { status: "invalid" } });
    expect(JSON.stringify(blank.data)).toContain("Title is required.");
    expect(JSON.stringify((await post(staff, milestone({ dueDate: "2026-02-30" }))).data)).toContain("Enter a real date.");
    expect(JSON.stringify((await post(staff, milestone({ status: "finished" }))).data)).toContain("Choose a status from the list.");
    expect(await post(staff, { intent: "progress-mode", mode: "auto" })).toMatchObject({ status: 400 });
    // A milestone of this project posted to another project's page is not found there.
    expect(await post(staff, { intent: "remove", id: mine!.id }, other.id)).toMatchObject({ status: 404 });
    expect(await post(staff, { intent: "edit", milestoneId: mine!.id, title: "Hijack", status: "done" }, other.id)).toMatchObject({
      status: 404,
    });
    expect(await post(staff, milestone(), "no-such-project")).toMatchObject({ status: 404 });
    expect(await post(staff, { intent: "rename" })).toMatchObject({ status: 400 });
    expect(await snapshot()).toEqual(before);

    await db().updateTable("projects").set({ archivedAt: Date.now() }).where("id", "=", project.id).execute();
    const archived = await snapshot();
    expect(await post(staff, milestone({ title: "Late" }))).toMatchObject({
      status: 409,
      data: { message: "This project is archived. Restore it to change its milestones." },
    });
    expect(await snapshot()).toEqual(archived);
  });

  test("Only staff whose role opens projects reach the Milestones tab; unknown projects are not found", async () => {
    expect(await page()).toMatchObject({ status: 200, data: { project: { id: project.id, progressMode: "manual" }, milestones: [] } });
    expect(await page("nope")).toMatchObject({ status: 404 });
    const before = await snapshot();
    expect(await call(milestonesRoute.loader, "/x", { params: { id: project.id }, cookie: recruiter.cookie })).toMatchObject({
      status: 403,
    });
    expect(await post(recruiter, milestone())).toMatchObject({ status: 403 });
    expect(await post(client, milestone())).toMatchObject({ status: 403 });
    expect((await call(milestonesRoute.action, "/x", { params: { id: project.id }, form: milestone() })).status).toBe(302);
    expect(await snapshot()).toEqual(before);
  });
});
