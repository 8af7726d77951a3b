import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { thingHref } from "~/lib/activity-links";
import * as consoleActivity from "~/routes/console/project-activity";
import * as portalActivity from "~/routes/portal/project-activity";
import { db } from "~/server/db/db.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { listActivityForClient, listActivityForStaff } from "~/server/models/projects/project-activity-reads.server";
import { setProjectArchived } from "~/server/models/projects/projects-staff.server";
import { insertProject, setProjectProgress, type Project } from "~/server/models/projects/projects.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { call } from "../helpers/routes";
import { insertActivity, insertApproval, insertFile, insertMilestone } from "../helpers/workspace-rows";

const T0 = Date.parse("2026-11-20T09:00:00Z");
const PAGE = { limit: 20, offset: 0 };

describe.each(testDatabases("project-activity"))("The project timeline on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let delivery: TestUser;
  let recruiter: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let kite: string;
  let acme: string;
  let project: Project;
  let other: Project;
  const portalPath = (id: string, query = "") => `/user-dashboard/projects/${id}/activity${query}`;
  const consolePath = (id: string, query = "") => `/employee-dashboard/projects/${id}/activity${query}`;
  const asMember = (who: TestUser, id: string, query = "") =>
    call(portalActivity.loader, portalPath(id, query), { cookie: who.cookie, params: { id } });
  const asStaff = (who: TestUser, id: string, query = "") =>
    call(consoleActivity.loader, consolePath(id, query), { cookie: who.cookie, params: { id } });

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    delivery = await signInStaff("dev@indigokite.dev", { name: "Dev Rao", staffRole: "delivery" });
    recruiter = await signInStaff("hema@indigokite.dev", { name: "Hema Iyer", staffRole: "recruiter" });
    alice = await signUp("alice@example.com", "Alice");
    bob = await signUp("bob@example.org", "Bob");
    kite = (await insertCompany(db(), { name: "Kite Foods", origin: "staff" })).id;
    acme = (await insertCompany(db(), { name: "Acme Logistics", origin: "staff" })).id;
    await db().updateTable("users").set({ companyId: kite }).where("id", "=", alice.id).execute();
    await db().updateTable("users").set({ companyId: acme }).where("id", "=", bob.id).execute();
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables(
      "projectActivity",
      "approvals",
      "fileVersions",
      "projectFiles",
      "milestones",
      "auditLog",
      "projectProgress",
      "projects",
    );
    project = await insertProject(db(), {
      companyId: kite,
      createdBy: null,
      title: "Rider app",
      description: "Delivery tracking.",
      ownerId: delivery.id,
    });
    other = await insertProject(db(), { companyId: acme, createdBy: null, title: "Warehouse scanner", description: "Private." });
  });

  test("A member reads their project's timeline newest first, twenty to a page, with who, when and what", async () => {
    for (let i = 0; i < 25; i++)
      await insertActivity(project.id, {
        at: T0 + i * 60_000,
        summary: `Entry ${i}`,
        side: i % 2 ? "client" : "staff",
        actorName: i % 2 ? "Alice" : "Priya Sharma",
      });
    const first = await asMember(alice, project.id);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ project: { id: project.id, title: "Rider app" }, total: 25, page: 1 });
    const entries = first.data!.entries as { summary: string; at: number; actorName: string; actorSide: string }[];
    expect(entries.map((e) => e.summary)).toEqual(Array.from({ length: 20 }, (_, i) => `Entry ${24 - i}`));
    expect(entries[0]).toMatchObject({ at: T0 + 24 * 60_000, actorName: "Priya Sharma", actorSide: "staff" });
    const second = await asMember(alice, project.id, "?page=2");
    expect((second.data!.entries as { summary: string }[]).map((e) => e.summary)).toEqual([
      "Entry 4",
      "Entry 3",
      "Entry 2",
      "Entry 1",
      "Entry 0",
    ]);
    const beyond = await asMember(alice, project.id, "?page=9");
    expect(beyond.data).toMatchObject({ entries: [], total: 25, page: 9 });
  });

  test("A project with no activity answers an empty timeline on both sides", async () => {
    expect((await asMember(alice, project.id)).data).toMatchObject({ entries: [], total: 0 });
    expect((await asStaff(delivery, project.id)).data).toMatchObject({ entries: [], total: 0 });
  });

  test("Another company's project, an archived one and an unknown id are all not found on the portal, and show nothing of them", async () => {
    await insertActivity(other.id, { at: T0, summary: "Acme secret step" });
    const archived = await insertProject(db(), { companyId: kite, createdBy: null, title: "Old site", description: "Done." });
    await setProjectArchived({ id: admin.id, email: admin.email, name: "Priya Sharma" }, archived.id, true);
    for (const id of [other.id, archived.id, "00000000-0000-0000-0000-000000000000"]) {
      const outcome = await asMember(alice, id);
      expect(outcome.status).toBe(404);
      expect(JSON.stringify(outcome.data ?? {})).not.toContain("Acme secret step");
    }
    expect(await listActivityForClient({ projectId: other.id, companyId: kite }, PAGE)).toBeUndefined();
  });

  test("Staff who may use Clients read any project's timeline, archived ones too; a recruiter and a client are refused", async () => {
    await insertActivity(project.id, { at: T0, summary: "Kickoff held" });
    await setProjectArchived({ id: admin.id, email: admin.email, name: "Priya Sharma" }, project.id, true);
    const staffView = await asStaff(delivery, project.id);
    expect(staffView).toMatchObject({
      status: 200,
      data: { project: { id: project.id, archived: true, companyName: "Kite Foods" }, total: 1 },
    });
    expect((await asStaff(recruiter, project.id)).status).toBe(403);
    expect((await asStaff(alice, project.id)).status).toBe(403);
    expect((await asStaff(admin, "00000000-0000-0000-0000-000000000000")).status).toBe(404);
  });

  test("Each entry links to its milestone, file, approval or progress while it exists; a removed milestone or deleted file has no link", async () => {
    const design = await insertMilestone(project.id, { title: "Design" });
    const gone = await insertMilestone(project.id, { title: "Dropped" });
    const brief = await insertFile(project.id, { name: "brief.pdf", side: "client" });
    const deleted = await insertFile(project.id, { name: "old.pdf", side: "staff" });
    const onMilestone = await insertApproval(project.id, { subjectType: "milestone", subjectId: design });
    const onFile = await insertApproval(project.id, { subjectType: "file", subjectId: brief.fileId });
    await insertActivity(project.id, { at: T0 + 1, summary: "Added Design", subjectType: "milestone", subjectId: design });
    await insertActivity(project.id, { at: T0 + 2, summary: "Added Dropped", subjectType: "milestone", subjectId: gone });
    await insertActivity(project.id, {
      at: T0 + 3,
      summary: "Uploaded brief.pdf",
      kind: "file.uploaded",
      subjectType: "file",
      subjectId: brief.versionId,
    });
    await insertActivity(project.id, {
      at: T0 + 4,
      summary: "Uploaded old.pdf",
      kind: "file.uploaded",
      subjectType: "file",
      subjectId: deleted.fileId,
    });
    await insertActivity(project.id, {
      at: T0 + 5,
      summary: "Asked for approval of Design",
      kind: "approval.requested",
      subjectType: "approval",
      subjectId: onMilestone,
    });
    await insertActivity(project.id, {
      at: T0 + 6,
      summary: "Asked for approval of brief.pdf",
      kind: "approval.requested",
      subjectType: "approval",
      subjectId: onFile,
    });
    await db().deleteFrom("milestones").where("id", "=", gone).execute();
    await db().deleteFrom("projectFiles").where("id", "=", deleted.fileId).execute();
    await setProjectProgress(
      { id: admin.id, email: admin.email, name: "Priya Sharma" },
      { id: project.id, progress: 40, note: "Design signed off" },
      T0 + 7,
    );

    const page = (await listActivityForStaff({ projectId: project.id }, PAGE))!;
    const links = Object.fromEntries(page.entries.map((e) => [e.summary, e.thing]));
    expect(links).toEqual({
      "Progress 0% → 40%: Design signed off": { type: "progress" },
      "Asked for approval of brief.pdf": { type: "approval", id: onFile, on: "file", onId: brief.fileId },
      "Asked for approval of Design": { type: "approval", id: onMilestone, on: "milestone", onId: design },
      "Uploaded old.pdf": null,
      "Uploaded brief.pdf": { type: "file", id: brief.fileId },
      "Added Dropped": null,
      "Added Design": { type: "milestone", id: design },
    });
    const base = `/user-dashboard/projects/${project.id}`;
    expect(thingHref("client", project.id, links["Added Design"]!)).toBe(`${base}#milestone-${design}`);
    expect(thingHref("client", project.id, links["Uploaded brief.pdf"]!)).toBe(`${base}/files?file=${brief.fileId}#file-${brief.fileId}`);
    expect(thingHref("client", project.id, links["Asked for approval of Design"]!)).toBe(`${base}#approval-${onMilestone}`);
    expect(thingHref("staff", project.id, links["Asked for approval of Design"]!)).toBe(
      `/employee-dashboard/projects/${project.id}/milestones#milestone-${design}`,
    );
    expect(thingHref("staff", project.id, links["Progress 0% → 40%: Design signed off"]!)).toBe(
      `/employee-dashboard/projects/${project.id}`,
    );
  });

  test("A progress change by staff reaches both sides' timelines at once and is announced to the company's open pages", async () => {
    const { seen, stop } = recordEvents();
    await setProjectProgress({ id: admin.id, email: admin.email, name: "Priya Sharma" }, { id: project.id, progress: 25, note: "" });
    stop();
    // The company's pages reload, the member's bell hears of it, and the mail worker is woken for
    // the progress mail her "Immediately" preference asks for.
    expect(seen).toEqual([
      { type: "project.changed", id: project.id, companyId: kite },
      { type: "notification.changed", userId: alice.id },
      { type: "mail.enqueued" },
    ]);
    const expected = {
      total: 1,
      entries: [
        {
          summary: "Progress 0% → 25%",
          actorName: "Priya Sharma",
          actorSide: "staff",
          kind: "progress.changed",
          thing: { type: "progress" },
        },
      ],
    };
    expect((await asMember(alice, project.id)).data).toMatchObject(expected);
    expect((await asStaff(delivery, project.id)).data).toMatchObject(expected);
    // Another company's member never reads it.
    expect((await asMember(bob, project.id)).status).toBe(404);
  });
});
