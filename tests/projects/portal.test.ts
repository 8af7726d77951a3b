import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as layout from "~/routes/portal/layout";
import * as profileRoute from "~/routes/portal/profile";
import * as projectsRoute from "~/routes/portal/projects";
import * as settingsRoute from "~/routes/portal/settings";
import * as supportRoute from "~/routes/portal/support";
import * as portalEvents from "~/routes/resources/events-portal";
import { getComplaint } from "~/server/models/support/complaints.server";
import { db } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";
import { getProfile } from "~/server/models/accounts/profiles.server";
import { getProject, setProjectProgress } from "~/server/models/projects/projects.server";
import { addStaffReply } from "~/server/models/support/complaints-staff.server";
import { clearTables, testDatabases } from "../helpers/databases";
import { companyOf } from "../helpers/companies";
import type { TestUser } from "../helpers/accounts";
import { useAppWithTwoClients } from "../helpers/two-clients";
import { buildRequest, call } from "../helpers/routes";

const PROFILE = "/user-dashboard?index";
const PROJECTS = "/user-dashboard/projects";
const SUPPORT = "/user-dashboard/support";

const rows = async () => ({
  profiles: await db().selectFrom("profiles").selectAll().execute(),
  projects: await db().selectFrom("projects").selectAll().execute(),
  complaints: await db().selectFrom("complaints").selectAll().execute(),
  replies: await db().selectFrom("complaintReplies").selectAll().execute(),
});

