import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { addDays } from "~/lib/calendar";
import { calendarDateIn } from "~/lib/zoned-time";
import * as overviewRoute from "~/routes/console/overview";
import * as profileRoute from "~/routes/portal/profile";
import * as supportRoute from "~/routes/portal/support";
import { db } from "~/server/db/db.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { addStaffReply } from "~/server/models/support/complaints-staff.server";
import { addReply, createComplaint } from "~/server/models/support/complaints.server";
import { setProjectArchived } from "~/server/models/projects/projects-staff.server";
import { insertProject, type Project } from "~/server/models/projects/projects.server";
import {
  FIRST_VISIT_LOOKBACK_MS,
  LAST_LOOK_PRECISION_MS,
  portalVisitSince,
  VISIT_GAP_MS,
} from "~/server/models/shared/seen-markers.server";
import { waitingOnYou } from "~/server/models/reports/waiting-on-you.server";
import { workspaceOverview } from "~/server/models/projects/workspace-overview.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";
import { insertApproval, insertFile, insertMilestone } from "../helpers/workspace-rows";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDatabases("waiting-on-you"))("Waiting on you on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let delivery: TestUser;
  let recruiter: TestUser;
  let alice: TestUser;
  let amir: TestUser;
  let bob: TestUser;
  let kite: string;
  let acme: string;
  let rider: Project;
  let scanner: Project;
  const staff = (who: TestUser, name: string) => ({ id: who.id, email: who.email, name });
  const kiteScope = (who: TestUser) => ({ userId: who.id, companyId: kite });
  const today = calendarDateIn(Date.now(), "UTC");

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    delivery = await signInStaff("dev@indigokite.dev", { name: "Dev Rao", staffRole: "delivery" });
    recruiter = await signInStaff("hema@indigokite.dev", { name: "Hema Iyer", staffRole: "recruiter" });
    alice = await signUp("alice@example.com", "Alice");
    amir = await signUp("amir@example.com", "Amir");
    bob = await signUp("bob@example.org", "Bob");
    kite = (await insertCompany(db(), { name: "Kite Foods", origin: "staff" })).id;
    acme = (await insertCompany(db(), { name: "Acme Logistics", origin: "staff" })).id;
    await db().updateTable("users").set({ companyId: kite }).where("id", "in", [alice.id, amir.id]).execute();
    await db().updateTable("users").set({ companyId: acme }).where("id", "=", bob.id).execute();
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables(
      "seenMarkers",
      "approvals",
      "fileVersions",
      "projectFiles",
      "milestones",
      "complaintReplies",
      "complaints",
      "auditLog",
      "mailOutbox",
      "projects",
    );
    rider = await insertProject(db(), {
      companyId: kite,
      createdBy: null,
      title: "Rider app",
      description: "Delivery tracking.",
      ownerId: delivery.id,
    });
    scanner = await insertProject(db(), { companyId: acme, createdBy: null, title: "Warehouse scanner", description: "Private." });
  });

  const waiting = (who: TestUser, filesSince = 0) => waitingOnYou(kiteScope(who), { filesSince, today });

  test("Approvals waiting are the company's pending requests with what they are about; decided, withdrawn and other companies' ones are not", async () => {
    const design = await insertMilestone(rider.id, { title: "Design" });
    const launch = await insertMilestone(rider.id, { title: "Launch" });
    const logo = await insertFile(rider.id, { name: "logo.png", side: "staff" });
    const onDesign = await insertApproval(rider.id, {
      subjectType: "milestone",
      subjectId: design,
      requestedAt: Date.now() - 2 * HOUR,
      note: "Please check the colours",
    });
    const onLogo = await insertApproval(rider.id, { subjectType: "file", subjectId: logo.fileId, requestedAt: Date.now() - HOUR });
    await insertApproval(rider.id, {
      subjectType: "milestone",
      subjectId: launch,
      status: "approved",
      decidedAt: Date.now(),
      decidedByName: "Alice",
    });
    await insertApproval(rider.id, { subjectType: "milestone", subjectId: launch, status: "withdrawn" });
    const acmeStep = await insertMilestone(scanner.id, { title: "Acme step" });
    await insertApproval(scanner.id, { subjectType: "milestone", subjectId: acmeStep });

    const { approvals } = await waiting(alice);
    expect(approvals).toMatchObject([
      {
        id: onDesign,
        projectId: rider.id,
        projectTitle: "Rider app",
        subjectType: "milestone",
        subjectId: design,
        subjectTitle: "Design",
        requestedByName: "Priya Sharma",
        note: "Please check the colours",
      },
      { id: onLogo, subjectType: "file", subjectId: logo.fileId, subjectTitle: "logo.png" },
    ]);
    // Bob's company has its own, and never Kite's.
    const forBob = await waitingOnYou({ userId: bob.id, companyId: acme }, { filesSince: 0, today });
    expect(forBob.approvals.map((a) => a.subjectTitle)).toEqual(["Acme step"]);
  });

  test("A staff reply is unread for each member until they open Support; a newer reply is unread again", async () => {
    const complaint = await createComplaint({ companyId: kite, createdBy: alice.id }, { subject: "Login broken", message: "It fails." });
    await addReply({ complaintId: complaint.id, companyId: kite, memberName: "Alice" }, "Still failing.", Date.now() - 3000);
    await addStaffReply(staff(admin, "Priya Sharma"), { complaintId: complaint.id, text: "Looking into it." }, Date.now() - 2000);
    await addStaffReply(staff(admin, "Priya Sharma"), { complaintId: complaint.id, text: "Fixed now." }, Date.now() - 1000);
    expect((await waiting(alice)).replies).toMatchObject([{ complaintId: complaint.id, subject: "Login broken", unread: 2 }]);

    const opened = await call(supportRoute.loader, "/user-dashboard/support", { cookie: alice.cookie });
    expect(opened.status).toBe(200);
    expect((await waiting(alice)).replies).toEqual([]);
    // Amir, Alice's teammate, has not opened Support: the replies still wait on him.
    expect((await waiting(amir)).replies).toMatchObject([{ complaintId: complaint.id, unread: 2 }]);

    await addStaffReply(staff(admin, "Priya Sharma"), { complaintId: complaint.id, text: "One more thing." }, Date.now() + 1000);
    expect((await waiting(alice)).replies).toMatchObject([{ complaintId: complaint.id, unread: 1 }]);
  });

  test("A member's own company's client replies are never counted as unread", async () => {
    const complaint = await createComplaint({ companyId: kite, createdBy: alice.id }, { subject: "Invoice", message: "Where is it?" });
    await db()
      .insertInto("complaintReplies")
      .values({
        id: crypto.randomUUID(),
        complaintId: complaint.id,
        sender: "user",
        senderName: "Amir",
        text: "Any news?",
        timestamp: Date.now(),
      })
      .execute();
    expect((await waiting(alice)).replies).toEqual([]);
  });

  test("The first screen's visit: a first visit counts 14 days back, the same visit keeps its line, a visit after a break starts at the previous visit's last look", async () => {
    const t = Date.parse("2026-11-25T09:00:00Z");
    expect(await portalVisitSince(alice.id, t)).toBe(t - FIRST_VISIT_LOOKBACK_MS);
    expect(await portalVisitSince(alice.id, t + 10 * 60_000)).toBe(t - FIRST_VISIT_LOOKBACK_MS);
    expect(await portalVisitSince(alice.id, t + 20 * 60_000)).toBe(t - FIRST_VISIT_LOOKBACK_MS);
    // Back after a break: what the member saw at 09:20 is no longer new.
    const back = t + 20 * 60_000 + VISIT_GAP_MS;
    expect(await portalVisitSince(alice.id, back)).toBe(t + 20 * 60_000);
    expect(await portalVisitSince(alice.id, back + 60_000)).toBe(t + 20 * 60_000);
    // Each member's visits are their own.
    expect(await portalVisitSince(amir.id, back)).toBe(back - FIRST_VISIT_LOOKBACK_MS);
  });

  test("Looks at the first screen within a minute of the last one recorded write nothing, so a visit's last look is at most that much early", async () => {
    const t = Date.parse("2026-11-26T09:00:00Z");
    await portalVisitSince(alice.id, t);
    const lastLook = async () =>
      (
        await db()
          .selectFrom("seenMarkers")
          .select("seenAt")
          .where("userId", "=", alice.id)
          .where("subject", "=", "portal:visit")
          .executeTakeFirst()
      )?.seenAt;
    await portalVisitSince(alice.id, t + LAST_LOOK_PRECISION_MS - 1);
    expect(Number(await lastLook())).toBe(t);
    await portalVisitSince(alice.id, t + LAST_LOOK_PRECISION_MS);
    expect(Number(await lastLook())).toBe(t + LAST_LOOK_PRECISION_MS);
    // The next visit starts from the last look recorded.
    const back = t + LAST_LOOK_PRECISION_MS + 30_000 + VISIT_GAP_MS;
    expect(await portalVisitSince(alice.id, back)).toBe(t + LAST_LOOK_PRECISION_MS);
  });

  test("Files staff shared after the line are listed newest first, ten at most with the rest counted; client uploads, older ones and other companies' are not", async () => {
    const line = Date.now() - DAY;
    await insertFile(rider.id, { name: "old-spec.pdf", side: "staff", at: line - HOUR });
    await insertFile(rider.id, { name: "brief.pdf", side: "client", at: line + HOUR });
    await insertFile(scanner.id, { name: "acme.pdf", side: "staff", at: line + HOUR });
    const design = await insertFile(rider.id, { name: "design.pdf", side: "staff", at: line + HOUR });
    await insertFile(rider.id, { name: "design.pdf", side: "staff", at: line + 2 * HOUR, fileId: design.fileId, version: 2 });
    let result = await waiting(alice, line);
    expect(result.files).toMatchObject([
      { fileId: design.fileId, name: "design.pdf", version: 2, projectTitle: "Rider app", uploadedByName: "Priya Sharma" },
      { fileId: design.fileId, name: "design.pdf", version: 1 },
    ]);
    expect(result.moreFiles).toBe(0);
    for (let i = 0; i < 11; i++) await insertFile(rider.id, { name: `shot-${i}.png`, side: "staff", at: line + 3 * HOUR + i });
    result = await waiting(alice, line);
    expect(result.files).toHaveLength(10);
    expect(result.files[0]).toMatchObject({ name: "shot-10.png" });
    expect(result.moreFiles).toBe(3);
  });

  test("Milestones due from today to 14 days ahead and not done are listed soonest first", async () => {
    await insertMilestone(rider.id, { title: "Yesterday", dueDate: addDays(today, -1) });
    await insertMilestone(rider.id, { title: "In two weeks", dueDate: addDays(today, 14), status: "waiting" });
    await insertMilestone(rider.id, { title: "Today", dueDate: today, status: "in_progress" });
    await insertMilestone(rider.id, { title: "Finished", dueDate: addDays(today, 3), status: "done" });
    await insertMilestone(rider.id, { title: "Later", dueDate: addDays(today, 15) });
    await insertMilestone(rider.id, { title: "Undated" });
    await insertMilestone(scanner.id, { title: "Acme soon", dueDate: addDays(today, 2) });
    const { milestones } = await waiting(alice);
    expect(milestones.map((m) => [m.title, m.status])).toEqual([
      ["Today", "in_progress"],
      ["In two weeks", "waiting"],
    ]);
  });

  test("An archived project's approvals, files and milestones wait on nobody", async () => {
    const step = await insertMilestone(rider.id, { title: "Design", dueDate: today });
    await insertApproval(rider.id, { subjectType: "milestone", subjectId: step });
    await insertFile(rider.id, { name: "design.pdf", side: "staff" });
    await setProjectArchived(staff(admin, "Priya Sharma"), rider.id, true);
    expect(await waiting(alice)).toEqual({ approvals: [], replies: [], files: [], moreFiles: 0, milestones: [], owed: [] });
  });

  test("The portal's first screen shows Waiting on you above the member's profile, and records their visit", async () => {
    const step = await insertMilestone(rider.id, { title: "Design", dueDate: today });
    await insertApproval(rider.id, { subjectType: "milestone", subjectId: step });
    const outcome = await call(profileRoute.loader, "/user-dashboard", { cookie: alice.cookie });
    expect(outcome).toMatchObject({
      status: 200,
      data: {
        email: "alice@example.com",
        profile: null,
        waiting: { waiting: { approvals: [{ subjectTitle: "Design" }], milestones: [{ title: "Design" }] } },
      },
    });
    const markers = await db().selectFrom("seenMarkers").select("subject").where("userId", "=", alice.id).orderBy("subject").execute();
    expect(markers.map((m) => m.subject)).toEqual(["portal", "portal:visit"]);
  });

  test("When Waiting on you cannot be read, the first screen still shows the member's profile, with a note in its place", async () => {
    await sql`alter table seen_markers rename to seen_markers_off`.execute(db());
    try {
      const outcome = await call(profileRoute.loader, "/user-dashboard", { cookie: alice.cookie });
      expect(outcome).toMatchObject({ status: 200, data: { email: "alice@example.com", profile: null, waiting: null } });
    } finally {
      await sql`alter table seen_markers_off rename to seen_markers`.execute(db());
    }
  });

  test("The console overview shows decisions, client uploads and overdue milestones per owner, the viewer's own first and unowned last", async () => {
    const unowned = await insertProject(db(), { companyId: kite, createdBy: null, title: "Menu site", description: "x" });
    const adminOwned = await insertProject(db(), {
      companyId: acme,
      createdBy: null,
      title: "Fleet portal",
      description: "x",
      ownerId: admin.id,
    });
    const design = await insertMilestone(rider.id, { title: "Design" });
    await insertApproval(rider.id, {
      subjectType: "milestone",
      subjectId: design,
      status: "changes_requested",
      decidedAt: Date.now() - HOUR,
      decidedByName: "Alice",
      comment: "Bigger logo",
    });
    const stale = await insertMilestone(rider.id, { title: "Old design" });
    await insertApproval(rider.id, {
      subjectType: "milestone",
      subjectId: stale,
      status: "approved",
      decidedAt: Date.now() - 8 * DAY,
      decidedByName: "Alice",
    });
    await insertApproval(rider.id, { subjectType: "milestone", subjectId: stale, status: "pending" });
    await insertFile(unowned.id, { name: "brief.pdf", side: "client", at: Date.now() - DAY });
    await insertFile(unowned.id, { name: "deliverable.pdf", side: "staff", at: Date.now() - DAY });
    await insertFile(unowned.id, { name: "ancient.pdf", side: "client", at: Date.now() - 8 * DAY });
    await insertMilestone(adminOwned.id, { title: "Handover", dueDate: addDays(today, -2) });
    await insertMilestone(adminOwned.id, { title: "Done late", dueDate: addDays(today, -2), status: "done" });
    await insertMilestone(adminOwned.id, { title: "Due today", dueDate: today });

    const groups = await workspaceOverview({ viewerId: delivery.id, today, scope: "all" });
    expect(groups.map((g) => g.ownerName)).toEqual(["Dev Rao", "Priya Sharma", "No owner yet"]);
    expect(groups[0]).toMatchObject({
      ownerId: delivery.id,
      decisions: [
        { subjectTitle: "Design", status: "changes_requested", decidedByName: "Alice", comment: "Bigger logo", companyName: "Kite Foods" },
      ],
      uploads: [],
      overdue: [],
    });
    expect(groups[1]).toMatchObject({
      ownerId: admin.id,
      decisions: [],
      uploads: [],
      overdue: [{ title: "Handover", projectTitle: "Fleet portal", companyName: "Acme Logistics" }],
    });
    expect(groups[2]).toMatchObject({
      ownerId: null,
      decisions: [],
      uploads: [{ name: "brief.pdf", projectTitle: "Menu site", uploadedByName: "Alice" }],
      overdue: [],
    });
  });

  test("Only staff roles that may use Clients get the client work on the console overview", async () => {
    const design = await insertMilestone(rider.id, { title: "Design", dueDate: addDays(today, -1) });
    expect(design).toBeTruthy();
    const asDelivery = await call(overviewRoute.loader, "/employee-dashboard", { cookie: delivery.cookie });
    expect(asDelivery).toMatchObject({ status: 200, data: { clientWork: [{ ownerName: "Dev Rao", overdue: [{ title: "Design" }] }] } });
    const asRecruiter = await call(overviewRoute.loader, "/employee-dashboard", { cookie: recruiter.cookie });
    expect(asRecruiter).toMatchObject({ status: 200, data: { clientWork: null } });
  });

  test("The console overview lists the five most overdue milestones of an owner and counts the rest", async () => {
    for (let i = 1; i <= 8; i++) await insertMilestone(rider.id, { title: `Late ${i}`, dueDate: addDays(today, -i) });
    const [mine] = await workspaceOverview({ viewerId: delivery.id, today, scope: "all" });
    expect(mine!.ownerId).toBe(delivery.id);
    expect(mine!.overdue.map((m) => m.title)).toEqual(["Late 8", "Late 7", "Late 6", "Late 5", "Late 4"]);
    expect(mine!.more).toEqual({ decisions: 0, uploads: 0, overdue: 3 });
  });

  test("An owner whose overdue milestones are newer than the agency's oldest two hundred is still listed, and every count is exact", async () => {
    const fleet = await insertProject(db(), {
      companyId: acme,
      createdBy: null,
      title: "Fleet portal",
      description: "x",
      ownerId: admin.id,
    });
    for (let i = 0; i < 205; i++) await insertMilestone(fleet.id, { title: `Backlog ${i}`, dueDate: addDays(today, -30 - i) });
    await insertMilestone(rider.id, { title: "Launch", dueDate: addDays(today, -1) });

    const groups = await workspaceOverview({ viewerId: delivery.id, today, scope: "all" });
    expect(groups.map((g) => g.ownerName)).toEqual(["Dev Rao", "Priya Sharma"]);
    expect(groups[0]!.overdue.map((m) => m.title)).toEqual(["Launch"]);
    expect(groups[0]!.more.overdue).toBe(0);
    expect(groups[1]!.overdue.map((m) => m.title)).toEqual(["Backlog 204", "Backlog 203", "Backlog 202", "Backlog 201", "Backlog 200"]);
    expect(groups[1]!.more.overdue).toBe(200);
  }, 60_000);
});
