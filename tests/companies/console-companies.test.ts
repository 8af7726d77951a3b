import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as companyRoute from "~/routes/console/client";
import * as companiesRoute from "~/routes/console/clients";
import * as newCompanyRoute from "~/routes/console/company-new";
import * as settingsRoute from "~/routes/console/settings";
import { auth } from "~/server/auth/auth.server";
import { requireClient } from "~/server/auth/session.server";
import { db } from "~/server/db/db.server";
import { newId } from "~/lib/ids";
import { getSettings } from "~/server/models/shared/settings.server";
import { saveProfile } from "~/server/models/accounts/profiles.server";
import { insertProject } from "~/server/models/projects/projects.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { sessionCookieFrom, signInStaff, signUp, TEST_PASSWORD, type TestUser } from "../helpers/accounts";
import { recordEvents } from "../helpers/events";
import { buildRequest, call, type Form } from "../helpers/routes";

// Decision 0033: the console's companies and the Settings page.

const UNKNOWN = "00000000-0000-0000-0000-000000000000";

describe.each(testDatabases("console-companies"))("Console companies and settings on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let sales: TestUser;
  let recruiter: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    sales = await signInStaff("sam@indigokite.dev", { staffRole: "sales" });
    recruiter = await signInStaff("rita@indigokite.dev", { staffRole: "recruiter" });
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables(
      "auditLog",
      "appSettings",
      "projectProgress",
      "complaintReplies",
      "complaints",
      "projects",
      "profiles",
      "clientInvitations",
    );
    await db().deleteFrom("users").where("role", "=", "client").execute();
    await db().updateTable("quotes").set({ companyId: null }).execute();
    await clearTables("quotes", "companies");
  });

  const list = async (query = "", who = admin) => {
    const outcome = await call(companiesRoute.loader, `/employee-dashboard/clients${query}`, { cookie: who.cookie });
    return outcome.data as {
      companies: {
        id: string;
        name: string;
        memberCount: number;
        projectCount: number;
        openRequestCount: number;
        closedAt: number | null;
      }[];
      total: number;
    };
  };
  const create = (form: Form, who: Pick<TestUser, "cookie"> | null = admin) =>
    call(newCompanyRoute.action, "/employee-dashboard/clients/new", { cookie: who?.cookie, form: { intent: "create", ...form } });
  const page = (id: string, who: Pick<TestUser, "cookie"> | null = admin) =>
    call(companyRoute.loader, `/employee-dashboard/clients/${id}`, { params: { id }, cookie: who?.cookie });
  const post = (id: string, form: Form, who: Pick<TestUser, "cookie"> | null = admin) =>
    call(companyRoute.action, `/employee-dashboard/clients/${id}`, { params: { id }, cookie: who?.cookie, form });
  const audit = () => db().selectFrom("auditLog").selectAll().orderBy("createdAt").execute();

  async function newCompany(name: string, extra: Form = {}): Promise<string> {
    const outcome = await create({ name, ...extra });
    expect(outcome.status).toBe(302);
    return outcome.location!.split("/").pop()!.split("?")[0]!;
  }
  async function member(companyId: string, email: string, name = "Client", clientAdmin = false): Promise<TestUser> {
    const user = await signUp(email, name);
    await db()
      .updateTable("users")
      .set({ companyId, clientAdmin: database.name === "sqlite" ? Number(clientAdmin) : clientAdmin })
      .where("id", "=", user.id)
      .execute();
    return user;
  }
  async function complaint(companyId: string, subject: string, status = "Pending") {
    const id = newId();
    await db()
      .insertInto("complaints")
      .values({ id, companyId, createdBy: null, subject, message: "It fails.", status, createdAt: Date.now(), updatedAt: Date.now() })
      .execute();
    return id;
  }
  const sessionsOf = async (userId: string) =>
    (await db().selectFrom("sessions").select("id").where("userId", "=", userId).execute()).length;
  const clientGuard = async (cookie: string) => {
    try {
      return { status: 200, user: await requireClient(buildRequest("http://localhost/user-dashboard", { cookie })) };
    } catch (error) {
      if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
      throw error;
    }
  };
  const signInClient = async (email: string) => {
    const { headers } = await (await auth()).api.signInEmail({ body: { email, password: TEST_PASSWORD }, returnHeaders: true });
    return sessionCookieFrom(headers);
  };

  test("A guest is sent to /login, and a client and a recruiter are refused with 403, by every company and settings page and form; nothing changes", async () => {
    const id = await newCompany("Kite Foods");
    const alice = await member(id, "alice@example.com");
    const before = await audit();
    const client = { id: alice.id, email: alice.email, cookie: alice.cookie };
    for (const [who, expected] of [
      [null, { status: 302, location: "/login" }],
      [client, { status: 403 }],
      [recruiter, { status: 403 }],
    ] as const) {
      const outcomes = [
        await call(companiesRoute.loader, "/employee-dashboard/clients", { cookie: who?.cookie }),
        await call(newCompanyRoute.loader, "/employee-dashboard/clients/new", { cookie: who?.cookie }),
        await create({ name: "Forged" }, who),
        await page(id, who),
        await post(id, { intent: "save", name: "Renamed" }, who),
        await post(id, { intent: "close" }, who),
        await post(id, { intent: "set-client-admin", id: alice.id, clientAdmin: "on" }, who),
        await post(id, { intent: "remove-member", id: alice.id }, who),
        await call(settingsRoute.loader, "/employee-dashboard/settings", { cookie: who?.cookie }),
        await call(settingsRoute.action, "/employee-dashboard/settings", { cookie: who?.cookie, form: { intent: "save-settings" } }),
      ];
      for (const outcome of outcomes) expect(outcome).toMatchObject(expected);
    }
    // Settings are the admin's alone; sales use the company pages but not Settings.
    expect(await call(settingsRoute.loader, "/employee-dashboard/settings", { cookie: sales.cookie })).toMatchObject({ status: 403 });
    expect((await page(id, sales)).status).toBe(200);
    expect(await audit()).toEqual(before);
    expect((await db().selectFrom("companies").select("name").execute()).map((c) => c.name)).toEqual(["Kite Foods"]);
    expect(await getSettings()).toEqual({
      selfRegistration: true,
      clientProjects: true,
      staffMagicLink: false,
      inboundLeads: false,
      newDeliveryAssignedOnly: true,
    });
  });

  test("Staff create a company with website and country: stored as made by staff, audited, and the page opens", async () => {
    const outcome = await create({ name: "  Kite Foods  ", website: "kitefoods.in", country: "India", origin: "self", closedAt: "1" });
    expect(outcome).toMatchObject({ status: 302, location: expect.stringMatching(/^\/employee-dashboard\/clients\/[\w-]+\?created=1$/) });
    const [row] = await db().selectFrom("companies").selectAll().execute();
    expect(row).toMatchObject({ name: "Kite Foods", website: "https://kitefoods.in", country: "India", origin: "staff", closedAt: null });
    expect(await audit()).toMatchObject([{ actorId: admin.id, action: "company.create", entity: "company", entityId: row!.id }]);
    expect((await page(row!.id)).data).toMatchObject({
      company: { id: row!.id, name: "Kite Foods" },
      members: [],
      requests: [],
      leads: [],
    });
  });

  test("A company without a name, with a bad website or a name already taken is refused in place, and nothing is stored", async () => {
    await newCompany("Kite Foods");
    const refusals: [Form, number, string][] = [
      [{ name: "" }, 400, "Company name is required."],
      [{ name: "x".repeat(121) }, 400, "Company name must be 120 characters or fewer."],
      [{ name: "Ok", website: "javascript:alert(1)" }, 400, "Enter a website address such as https://example.com."],
      [{ name: "Ok", website: "not a site" }, 400, "Enter a website address such as https://example.com."],
      [{ name: "kite foods" }, 409, "A company named “kite foods” already exists."],
    ];
    for (const [form, status, message] of refusals) {
      const outcome = await create(form);
      expect(outcome.status).toBe(status);
      expect(JSON.stringify(outcome.data?.result)).toContain(message);
    }
    expect(await db().selectFrom("companies").select("id").execute()).toHaveLength(1);
    expect(await audit()).toHaveLength(1);
  });

  test("The same company submitted twice at once is created once; the other submission is told the name is taken", async () => {
    const outcomes = await Promise.all([create({ name: "Twice Co" }), create({ name: "Twice Co" })]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([302, 409]);
    expect(await db().selectFrom("companies").select("name").execute()).toEqual([{ name: "Twice Co" }]);
    expect((await audit()).map((a) => a.action)).toEqual(["company.create"]);
  });

  test("Staff list companies, open ones first, with member, project and open request counts", async () => {
    const kite = await newCompany("Kite Foods", { country: "India" });
    const closed = await newCompany("Old Co");
    await newCompany("Empty Co");
    await member(kite, "alice@example.com");
    await member(kite, "arun@example.com");
    await insertProject(db(), { companyId: kite, createdBy: null, title: "Rider app", description: "Tracking." });
    const archived = await insertProject(db(), { companyId: kite, createdBy: null, title: "Old app", description: "Gone." });
    await db().updateTable("projects").set({ archivedAt: Date.now() }).where("id", "=", archived.id).execute();
    await complaint(kite, "Login broken");
    await complaint(kite, "Fixed", "Resolved");
    expect((await post(closed, { intent: "close" })).status).toBe(200);

    const { companies, total } = await list();
    expect(total).toBe(3);
    expect(companies.map((c) => c.name)).toEqual(["Empty Co", "Kite Foods", "Old Co"]);
    expect(companies.find((c) => c.id === kite)).toMatchObject({ memberCount: 2, projectCount: 1, openRequestCount: 1, closedAt: null });
    expect(companies.find((c) => c.id === closed)!.closedAt).toEqual(expect.any(Number));
    expect((await list("", sales)).total).toBe(3);
  });

  test("The company list searches name, website, country and members' names and e-mails, case-insensitively and literally, and pages", async () => {
    const kite = await newCompany("Kite Foods", { website: "https://kitefoods.in", country: "India" });
    await newCompany("Blue Harbour", { country: "Portugal" });
    const alice = await member(kite, "alice@example.com", "Alice");
    await saveProfile({ id: alice.id, email: alice.email, name: "" }, { fullName: "Alice Rao", phone: "+1 555 0100" });
    const names = async (query: string) => {
      const data = await list(`?${query}`);
      return { names: data.companies.map((c) => c.name), total: data.total };
    };
    expect(await names("q=KITE")).toEqual({ names: ["Kite Foods"], total: 1 });
    expect(await names("q=kitefoods.in")).toEqual({ names: ["Kite Foods"], total: 1 });
    expect(await names("q=portugal")).toEqual({ names: ["Blue Harbour"], total: 1 });
    expect(await names("q=alice@example")).toEqual({ names: ["Kite Foods"], total: 1 });
    expect(await names("q=rao")).toEqual({ names: ["Kite Foods"], total: 1 });
    expect(await names("q=%25")).toEqual({ names: [], total: 0 });
    expect(await names("q=_")).toEqual({ names: [], total: 0 });
    expect(await names("page=2")).toEqual({ names: [], total: 2 });
  });

  test("Staff edit a company's details: audited with what changed; the same values again change nothing; another company's name is refused", async () => {
    const id = await newCompany("Kite Foods");
    await newCompany("Blue Harbour");
    const saved = await post(id, { intent: "save", name: "Kite Foods Ltd", website: "https://kite.example", country: "India" });
    expect(saved).toMatchObject({ status: 200, data: { intent: "save", status: "success" } });
    expect(await post(id, { intent: "save", name: "Kite Foods Ltd", website: "https://kite.example", country: "India" })).toMatchObject({
      status: 200,
      data: { status: "unchanged" },
    });
    const taken = await post(id, { intent: "save", name: "BLUE HARBOUR" });
    expect(taken.status).toBe(409);
    expect(await post(id, { intent: "save", name: "" })).toMatchObject({ status: 400, data: { status: "invalid" } });
    const row = await db().selectFrom("companies").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Kite Foods Ltd", website: "https://kite.example", country: "India" });
    const updates = (await audit()).filter((a) => a.action === "company.update");
    expect(updates).toHaveLength(1);
    expect(JSON.parse(updates[0]!.detail)).toEqual({
      name: { from: "Kite Foods", to: "Kite Foods Ltd" },
      website: { from: "", to: "https://kite.example" },
      country: { from: "", to: "India" },
    });
  });

  test("Closing a company signs its members out at once and keeps them out; reopening lets them sign in again; both are audited once", async () => {
    const id = await newCompany("Kite Foods");
    const other = await newCompany("Blue Harbour");
    const alice = await member(id, "alice@example.com");
    const arun = await member(id, "arun@example.com");
    const bob = await member(other, "bob@example.org");
    expect((await clientGuard(alice.cookie)).status).toBe(200);

    const live = recordEvents();
    expect(await post(id, { intent: "close" })).toMatchObject({ status: 200, data: { intent: "close", status: "success" } });
    expect(await post(id, { intent: "close" })).toMatchObject({ status: 200, data: { status: "unchanged" } });
    live.stop();
    expect(
      live.seen
        .filter((e) => e.type === "client.access-changed")
        .map((e) => (e as { userId: string }).userId)
        .sort(),
    ).toEqual([alice.id, arun.id].sort());
    expect([await sessionsOf(alice.id), await sessionsOf(arun.id), await sessionsOf(bob.id)]).toEqual([0, 0, 1]);
    expect(await clientGuard(alice.cookie)).toMatchObject({ status: 302, location: "/login" });
    // Signing in again does not get a closed company's member into the portal.
    expect((await clientGuard(await signInClient(alice.email))).status).toBe(403);
    expect((await clientGuard(bob.cookie)).status).toBe(200);

    expect(await post(id, { intent: "reopen" })).toMatchObject({ status: 200, data: { intent: "reopen", status: "success" } });
    expect(await post(id, { intent: "reopen" })).toMatchObject({ status: 200, data: { status: "unchanged" } });
    expect((await clientGuard(await signInClient(alice.email))).status).toBe(200);
    expect((await audit()).map((a) => a.action).filter((a) => a !== "company.create")).toEqual(["company.close", "company.reopen"]);
  });

  test("Staff switch a member's client admin flag on and off, audited; a member of another company or an unknown id is not found", async () => {
    const id = await newCompany("Kite Foods");
    const other = await newCompany("Blue Harbour");
    const alice = await member(id, "alice@example.com");
    const bob = await member(other, "bob@example.org");
    const set = (userId: string, value: string) => post(id, { intent: "set-client-admin", id: userId, clientAdmin: value });
    expect(await set(alice.id, "on")).toMatchObject({ status: 200, data: { status: "success", targetId: alice.id } });
    expect(await set(alice.id, "on")).toMatchObject({ status: 200, data: { status: "unchanged" } });
    expect(((await page(id)).data as { members: { clientAdmin: boolean }[] }).members).toMatchObject([
      { email: "alice@example.com", clientAdmin: true },
    ]);
    expect(await set(alice.id, "off")).toMatchObject({ status: 200, data: { status: "success" } });
    expect(await set(bob.id, "on")).toMatchObject({ status: 404, data: { status: "error" } });
    expect(await set(UNKNOWN, "on")).toMatchObject({ status: 404 });
    expect(await set(alice.id, "maybe")).toMatchObject({ status: 400, data: { status: "invalid" } });
    const bobRow = await db().selectFrom("users").select("clientAdmin").where("id", "=", bob.id).executeTakeFirstOrThrow();
    expect(Boolean(bobRow.clientAdmin)).toBe(false);
    const changes = (await audit()).filter((a) => a.action === "company.member-admin");
    expect(changes.map((a) => [a.entityId, JSON.parse(a.detail).to])).toEqual([
      [id, true],
      [id, false],
    ]);
  });

  test("Removing a member deletes their account, profile and sessions, keeps the company's projects and requests, and ends their streams", async () => {
    const id = await newCompany("Kite Foods");
    const alice = await member(id, "alice@example.com");
    const arun = await member(id, "arun@example.com");
    await saveProfile({ id: alice.id, email: alice.email, name: "" }, { fullName: "Alice Rao", phone: "+1 555 0100" });
    const project = await insertProject(db(), { companyId: id, createdBy: alice.id, title: "Rider app", description: "Tracking." });
    const request = await complaint(id, "Login broken");
    await db().updateTable("complaints").set({ createdBy: alice.id }).where("id", "=", request).execute();

    const live = recordEvents();
    expect(await post(id, { intent: "remove-member", id: alice.id })).toMatchObject({
      status: 200,
      data: { intent: "remove-member", status: "success", targetId: alice.id },
    });
    // A double submit: nothing left to do, and nothing said about anyone else.
    expect(await post(id, { intent: "remove-member", id: alice.id })).toMatchObject({ status: 200, data: { status: "unchanged" } });
    live.stop();
    expect(live.seen).toContainEqual({ type: "client.access-changed", userId: alice.id });
    expect(await db().selectFrom("users").select("id").where("id", "=", alice.id).execute()).toEqual([]);
    expect(await db().selectFrom("profiles").select("userId").where("userId", "=", alice.id).execute()).toEqual([]);
    expect(await sessionsOf(alice.id)).toBe(0);
    expect(await clientGuard(alice.cookie)).toMatchObject({ status: 302, location: "/login" });
    expect(await db().selectFrom("projects").select(["id", "companyId", "createdBy"]).execute()).toEqual([
      { id: project.id, companyId: id, createdBy: null },
    ]);
    expect(await db().selectFrom("complaints").select(["id", "companyId", "createdBy"]).execute()).toEqual([
      { id: request, companyId: id, createdBy: null },
    ]);
    expect(await sessionsOf(arun.id)).toBe(1);
    const removals = (await audit()).filter((a) => a.action === "company.member-remove");
    expect(removals).toMatchObject([{ entity: "company", entityId: id }]);
    expect(JSON.parse(removals[0]!.detail)).toMatchObject({ userId: alice.id, email: "alice@example.com" });
  });

  test("A member of another company cannot be removed through this company's page", async () => {
    const id = await newCompany("Kite Foods");
    const other = await newCompany("Blue Harbour");
    const bob = await member(other, "bob@example.org");
    expect(await post(id, { intent: "remove-member", id: bob.id })).toMatchObject({ status: 200, data: { status: "unchanged" } });
    expect(await db().selectFrom("users").select("id").where("id", "=", bob.id).execute()).toHaveLength(1);
    expect(await sessionsOf(bob.id)).toBe(1);
    expect((await audit()).filter((a) => a.action === "company.member-remove")).toEqual([]);
  });

  test("The company page shows members with last sign-in, support requests, the lead it came from and activity, newest first; an unknown id is not found", async () => {
    const id = await newCompany("Kite Foods");
    const other = await newCompany("Blue Harbour");
    const alice = await member(id, "alice@example.com", "Alice", true);
    await db().updateTable("users").set({ lastSignInAt: 1_700_000_000_000 }).where("id", "=", alice.id).execute();
    await member(other, "bob@example.org");
    const request = await complaint(id, "Login broken");
    await complaint(other, "Not ours");
    const leadId = newId();
    await db()
      .insertInto("quotes")
      .values({
        id: leadId,
        name: "Alice Rao",
        email: "alice@example.com",
        phone: "+91 98200 12345",
        country: "India",
        requirement: "An app.",
        submittedAt: 1000,
        status: "won",
        companyId: id,
      })
      .execute();
    const project = await insertProject(db(), { companyId: id, createdBy: null, title: "Rider app", description: "Tracking." });
    await db()
      .insertInto("auditLog")
      .values({
        id: newId(),
        actorId: admin.id,
        actorEmail: admin.email,
        action: "project.progress",
        entity: "project",
        entityId: project.id,
        detail: "{}",
        createdAt: Date.now() + 1000,
      })
      .execute();
    await post(id, { intent: "save", name: "Kite Foods Ltd" });

    const outcome = await page(id);
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({
      company: { id, name: "Kite Foods Ltd", closedAt: null },
      members: [{ id: alice.id, email: "alice@example.com", clientAdmin: true, lastSignInAt: 1_700_000_000_000 }],
      requests: [{ id: request, subject: "Login broken", status: "Pending" }],
      leads: [{ id: leadId, name: "Alice Rao", status: "won" }],
    });
    const activity = (outcome.data as { activity: { action: string }[] }).activity.map((a) => a.action);
    expect(activity).toEqual(["project.progress", "company.update", "company.create"]);
    expect(JSON.stringify(outcome.data)).not.toContain("bob@example.org");
    expect(JSON.stringify(outcome.data)).not.toContain("Not ours");

    for (const missing of [UNKNOWN, alice.id]) {
      const notFound = await page(missing);
      expect(notFound.status).toBe(404);
      expect(await notFound.response!.text()).toBe("No company with this id.");
      expect((await post(missing, { intent: "close" })).status).toBe(404);
    }
    expect((await post(id, { intent: "delete" })).status).toBe(400);
  });

  test("An admin saves the settings switches: each change stored and audited, a checkbox left unchecked means off, the same values again change nothing", async () => {
    // "New delivery members see only their assigned companies" stays on throughout (decision 0105).
    const save = (form: Form) =>
      call(settingsRoute.action, "/employee-dashboard/settings", {
        cookie: admin.cookie,
        form: { intent: "save-settings", newDeliveryAssignedOnly: "on", ...form },
      });
    expect((await call(settingsRoute.loader, "/employee-dashboard/settings", { cookie: admin.cookie })).data).toEqual({
      settings: { selfRegistration: true, clientProjects: true, staffMagicLink: false, inboundLeads: false, newDeliveryAssignedOnly: true },
    });
    expect(await save({ clientProjects: "on" })).toMatchObject({
      status: 200,
      data: { status: "success", message: "Settings saved. They apply at once." },
    });
    expect(await getSettings()).toEqual({
      selfRegistration: false,
      clientProjects: true,
      staffMagicLink: false,
      inboundLeads: false,
      newDeliveryAssignedOnly: true,
    });
    await save({ clientProjects: "on" });
    expect(await save({ selfRegistration: "yes" })).toMatchObject({ status: 400, data: { status: "invalid" } });
    expect(await getSettings()).toEqual({
      selfRegistration: false,
      clientProjects: true,
      staffMagicLink: false,
      inboundLeads: false,
      newDeliveryAssignedOnly: true,
    });
    await save({ selfRegistration: "on", clientProjects: "on" });
    expect(await getSettings()).toEqual({
      selfRegistration: true,
      clientProjects: true,
      staffMagicLink: false,
      inboundLeads: false,
      newDeliveryAssignedOnly: true,
    });
    // Decision 0098: "Staff may sign in with an e-mailed link", off by default.
    await save({ selfRegistration: "on", clientProjects: "on", staffMagicLink: "on" });
    expect(await getSettings()).toEqual({
      selfRegistration: true,
      clientProjects: true,
      staffMagicLink: true,
      inboundLeads: false,
      newDeliveryAssignedOnly: true,
    });
    await save({ selfRegistration: "on", clientProjects: "on" });
    const changes = (await audit()).filter((a) => a.entity === "settings");
    expect(changes.map((a) => [a.entityId, JSON.parse(a.detail).to])).toEqual([
      ["selfRegistration", false],
      ["selfRegistration", true],
      ["staffMagicLink", true],
      ["staffMagicLink", false],
    ]);
  });
});