describe.each(testDatabases("portal"))("Client portal on $name", (database) => {
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let bob: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    ({ alice, bob, staff, cleanup } = await useAppWithTwoClients(database, { staffName: "Priya" }));
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("complaintReplies", "complaints", "projects", "profiles");
  });

  const newProject = (who: TestUser, fields: Record<string, string> = {}) =>
    call(projectsRoute.action, PROJECTS, {
      cookie: who.cookie,
      form: { intent: "create-project", title: "Rider app", description: "Delivery tracking.", ...fields },
    });
  const newComplaint = (who: TestUser, fields: Record<string, string> = {}) =>
    call(supportRoute.action, SUPPORT, {
      cookie: who.cookie,
      form: { intent: "create-complaint", subject: "Login broken", message: "It fails.", ...fields },
    });
  const reply = (who: TestUser, complaintId: string, text: string, extra: Record<string, string> = {}) =>
    call(supportRoute.action, SUPPORT, { cookie: who.cookie, form: { intent: "reply", complaintId, text, ...extra } });

  test("A guest is sent to /login by every portal loader and action", async () => {
    const form = { intent: "create-project", title: "x", description: "y" };
    const outcomes = [
      await call(layout.loader, "/user-dashboard"),
      await call(profileRoute.loader, "/user-dashboard"),
      await call(profileRoute.action, PROFILE, { form: { intent: "save-profile", fullName: "G", phone: "+1 555 0100" } }),
      await call(projectsRoute.loader, PROJECTS),
      await call(projectsRoute.action, PROJECTS, { form }),
      await call(supportRoute.loader, SUPPORT),
      await call(supportRoute.action, SUPPORT, { form: { intent: "create-complaint", subject: "s", message: "m" } }),
      await call(settingsRoute.loader, "/user-dashboard/settings"),
      await call(portalEvents.loader, "/events/portal"),
    ];
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 302, location: "/login" });
    const stored = await rows();
    expect([stored.profiles, stored.projects, stored.complaints]).toEqual([[], [], []]);
  });

  test("A staff member is sent to the employee dashboard by every portal loader and action", async () => {
    const outcomes = [
      await call(layout.loader, "/user-dashboard", { cookie: staff.cookie }),
      await call(profileRoute.loader, "/user-dashboard", { cookie: staff.cookie }),
      await call(projectsRoute.action, PROJECTS, {
        cookie: staff.cookie,
        form: { intent: "create-project", title: "x", description: "y" },
      }),
      await call(supportRoute.loader, SUPPORT, { cookie: staff.cookie }),
      await call(portalEvents.loader, "/events/portal", { cookie: staff.cookie }),
    ];
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 302, location: "/employee-dashboard" });
    expect((await rows()).projects).toEqual([]);
  });

  test("A database failure answers with the spec's messages instead of an error page", async () => {
    // Taking the tables away makes every write fail, on SQLite and PostgreSQL alike. The client
    // already has the company a first visit gives them: the guard itself still works.
    await companyOf(alice);
    for (const t of ["profiles", "projects", "complaints"])
      await sql`alter table ${sql.id(t)} rename to ${sql.id(`${t}_off`)}`.execute(db());
    try {
      const profile = await call(profileRoute.action, PROFILE, {
        cookie: alice.cookie,
        form: { intent: "save-profile", fullName: "A", phone: "+1 555 0100" },
      });
      const project = await newProject(alice);
      const complaint = await newComplaint(alice);
      const answer = await reply(alice, "00000000-0000-0000-0000-000000000000", "Hello");
      expect(profile).toMatchObject({ status: 500, data: { message: "Failed to save profile. Try again." } });
      expect(project).toMatchObject({ status: 500, data: { message: "Failed to create project. Try again." } });
      expect(complaint).toMatchObject({ status: 500, data: { message: "Failed to submit request. Try again." } });
      expect(answer).toMatchObject({ status: 500, data: { message: "Failed to send reply." } });
    } finally {
      for (const t of ["profiles", "projects", "complaints"])
        await sql`alter table ${sql.id(`${t}_off`)} rename to ${sql.id(t)}`.execute(db());
    }
  });

  test("A client without a profile gets the completion form with the account's e-mail", async () => {
    const outcome = await call(profileRoute.loader, "/user-dashboard", { cookie: alice.cookie });
    expect(outcome.data).toMatchObject({ email: "alice@example.com", profile: null });
  });

  test("Saving a profile stores it under the signed-in client with the account's e-mail, ignoring posted ids and e-mail", async () => {
    const outcome = await call(profileRoute.action, PROFILE, {
      cookie: alice.cookie,
      form: {
        intent: "save-profile",
        fullName: " Alice Rao ",
        phone: "+91 98200 12345",
        company: "Kite",
        email: "evil@example.net",
        userId: bob.id,
        ownerId: bob.id,
        role: "employee",
      },
    });
    expect(outcome).toMatchObject({ status: 302, location: "/user-dashboard" });
    expect(await getProfile({ ownerId: alice.id })).toMatchObject({
      fullName: "Alice Rao",
      email: "alice@example.com",
      company: "Kite",
      country: "",
    });
    expect(await getProfile({ ownerId: bob.id })).toBeUndefined();
    const view = await call(profileRoute.loader, "/user-dashboard", { cookie: alice.cookie });
    expect(view.data).toMatchObject({ email: "alice@example.com", profile: { fullName: "Alice Rao", phone: "+91 98200 12345" } });
  });

  test("Editing a profile replaces it, and one client's save never touches another's profile", async () => {
    await call(profileRoute.action, PROFILE, {
      cookie: alice.cookie,
      form: { intent: "save-profile", fullName: "Alice", phone: "+1 555 0100" },
    });
    await call(profileRoute.action, PROFILE, {
      cookie: bob.cookie,
      form: { intent: "save-profile", fullName: "Mallory", phone: "+1 555 0199", userId: alice.id },
    });
    await call(profileRoute.action, PROFILE, {
      cookie: alice.cookie,
      form: { intent: "save-profile", fullName: "Alice R", phone: "+1 555 0101", country: "India" },
    });
    expect(await getProfile({ ownerId: alice.id })).toMatchObject({ fullName: "Alice R", phone: "+1 555 0101", country: "India" });
    expect(await getProfile({ ownerId: bob.id })).toMatchObject({ fullName: "Mallory", email: "bob@example.org" });
    expect((await rows()).profiles).toHaveLength(2);
  });

  test("A profile without full name or phone is refused with field errors and stores nothing", async () => {
    const outcome = await call(profileRoute.action, PROFILE, {
      cookie: alice.cookie,
      form: { intent: "save-profile", fullName: "  ", phone: "" },
    });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({ intent: "save-profile", status: "invalid" });
    expect(Object.keys((outcome.data?.result as { error: object }).error).sort()).toEqual(["fullName", "phone"]);
    expect((await rows()).profiles).toEqual([]);
  });

  test("A form with an unknown intent is refused", async () => {
    expect(
      (await call(projectsRoute.action, PROJECTS, { cookie: alice.cookie, form: { intent: "set-progress", progress: "100" } })).status,
    ).toBe(400);
    expect((await call(supportRoute.action, SUPPORT, { cookie: alice.cookie, form: { title: "x" } })).status).toBe(400);
  });

  test("A new project starts at progress 0 with createdAt, whatever progress or owner was posted", async () => {
    const before = Date.now();
    const outcome = await newProject(alice, { progress: "90", ownerId: bob.id, createdAt: "1" });
    expect(outcome).toMatchObject({ status: 200, data: { intent: "create-project", status: "success" } });
    const [project] = (await rows()).projects;
    // The company's project, created by Alice; no staff owner until staff choose one.
    expect(project).toMatchObject({
      companyId: await companyOf(alice),
      createdBy: alice.id,
      ownerId: null,
      title: "Rider app",
      progress: 0,
    });
    expect(project!.createdAt).toBeGreaterThanOrEqual(before);
  });

  test("A project without a title or description is refused and stores nothing", async () => {
    const outcome = await newProject(alice, { title: "", description: "   " });
    expect(outcome).toMatchObject({ status: 400, data: { status: "invalid" } });
    expect((await rows()).projects).toEqual([]);
  });

  test("A client lists only their own company's projects, and another company's project id is not found", async () => {
    await newProject(alice, { title: "Alice's app" });
    await newProject(bob, { title: "Bob's app" });
    const aliceList = (await call(projectsRoute.loader, PROJECTS, { cookie: alice.cookie })).data as {
      projects: { id: string; title: string }[];
    };
    const bobList = (await call(projectsRoute.loader, PROJECTS, { cookie: bob.cookie })).data as {
      projects: { id: string; title: string }[];
    };
    expect(aliceList.projects.map((p) => p.title)).toEqual(["Alice's app"]);
    expect(bobList.projects.map((p) => p.title)).toEqual(["Bob's app"]);
    expect(await getProject({ id: aliceList.projects[0]!.id, companyId: await companyOf(bob) })).toBeUndefined();
    expect(await getProject({ id: aliceList.projects[0]!.id, companyId: await companyOf(alice) })).toBeDefined();
  });

  test("A new support request starts Pending whatever status or owner was posted, newest first", async () => {
    await newComplaint(alice, { subject: "First" });
    const outcome = await newComplaint(alice, {
      subject: "Second",
      status: "Resolved",
      ownerId: bob.id,
      companyId: await companyOf(bob),
      createdBy: bob.id,
    });
    expect(outcome).toMatchObject({ status: 200, data: { intent: "create-complaint", status: "success" } });
    await db().updateTable("complaints").set({ createdAt: 1 }).where("subject", "=", "First").execute();
    const list = (await call(supportRoute.loader, SUPPORT, { cookie: alice.cookie })).data as {
      complaints: { subject: string; status: string }[];
    };
    expect(list.complaints).toMatchObject([
      { subject: "Second", status: "Pending" },
      { subject: "First", status: "Pending" },
    ]);
    const aliceCompany = await companyOf(alice);
    expect((await rows()).complaints.every((c) => c.companyId === aliceCompany && c.createdBy === alice.id)).toBe(true);
  });

  test("A support request without subject or message is refused and stores nothing", async () => {
    const outcome = await newComplaint(alice, { subject: " ", message: "" });
    expect(outcome).toMatchObject({ status: 400, data: { status: "invalid" } });
    expect((await rows()).complaints).toEqual([]);
  });

  test("A reply is stored trimmed as sent by 'user' under the member's own name, whatever sender, name or role was posted", async () => {
    await newComplaint(alice);
    const [complaint] = (await rows()).complaints;
    const outcome = await reply(alice, complaint!.id, "  Any news?  ", { sender: "staff", senderName: "Boss", role: "employee" });
    expect(outcome).toMatchObject({ status: 200, data: { intent: "reply", status: "success", targetId: complaint!.id } });
    // Her own name is her account's as it stands now (earlier tests here changed it in her profile).
    const { name } = await db().selectFrom("users").select("name").where("id", "=", alice.id).executeTakeFirstOrThrow();
    expect(name).not.toBe("");
    expect((await rows()).replies).toMatchObject([{ complaintId: complaint!.id, sender: "user", senderName: name, text: "Any news?" }]);
  });

  test("A blank reply is ignored and stores nothing", async () => {
    await newComplaint(alice);
    const [complaint] = (await rows()).complaints;
    for (const text of ["", "   ", "\n\t "]) {
      expect(await reply(alice, complaint!.id, text)).toMatchObject({ status: 200, data: { status: "ignored" } });
    }
    expect((await rows()).replies).toEqual([]);
  });

  test("A client cannot read, or reply to, another client's support request", async () => {
    await newComplaint(alice, { subject: "Alice's request" });
    const [complaint] = (await rows()).complaints;
    const bobList = (await call(supportRoute.loader, SUPPORT, { cookie: bob.cookie })).data as { complaints: unknown[] };
    expect(bobList.complaints).toEqual([]);
    expect(await getComplaint({ id: complaint!.id, companyId: await companyOf(bob) })).toBeUndefined();
    const outcome = await reply(bob, complaint!.id, "I can see you");
    expect(outcome).toMatchObject({ status: 404, data: { status: "error", message: "Failed to send reply." } });
    expect((await rows()).replies).toEqual([]);
    expect((await rows()).complaints).toMatchObject([
      { companyId: await companyOf(alice), createdBy: alice.id, status: "Pending", subject: "Alice's request" },
    ]);
  });

  test("A reply to a complaint that does not exist is not found", async () => {
    expect((await reply(alice, "00000000-0000-0000-0000-000000000000", "Hello")).status).toBe(404);
  });

  test("Staff replies show their account's current name, and the client's own replies show as 'user', in order", async () => {
    await newComplaint(alice);
    const [complaint] = (await rows()).complaints;
    await reply(alice, complaint!.id, "Any news?");
    // The name the reply was written under is a copy; the client is shown the account's name now (decision 0075).
    const priya = { id: staff.id, email: staff.email, name: "Priya from Support" };
    await addStaffReply(priya, { complaintId: complaint!.id, text: "Fixed today." }, Date.now() + 1000);
    const list = (await call(supportRoute.loader, SUPPORT, { cookie: alice.cookie })).data as {
      complaints: { replies: { sender: string; senderName: string; text: string }[] }[];
    };
    expect(list.complaints[0]!.replies).toMatchObject([
      { sender: "user", text: "Any news?" },
      { sender: "staff", senderName: "Priya", text: "Fixed today." },
    ]);
  });

  test("A card shows its request's latest three replies with the count of the rest; ?thread= opens that request's whole thread, and never another company's", async () => {
    await newComplaint(alice, { subject: "Long thread" });
    await newComplaint(alice, { subject: "Short thread" });
    const { complaints } = await rows();
    const long = complaints.find((c) => c.subject === "Long thread")!;
    const short = complaints.find((c) => c.subject === "Short thread")!;
    const priya = { id: staff.id, email: staff.email, name: "Priya" };
    // Client and staff take turns, each reply a few milliseconds after the last (the thread's order is by time).
    for (let i = 1; i <= 6; i++) {
      if (i % 2 === 1) await reply(alice, long.id, `Client note ${i}`);
      else await addStaffReply(priya, { complaintId: long.id, text: `Staff note ${i}` }, Date.now());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await reply(alice, short.id, "Only reply");
    type Card = { id: string; replyCount: number; replies: { text: string }[] };
    const cards = async (query = "") =>
      ((await call(supportRoute.loader, `${SUPPORT}${query}`, { cookie: alice.cookie })).data as { complaints: Card[] }).complaints;

    const collapsed = await cards();
    const longCard = collapsed.find((c) => c.id === long.id)!;
    expect(longCard.replyCount).toBe(6);
    expect(longCard.replies.map((r) => r.text)).toEqual(["Staff note 4", "Client note 5", "Staff note 6"]);
    expect(collapsed.find((c) => c.id === short.id)).toMatchObject({ replyCount: 1, replies: [{ text: "Only reply" }] });

    const opened = await cards(`?request=${long.id}&thread=${long.id}`);
    expect(opened.find((c) => c.id === long.id)!.replies.map((r) => r.text)).toEqual([
      "Client note 1",
      "Staff note 2",
      "Client note 3",
      "Staff note 4",
      "Client note 5",
      "Staff note 6",
    ]);
    // Another company's request named as the thread opens nothing of it.
    await call(supportRoute.action, SUPPORT, { cookie: bob.cookie, form: { intent: "create-complaint", subject: "Bob's", message: "m" } });
    const bobs = (await rows()).complaints.find((c) => c.subject === "Bob's")!;
    const withForeign = await cards(`?thread=${bobs.id}`);
    expect(withForeign.map((c) => c.id)).not.toContain(bobs.id);
    expect(withForeign.find((c) => c.id === long.id)!.replies).toHaveLength(3);
  });

  test("The portal stream forwards the changes of the signed-in client's own company only", async () => {
    const controller = new AbortController();
    const request = buildRequest("http://localhost/events/portal", { cookie: alice.cookie, signal: controller.signal });
    const response = (await portalEvents.loader({ request, params: {}, context: {} } as never)) as Response;
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    await reader.read(); // the retry/connected preamble

    await newProject(bob, { title: "Bob's secret" });
    await newProject(alice);
    const [aliceProject] = (await rows()).projects.filter((p) => p.createdBy === alice.id);
    await setProjectProgress({ id: staff.id, email: staff.email, name: "Priya" }, { id: aliceProject!.id, progress: 40 });
    events().publish({ type: "complaint.changed", id: "c-bob", companyId: await companyOf(bob) });
    events().publish({ type: "complaint.changed", id: "c-alice", companyId: await companyOf(alice) });

    let text = "";
    while (!text.includes("c-alice")) text += decoder.decode((await reader.read()).value);
    controller.abort();
    expect(text).not.toContain(await companyOf(bob));
    expect(text.match(/event: projects/g)).toHaveLength(2);
    expect(text).toContain("event: complaints");
    expect((await getProject({ id: aliceProject!.id, companyId: await companyOf(alice) }))?.progress).toBe(40);
  });
});
