import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as clientRoute from "~/routes/console/client";
import * as clientsRoute from "~/routes/console/clients";
import * as complaintRoute from "~/routes/console/complaint";
import * as inboxRoute from "~/routes/console/support";
import * as portalProjects from "~/routes/portal/projects";
import * as portalSupport from "~/routes/portal/support";
import { createComplaint } from "~/server/models/complaints.server";
import { db } from "~/server/db/db.server";
import { saveProfile } from "~/server/models/profiles.server";
import { createProject } from "~/server/models/projects.server";
import { clearTables, testDatabases, useAppDatabase } from "./helpers/databases";
import { memberScope } from "./helpers/companies";
import { signInStaff, signUp, type TestUser } from "./helpers/accounts";
import { recordEvents } from "./helpers/events";
import { call } from "./helpers/routes";

const snapshot = async () => ({
  projects: await db().selectFrom("projects").select(["id", "progress"]).orderBy("id").execute(),
  history: await db().selectFrom("projectProgress").selectAll().execute(),
  complaints: await db().selectFrom("complaints").select(["id", "status"]).orderBy("id").execute(),
  replies: await db().selectFrom("complaintReplies").selectAll().execute(),
  audit: await db().selectFrom("auditLog").selectAll().execute(),
  outbox: await db().selectFrom("mailOutbox").selectAll().execute(),
});

