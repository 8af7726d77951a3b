import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { decideApproval } from "~/server/models/projects/approval-decide.server";
import { requestApproval } from "~/server/models/projects/approvals.server";
import { acceptClientInvitation } from "~/server/models/companies/client-invitation-accept.server";
import { insertClientInvitation } from "~/server/models/companies/client-invitations.server";
import { sweepMilestonesDue } from "~/server/models/projects/milestone-due.server";
import { addMilestone, listMilestones, updateMilestone } from "~/server/models/projects/milestones.server";
import { notifyFilesShared, notifyNewApplication } from "~/server/models/notifications/events.server";
import { insertProject, setProjectProgress, type Project } from "~/server/models/projects/projects.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { signInStaff, signUp, TEST_PASSWORD, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";

// Who hears of each event, and who must not (decision 0041).

const DAY = 86_400_000;

describe.each(testDatabases("notification-fanout"))("Who hears of what, on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let delivery: TestUser;
  let sales: TestUser;
  let recruiter: TestUser;
  let alice: TestUser;
  let arun: TestUser;
  let bob: TestUser;
  let kite: string;
  let project: Project;
  let other: Project;

  const who = (t: TestUser, name: string) => ({ id: t.id, email: t.email, name });
  const heard = async (type: string) => {
    const rows = await db().selectFrom("notifications").select("userId").where("type", "=", type).execute();
    return rows.map((r) => r.userId).sort();
  };
  const ids = (...users: TestUser[]) => users.map((u) => u.id).sort();

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://agency.test" }));
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    delivery = await signInStaff("dev@indigokite.dev", { name: "Dev Rao", staffRole: "delivery" });
    sales = await signInStaff("sam@indigokite.dev", { name: "Sam Sen", staffRole: "sales" });
    recruiter = await signInStaff("hema@indigokite.dev", { name: "Hema Iyer", staffRole: "recruiter" });
    alice = await signUp("alice@kite.example", "Alice");
    arun = await signUp("arun@kite.example", "Arun");
    bob = await signUp("bob@acme.example", "Bob");
    kite = await companyOf({ id: alice.id, name: "Alice" });
    await db()
      .updateTable("users")
      .set({ companyId: kite, clientAdmin: database.name === "sqlite" ? 0 : false })
      .where("id", "=", arun.id)
      .execute();
    await db()
      .updateTable("users")
      .set({ clientAdmin: database.name === "sqlite" ? 1 : true })
      .where("id", "=", alice.id)
      .execute();
    await companyOf({ id: bob.id, name: "Bob" });
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables(
      "notifications",
      "mailOutbox",
      "auditLog",
      "projectActivity",
      "approvals",
      "milestones",
      "projectProgress",
      "projects",
      "quotes",
    );
    project = await insertProject(db(), { companyId: kite, createdBy: null, title: "Rider app", description: "", ownerId: delivery.id });
    const bobs = (await db().selectFrom("users").select("companyId").where("id", "=", bob.id).executeTakeFirstOrThrow()).companyId!;
    other = await insertProject(db(), { companyId: bobs, createdBy: null, title: "Acme portal", description: "", ownerId: delivery.id });
  });

  test("A progress change with a note reaches every member of the company, with the note, live; never another company nor staff", async () => {
    const { seen, stop } = recordEvents();
    await setProjectProgress(who(delivery, "Dev Rao"), { id: project.id, progress: 40, note: "Login screens done." });
    stop();
    expect(await heard("progress_change")).toEqual(ids(alice, arun));
    const row = await db().selectFrom("notifications").selectAll().where("userId", "=", alice.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: "Rider app is now 40% done",
      body: "Login screens done.",
      link: `/user-dashboard/projects/${project.id}`,
      actorName: "Dev Rao",
    });
    expect(seen).toContainEqual({ type: "notification.changed", userId: alice.id });
    expect(seen).toContainEqual({ type: "notification.changed", userId: arun.id });
    expect(seen).not.toContainEqual({ type: "notification.changed", userId: bob.id });
  });

  test("A milestone marked Done reaches the company's members once; other edits tell nobody", async () => {
    await addMilestone(who(delivery, "Dev Rao"), project.id, { title: "Design", status: "in_progress" });
    const [milestone] = await listMilestones({ projectId: project.id });
    await updateMilestone(who(delivery, "Dev Rao"), project.id, milestone!.id, { title: "Design", status: "done" });
    await updateMilestone(who(delivery, "Dev Rao"), project.id, milestone!.id, { title: "Design!", status: "done" });
    expect(await heard("milestone_done")).toEqual(ids(alice, arun));
    const row = await db()
      .selectFrom("notifications")
      .select(["title", "link"])
      .where("userId", "=", arun.id)
      .where("type", "=", "milestone_done")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Milestone "Design" of Rider app is done', link: `/user-dashboard/projects/${project.id}` });
  });

  test("A milestone due tomorrow is told to its company's members exactly once, even by two sweeps at once; done, later or another company's are not", async () => {
    const now = Date.parse("2026-12-01T09:00:00Z");
    const insert = (projectId: string, title: string, dueDate: string, status = "planned") =>
      db()
        .insertInto("milestones")
        .values({
          id: `ms-${title}`.replace(" ", "-"),
          projectId,
          title,
          dueDate,
          status,
          position: 1,
          createdAt: now,
          updatedAt: now,
          completedAt: null,
        })
        .execute();
    await insert(project.id, "Launch", "2026-12-02");
    await insert(project.id, "Shipped", "2026-12-02", "done");
    await insert(project.id, "Later", "2026-12-09");
    await insert(other.id, "Acme launch", "2026-12-09");
    await Promise.all([sweepMilestonesDue(now), sweepMilestonesDue(now)]);
    await sweepMilestonesDue(now + 3_600_000);
    const rows = await db()
      .selectFrom("notifications")
      .select(["userId", "eventKey", "title"])
      .where("type", "=", "milestone_due")
      .orderBy("userId")
      .execute();
    expect(rows.map((r) => r.userId).sort()).toEqual(ids(alice, arun));
    expect(rows[0]).toMatchObject({
      eventKey: "milestone-due:ms-Launch:2026-12-02",
      title: 'Milestone "Launch" of Rider app is due on 2026-12-02',
    });
    // A week on, the next ones fall due: each company hears of its own only.
    await sweepMilestonesDue(now + 7 * DAY);
    expect(await heard("milestone_due")).toEqual([...ids(alice, arun), ...ids(alice, arun), bob.id].sort());
  });

  test("Asking for approval notifies and mails every member; the decision goes to the project's owner and the staff member who asked", async () => {
    await db().updateTable("projects").set({ ownerId: sales.id }).where("id", "=", project.id).execute();
    await addMilestone(who(delivery, "Dev Rao"), project.id, { title: "Design", status: "waiting" });
    const [milestone] = await listMilestones({ projectId: project.id });
    const asked = await requestApproval(who(delivery, "Dev Rao"), {
      projectId: project.id,
      subjectType: "milestone",
      subjectId: milestone!.id,
      note: "Please check.",
    });
    expect(await heard("approval_requested")).toEqual(ids(alice, arun));
    const mails = await db().selectFrom("mailOutbox").select(["toAddress", "subject"]).orderBy("toAddress").execute();
    expect(mails.map((m) => m.toAddress)).toEqual([alice.email, arun.email]);
    expect(mails[0]!.subject).toContain('Your approval is asked: milestone "Design"');
    await decideApproval(
      { ...who(alice, "Alice"), companyId: kite, emailVerified: true },
      { projectId: project.id, approvalId: asked!.id, decision: "approve" },
    );
    expect(await heard("approval_decided")).toEqual(ids(delivery, sales));
  });

  test("Files shared by staff reach the company's members; by a client, the staff who look after clients (not a recruiter)", async () => {
    const mail = { subject: "New file", text: "x", html: "<p>x</p>" } as never;
    await writeTransaction((trx) =>
      notifyFilesShared(
        trx,
        { session: "s1", projectId: project.id, companyId: kite, fromAgency: true, title: "Dev shared a file" },
        { actorId: delivery.id },
        mail,
        Date.now(),
      ),
    );
    expect(await heard("file_shared")).toEqual(ids(alice, arun));
    await clearTables("notifications");
    await writeTransaction((trx) =>
      notifyFilesShared(
        trx,
        { session: "s2", projectId: project.id, companyId: kite, fromAgency: false, title: "Alice shared a file" },
        { actorId: alice.id },
        mail,
        Date.now(),
      ),
    );
    expect(await heard("file_shared")).toEqual(ids(admin, delivery, sales));
  });

  test("An accepted invitation tells the staff member who invited and the company's client admins, not other members nor the newcomer", async () => {
    const { token } = await writeTransaction((trx) =>
      insertClientInvitation(trx, who(delivery, "Dev Rao"), {
        companyId: kite,
        name: "Carla",
        email: "carla@kite.example",
        clientAdmin: true,
      }),
    );
    await acceptClientInvitation(token, TEST_PASSWORD);
    const carla = await db().selectFrom("users").select("id").where("email", "=", "carla@kite.example").executeTakeFirstOrThrow();
    expect(await heard("invitation_accepted")).toEqual(ids(alice, delivery));
    expect(await heard("invitation_accepted")).not.toContain(carla.id);
    const links = await db().selectFrom("notifications").select(["userId", "link"]).where("type", "=", "invitation_accepted").execute();
    expect(links.find((l) => l.userId === alice.id)?.link).toBe("/user-dashboard/team");
    expect(links.find((l) => l.userId === delivery.id)?.link).toBe(`/employee-dashboard/clients/${kite}`);
  });

  test("A new lead reaches the staff who work leads; a new application, the staff who work applications; clients never", async () => {
    const quote = await submitQuote({
      consent: CURRENT_CONSENT_VERSION,
      name: "Asha Rao",
      email: "asha@example.com",
      phone: "+91 98200 12345",
      country: "India",
      requirement: "A CRM.",
    });
    expect(await heard("new_lead")).toEqual(ids(admin, sales));
    const lead = await db().selectFrom("notifications").select(["title", "link"]).where("type", "=", "new_lead").executeTakeFirstOrThrow();
    expect(lead).toEqual({ title: "New lead from Asha Rao", link: `/employee-dashboard/leads/${quote.id}` });
    await writeTransaction((trx) => notifyNewApplication(trx, { id: "app-1", name: "Ravi", openingTitle: "Engineer" }, Date.now()));
    expect(await heard("new_application")).toEqual(ids(admin, recruiter));
  });
});
