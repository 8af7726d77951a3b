import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as deleteRoute from "~/routes/console/project-delete";
import * as projectRoute from "~/routes/console/project";
import { db } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { isProjectFileKeyReferenced } from "~/server/models/projects/project-files.server";
import { insertProject, setProjectProgress } from "~/server/models/projects/projects.server";
import { setProjectArchived } from "~/server/models/projects/projects-staff.server";
import { fileStore } from "~/server/storage/storage.server";
import { recoverResumeIntents } from "~/server/uploads/resume-intents.server";
import { pdf } from "../fixtures/make-files";
import * as fx from "../fixtures/project-files";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { clearTables, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { uploadFiles } from "../helpers/project-uploads";
import { call } from "../helpers/routes";
import { testSetups } from "../helpers/storages";
import { insertApproval, insertMilestone } from "../helpers/workspace-rows";

// Decision 0043: an admin deletes a project with everything in it, its stored bytes included.

const WORKSPACE_TABLES = ["milestones", "approvals", "projectFiles", "fileVersions", "projectActivity", "projectProgress"] as const;

describe.each(testSetups("project delete"))("Deleting a project on $name", ({ database, storage }) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let sales: TestUser;
  let delivery: TestUser;
  let client: TestUser;
  let companyA = "";
  let companyB = "";
  let projectId = "";

  const rowsOf = async (id: string) => {
    const counts: Record<string, number> = {};
    for (const table of WORKSPACE_TABLES)
      counts[table] = (await db().selectFrom(table).select("projectId").where("projectId", "=", id).execute()).length;
    counts.projects = (await db().selectFrom("projects").select("id").where("id", "=", id).execute()).length;
    return counts;
  };
  const storedUnder = async (id: string) => (await storage.files()).filter((key) => key.startsWith(`projects/${id}/`));
  const intents = () => readdirSync(fileStore().tempDir()).filter((name) => name.endsWith(".intent"));
  const post = (who: TestUser, id: string, form: Record<string, string>) =>
    call(deleteRoute.action, `/employee-dashboard/projects/${id}/delete`, {
      cookie: who.cookie,
      params: { id },
      form,
      headers: { Origin: "http://localhost", Host: "localhost" },
    });

  /** A project with a milestone, an approval, progress history, and two files (one image: a thumbnail). */
  async function fullProject(companyId: string, title = "Rider app"): Promise<string> {
    const id = (await insertProject(db(), { companyId, createdBy: null, title, description: "", ownerId: admin.id })).id;
    const milestone = await insertMilestone(id, { title: "Design" });
    await insertApproval(id, { subjectType: "milestone", subjectId: milestone });
    await setProjectProgress({ id: admin.id, email: admin.email, name: "Priya Sharma" }, { id, progress: 40, note: "Halfway" });
    const uploaded = await uploadFiles(admin, id, [
      [pdf(), "Brief.pdf"],
      [await fx.png(400, 200), "logo.png"],
    ]);
    expect(uploaded.status).toBe(200);
    return id;
  }

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { ...(await storage.setup()), APP_URL: "https://agency.test" }));
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    sales = await signInStaff("sam@indigokite.dev", { name: "Sam Sales", staffRole: "sales" });
    delivery = await signInStaff("dev@indigokite.dev", { name: "Dev Rao", staffRole: "delivery" });
    client = await signUp("alice@example.com", "Alice");
    companyA = (await insertCompany(db(), { name: "Kite Foods", origin: "staff" })).id;
    companyB = (await insertCompany(db(), { name: "Acme", origin: "staff" })).id;
    await db().updateTable("users").set({ companyId: companyA }).where("id", "=", client.id).execute();
  }, 120_000);
  afterAll(async () => {
    await cleanup();
    await storage.teardown();
  });
  beforeEach(async () => {
    await clearTables(
      "mailOutbox",
      "auditLog",
      "projectActivity",
      "approvals",
      "milestones",
      "fileVersions",
      "projectFiles",
      "projectProgress",
      "projects",
    );
    projectId = await fullProject(companyA);
  });

  test("An admin deletes a project: every row of it goes, its files and thumbnails leave the store, the audit log keeps a row, and the company's pages hear it", async () => {
    const before = await storedUnder(projectId);
    expect(before).toHaveLength(3); // two originals and the image's thumbnail
    expect(await rowsOf(projectId)).toMatchObject({
      projects: 1,
      milestones: 1,
      approvals: 1,
      projectFiles: 2,
      fileVersions: 2,
      projectProgress: 1,
    });
    const { seen, stop } = recordEvents();
    const outcome = await post(admin, projectId, { intent: "delete", companyId: companyA });
    stop();
    expect([outcome.status, outcome.location]).toEqual([303, "/employee-dashboard/projects?notice=project-deleted"]);
    expect(Object.values(await rowsOf(projectId)).every((n) => n === 0)).toBe(true);
    expect(await storedUnder(projectId)).toEqual([]);
    expect(intents()).toEqual([]);
    expect(seen).toContainEqual({ type: "project.changed", id: projectId, companyId: companyA });
    const entry = await db()
      .selectFrom("auditLog")
      .select(["action", "entityId", "actorEmail", "detail"])
      .where("action", "=", "project.delete")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entityId: projectId, actorEmail: admin.email });
    expect(JSON.parse(entry.detail)).toEqual({
      companyId: companyA,
      title: "Rider app",
      archived: false,
      files: 2,
      milestones: 1,
      approvals: 1,
    });
  });

  test("An archived project can be deleted too", async () => {
    await setProjectArchived({ id: admin.id, email: admin.email, name: "Priya Sharma" }, projectId, true);
    const outcome = await post(admin, projectId, { intent: "delete", companyId: companyA });
    expect(outcome.status).toBe(303);
    expect((await rowsOf(projectId)).projects).toBe(0);
    expect(await storedUnder(projectId)).toEqual([]);
    const entry = await db().selectFrom("auditLog").select("detail").where("action", "=", "project.delete").executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail)).toMatchObject({ archived: true });
  });

  test("A project cannot be deleted by naming it with another company: 404, and its rows and files stay", async () => {
    const other = await fullProject(companyB, "Acme portal");
    const stored = await storedUnder(other);
    const outcome = await post(admin, other, { intent: "delete", companyId: companyA });
    expect(outcome.status).toBe(404);
    expect(await rowsOf(other)).toMatchObject({ projects: 1, fileVersions: 2, milestones: 1 });
    expect(await storedUnder(other)).toEqual(stored);
    expect(intents()).toEqual([]);
    // And an id nobody has is the same answer.
    expect((await post(admin, "no-such-project", { intent: "delete", companyId: companyA })).status).toBe(404);
    expect(await db().selectFrom("auditLog").select("id").where("action", "=", "project.delete").execute()).toEqual([]);
  });

  test("Only an admin may delete: sales and delivery get 403, a client of the company is refused, and nothing changes", async () => {
    for (const who of [sales, delivery, client]) {
      expect((await post(who, projectId, { intent: "delete", companyId: companyA })).status).toBe(403);
    }
    expect((await rowsOf(projectId)).projects).toBe(1);
    expect(await storedUnder(projectId)).toHaveLength(3);
  });

  test("The project page offers Delete behind a confirmation to admins only", async () => {
    const page = (who: TestUser, query = "") =>
      call(projectRoute.loader, `/employee-dashboard/projects/${projectId}${query}`, { cookie: who.cookie, params: { id: projectId } });
    expect((await page(admin)).data).toMatchObject({ mayDelete: true, confirmDelete: false });
    expect((await page(admin, "?confirm=delete")).data).toMatchObject({ mayDelete: true, confirmDelete: true });
    expect((await page(sales, "?confirm=delete")).data).toMatchObject({ mayDelete: false });
  });

  test.runIf(storage.name === "local disk")(
    "A stored file the store cannot delete keeps its intent, and the next start deletes it",
    async () => {
      const [key] = await storedUnder(projectId);
      const full = path.join(getEnv().STORAGE_DIR, ...key!.split("/"));
      // A directory where the file was: the store's unlink fails, as a disk or bucket error would.
      rmSync(full);
      mkdirSync(path.join(full, "stuck"), { recursive: true });
      expect((await post(admin, projectId, { intent: "delete", companyId: companyA })).status).toBe(303);
      expect(intents()).toHaveLength(1);
      // The next start: the obstacle is gone but the bytes are back where the key points.
      rmSync(full, { recursive: true });
      writeFileSync(full, pdf());
      expect(await isProjectFileKeyReferenced(key!)).toBe(false);
      await recoverResumeIntents(isProjectFileKeyReferenced, fileStore());
      expect(await storedUnder(projectId)).toEqual([]);
      expect(intents()).toEqual([]);
    },
  );
});