describe.each(testDatabases("console-clients-support"))("Staff console clients and support on $name", (database) => {
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let bob: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    alice = await signUp("alice@example.com", "Alice");
    bob = await signUp("bob@example.org", "Bob");
    staff = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("auditLog", "mailOutbox", "projectProgress", "complaintReplies", "complaints", "projects", "profiles");
  });

  const projectOf = async (who: TestUser, title = "Rider app") => createProject(await memberScope(who), { title, description: "Delivery tracking." });
  const complaintOf = async (who: TestUser, subject = "Login broken") => createComplaint(await memberScope(who), { subject, message: "It fails." });
  const setProgress = (who: TestUser | undefined, clientId: string, form: Record<string, string>) =>
    call(clientRoute.action, `/employee-dashboard/clients/${clientId}`, { params: { id: clientId }, cookie: who?.cookie, form: { intent: "set-progress", ...form } });
  const thread = (who: TestUser | undefined, complaintId: string, form?: Record<string, string>) =>
    call(form ? complaintRoute.action : complaintRoute.loader, `/employee-dashboard/support/${complaintId}`, { params: { id: complaintId }, cookie: who?.cookie, form });

  test("A guest is sent to /login and a client is refused with 403 by every loader and action, and nothing changes", async () => {
    const project = await projectOf(alice);
    const complaint = await complaintOf(alice);
    const before = await snapshot();
    for (const [who, expected] of [
      [undefined, { status: 302, location: "/login" }],
      [alice, { status: 403 }],
    ] as const) {
      const cookie = who?.cookie;
      const outcomes = [
        await call(clientsRoute.loader, "/employee-dashboard/clients", { cookie }),
        await call(clientRoute.loader, `/employee-dashboard/clients/${alice.id}`, { params: { id: alice.id }, cookie }),
        await setProgress(who, alice.id, { projectId: project.id, progress: "90", note: "Hacked" }),
        await call(inboxRoute.loader, "/employee-dashboard/support", { cookie }),
        await thread(who, complaint.id),
        await thread(who, complaint.id, { intent: "reply", text: "I am staff now" }),
        await thread(who, complaint.id, { intent: "set-status", status: "Resolved" }),
      ];
      for (const outcome of outcomes) expect(outcome).toMatchObject(expected);
    }
    expect(await snapshot()).toEqual(before);
    expect(before.audit).toEqual([]);
  });

  test("Staff list client accounts, never staff, with profile and project counts, newest first", async () => {
    await saveProfile({ ownerId: alice.id, email: alice.email }, { fullName: "Alice Rao", phone: "+91 98200 12345", company: "Kite Foods", country: "India" });
    await projectOf(alice, "One");
    await projectOf(alice, "Two");
    const outcome = await call(clientsRoute.loader, "/employee-dashboard/clients", { cookie: staff.cookie });
    const { clients, total, page } = outcome.data as { clients: Record<string, unknown>[]; total: number; page: number };
    expect(outcome.status).toBe(200);
    expect([total, page]).toEqual([2, 1]);
    expect(clients.map((c) => c.email).sort()).toEqual(["alice@example.com", "bob@example.org"]);
    expect(clients.find((c) => c.id === alice.id)).toMatchObject({ fullName: "Alice Rao", phone: "+91 98200 12345", company: "Kite Foods", country: "India", projectCount: 2 });
    expect(clients.find((c) => c.id === bob.id)).toMatchObject({ fullName: null, projectCount: 0 });
  });

  test("The client list searches name, e-mail, company and country, case-insensitively and literally, and pages", async () => {
    await saveProfile({ ownerId: alice.id, email: alice.email }, { fullName: "Alice Rao", phone: "+1 555 0100", company: "Kite Foods", country: "India" });
    const emails = async (query: string) => {
      const data = (await call(clientsRoute.loader, `/employee-dashboard/clients?${query}`, { cookie: staff.cookie })).data as {
        clients: { email: string }[];
        total: number;
      };
      return { emails: data.clients.map((c) => c.email), total: data.total };
    };
    expect(await emails("q=KITE")).toEqual({ emails: ["alice@example.com"], total: 1 });
    expect(await emails("q=example.org")).toEqual({ emails: ["bob@example.org"], total: 1 });
    expect(await emails("q=india")).toEqual({ emails: ["alice@example.com"], total: 1 });
    expect(await emails("q=indigokite")).toEqual({ emails: [], total: 0 });
    expect(await emails("q=%25")).toEqual({ emails: [], total: 0 });
    expect(await emails("q=_")).toEqual({ emails: [], total: 0 });
    expect(await emails("page=2")).toEqual({ emails: [], total: 2 });
  });

  test("A client's page shows the profile, projects with history and support requests; a staff or unknown id is not found", async () => {
    await saveProfile({ ownerId: alice.id, email: alice.email }, { fullName: "Alice Rao", phone: "+1 555 0100" });
    const project = await projectOf(alice);
    await projectOf(bob, "Bob's app");
    const complaint = await complaintOf(alice);
    const outcome = await call(clientRoute.loader, `/employee-dashboard/clients/${alice.id}`, { params: { id: alice.id }, cookie: staff.cookie });
    expect(outcome.data).toMatchObject({
      client: { id: alice.id, email: "alice@example.com", profile: { fullName: "Alice Rao", phone: "+1 555 0100" } },
      projects: [{ id: project.id, title: "Rider app", progress: 0, history: [] }],
      complaints: [{ id: complaint.id, subject: "Login broken", status: "Pending" }],
    });
    for (const id of [staff.id, "00000000-0000-0000-0000-000000000000"]) {
      expect(await call(clientRoute.loader, `/employee-dashboard/clients/${id}`, { params: { id }, cookie: staff.cookie })).toMatchObject({ status: 404 });
    }
  });

  test("Staff set progress with a note: value, history row and audit row are written, and the client's My Projects shows them live", async () => {
    const project = await projectOf(alice);
    const live = recordEvents();
    const outcome = await setProgress(staff, alice.id, { projectId: project.id, progress: "40", note: "  Design approved.  " });
    live.stop();
    expect(outcome).toMatchObject({ status: 200, data: { intent: "set-progress", status: "success", targetId: project.id } });
    const stored = await snapshot();
    expect(stored.projects).toEqual([{ id: project.id, progress: 40 }]);
    expect(stored.history).toMatchObject([{ projectId: project.id, progress: 40, note: "Design approved.", changedByName: "Priya Sharma" }]);
    expect(stored.audit).toHaveLength(1);
    expect(stored.audit[0]).toMatchObject({ actorId: staff.id, actorEmail: staff.email, action: "project.progress", entity: "project", entityId: project.id });
    expect(JSON.parse(stored.audit[0]!.detail)).toMatchObject({ from: 0, to: 40, ownerId: alice.id });
    expect(live.seen).toContainEqual({ type: "project.changed", id: project.id, ownerId: alice.id });

    await setProgress(staff, alice.id, { projectId: project.id, progress: "100" });
    const mine = (await call(portalProjects.loader, "/user-dashboard/projects", { cookie: alice.cookie })).data as {
      projects: { progress: number; history: { progress: number; note: string; changedByName: string; changedAt: number }[] }[];
    };
    expect(mine.projects[0]!.progress).toBe(100);
    expect(mine.projects[0]!.history).toMatchObject([
      { progress: 100, note: "", changedByName: "Priya Sharma" },
      { progress: 40, note: "Design approved.", changedByName: "Priya Sharma" },
    ]);
    const bobs = (await call(portalProjects.loader, "/user-dashboard/projects", { cookie: bob.cookie })).data as { projects: unknown[] };
    expect(bobs.projects).toEqual([]);
  });

  test("Progress out of range, not a whole number, missing, or with a note over 500 characters is refused and changes nothing", async () => {
    const project = await projectOf(alice);
    const forms: Record<string, string>[] = [
      { progress: "-1" },
      { progress: "101" },
      { progress: "abc" },
      { progress: "50.5" },
      { progress: "" },
      { progress: "50", note: "x".repeat(501) },
    ];
    for (const form of forms) {
      const outcome = await setProgress(staff, alice.id, { projectId: project.id, ...form });
      expect(outcome).toMatchObject({ status: 400, data: { status: "invalid", targetId: project.id } });
    }
    const stored = await snapshot();
    expect(stored.projects).toEqual([{ id: project.id, progress: 0 }]);
    expect([stored.history, stored.audit]).toEqual([[], []]);
  });

  test("Only the project, value and note are read from the form; another client's project is not found through this client", async () => {
    const project = await projectOf(alice);
    const bobsProject = await projectOf(bob, "Bob's app");
    const outcome = await setProgress(staff, alice.id, {
      projectId: project.id,
      progress: "30",
      ownerId: bob.id,
      changedByName: "Someone else",
      changedAt: "1",
      title: "Renamed",
    });
    expect(outcome.status).toBe(200);
    const [row] = await db().selectFrom("projects").selectAll().where("id", "=", project.id).execute();
    expect(row).toMatchObject({ ownerId: alice.id, title: "Rider app", progress: 30 });
    expect((await snapshot()).history).toMatchObject([{ changedByName: "Priya Sharma" }]);
    expect((await snapshot()).history[0]!.changedAt).toBeGreaterThan(1);

    const crossed = await setProgress(staff, alice.id, { projectId: bobsProject.id, progress: "90" });
    expect(crossed).toMatchObject({ status: 404, data: { status: "error" } });
    expect((await db().selectFrom("projects").select("progress").where("id", "=", bobsProject.id).executeTakeFirstOrThrow()).progress).toBe(0);
  });

  test("A form with an unknown intent is refused", async () => {
    const project = await projectOf(alice);
    const complaint = await complaintOf(alice);
    expect((await call(clientRoute.action, "/x", { params: { id: alice.id }, cookie: staff.cookie, form: { projectId: project.id, progress: "5" } })).status).toBe(400);
    expect((await thread(staff, complaint.id, { intent: "delete" })).status).toBe(400);
    expect((await snapshot()).audit).toEqual([]);
  });

  test("The support inbox lists every client's requests, unresolved first then newest, and filters by status", async () => {
    const old = await complaintOf(alice, "Old pending");
    const resolved = await complaintOf(bob, "Resolved one");
    const fresh = await complaintOf(bob, "New pending");
    await db().updateTable("complaints").set({ createdAt: 1000 }).where("id", "=", old.id).execute();
    await db().updateTable("complaints").set({ createdAt: 3000, status: "Resolved" }).where("id", "=", resolved.id).execute();
    await db().updateTable("complaints").set({ createdAt: 2000 }).where("id", "=", fresh.id).execute();
    const list = async (query = "") =>
      ((await call(inboxRoute.loader, `/employee-dashboard/support${query}`, { cookie: staff.cookie })).data as {
        entries: { subject: string; ownerEmail: string; status: string }[];
        total: number;
      });
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.entries.map((e) => e.subject)).toEqual(["New pending", "Old pending", "Resolved one"]);
    expect(all.entries[1]).toMatchObject({ ownerEmail: "alice@example.com", status: "Pending" });
    expect((await list("?status=Resolved")).entries.map((e) => e.subject)).toEqual(["Resolved one"]);
    expect((await list("?status=Pending")).total).toBe(2);
    expect((await list("?status=Bogus")).total).toBe(3);
  });

  test("A staff reply is stored as 'staff' with the staff member's name, mails the client and shows in their Support panel", async () => {
    const complaint = await complaintOf(alice);
    const live = recordEvents();
    const outcome = await thread(staff, complaint.id, { intent: "reply", text: "  We fixed it today.  ", sender: "user", senderName: "Fake" });
    live.stop();
    expect(outcome).toMatchObject({ status: 200, data: { intent: "reply", status: "success" } });
    const stored = await snapshot();
    expect(stored.replies).toMatchObject([{ complaintId: complaint.id, sender: "staff", senderName: "Priya Sharma", text: "We fixed it today." }]);
    expect(stored.outbox).toHaveLength(1);
    expect(stored.outbox[0]).toMatchObject({ toAddress: "alice@example.com", idempotencyKey: `complaint:${complaint.id}:reply:${stored.replies[0]!.id}`, status: "pending" });
    expect(stored.outbox[0]!.textBody).toContain("We fixed it today.");
    expect(stored.outbox[0]!.textBody).toContain("Priya Sharma");
    expect(stored.outbox[0]!.textBody).not.toContain("Login broken");
    expect(stored.audit).toMatchObject([{ actorEmail: staff.email, action: "complaint.reply", entity: "complaint", entityId: complaint.id }]);
    expect(live.seen).toContainEqual({ type: "complaint.changed", id: complaint.id, ownerId: alice.id });

    const mine = (await call(portalSupport.loader, "/user-dashboard/support", { cookie: alice.cookie })).data as {
      complaints: { replies: { sender: string; senderName: string; text: string }[] }[];
    };
    expect(mine.complaints[0]!.replies).toMatchObject([{ sender: "staff", senderName: "Priya Sharma", text: "We fixed it today." }]);
    const bobs = (await call(portalSupport.loader, "/user-dashboard/support", { cookie: bob.cookie })).data as { complaints: unknown[] };
    expect(bobs.complaints).toEqual([]);

    const staffView = await thread(staff, complaint.id);
    expect(staffView.data).toMatchObject({
      complaint: { id: complaint.id, owner: { id: alice.id, email: alice.email }, replies: [{ sender: "staff", senderName: "Priya Sharma" }] },
    });
  });

  test("A blank staff reply is ignored: nothing stored, mailed or audited", async () => {
    const complaint = await complaintOf(alice);
    for (const text of ["", "   ", "\n\t "]) {
      expect(await thread(staff, complaint.id, { intent: "reply", text })).toMatchObject({ status: 200, data: { status: "ignored" } });
    }
    const stored = await snapshot();
    expect([stored.replies, stored.outbox, stored.audit]).toEqual([[], [], []]);
  });

  test("Resolving and reopening mail the client each time with an audit row; the same status again changes nothing", async () => {
    const complaint = await complaintOf(alice);
    const resolved = await thread(staff, complaint.id, { intent: "set-status", status: "Resolved", ownerId: bob.id });
    expect(resolved).toMatchObject({ status: 200, data: { intent: "set-status", status: "success" } });
    expect(await thread(staff, complaint.id, { intent: "set-status", status: "Resolved" })).toMatchObject({ status: 200, data: { status: "unchanged" } });
    const mine = (await call(portalSupport.loader, "/user-dashboard/support", { cookie: alice.cookie })).data as { complaints: { status: string }[] };
    expect(mine.complaints[0]!.status).toBe("Resolved");

    expect(await thread(staff, complaint.id, { intent: "set-status", status: "Pending" })).toMatchObject({ status: 200, data: { status: "success" } });
    const stored = await snapshot();
    expect(stored.complaints).toEqual([{ id: complaint.id, status: "Pending" }]);
    expect(stored.audit.map((a) => [a.action, JSON.parse(a.detail).from, JSON.parse(a.detail).to]).sort()).toEqual([
      ["complaint.status", "Pending", "Resolved"],
      ["complaint.status", "Resolved", "Pending"],
    ]);
    const changeIds = stored.audit.map((a) => JSON.parse(a.detail).changeId as string);
    expect(stored.outbox.map((m) => m.idempotencyKey).sort()).toEqual(changeIds.map((id) => `complaint:${complaint.id}:status:${id}`).sort());
    expect(stored.outbox.every((m) => m.toAddress === "alice@example.com")).toBe(true);
    expect(stored.outbox.map((m) => m.subject).sort()).toEqual([
      "Your support request is open again - Indigo Kite Technologies",
      "Your support request is resolved - Indigo Kite Technologies",
    ]);
  });

  test("A status other than Pending or Resolved is refused and changes nothing", async () => {
    const complaint = await complaintOf(alice);
    for (const status of ["Closed", "", "resolved"]) {
      expect(await thread(staff, complaint.id, { intent: "set-status", status })).toMatchObject({ status: 400, data: { status: "invalid" } });
    }
    const stored = await snapshot();
    expect(stored.complaints).toEqual([{ id: complaint.id, status: "Pending" }]);
    expect([stored.outbox, stored.audit]).toEqual([[], []]);
  });

  test("An unknown support request is not found for the thread, a reply and a status change", async () => {
    const id = "00000000-0000-0000-0000-000000000000";
    expect(await thread(staff, id)).toMatchObject({ status: 404 });
    expect(await thread(staff, id, { intent: "reply", text: "Hello" })).toMatchObject({ status: 404, data: { status: "error" } });
    expect(await thread(staff, id, { intent: "set-status", status: "Resolved" })).toMatchObject({ status: 404, data: { status: "error" } });
    const stored = await snapshot();
    expect([stored.replies, stored.outbox, stored.audit]).toEqual([[], [], []]);
  });
});
