import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as convertRoute from "~/routes/console/lead-convert";
import { db } from "~/server/db/db.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { signInStaff, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";

const CONSOLE = "/employee-dashboard";

describe.each(testDatabases("lead-conversion"))("Convert a lead to a client on $name", (database) => {
  let cleanup: () => Promise<void>;
  let sales: TestUser;
  let delivery: TestUser;
  let leadId: string;

  /** What a conversion may touch, to compare before and after a refused one. */
  const snapshot = async () => ({
    companies: await db().selectFrom("companies").select(["id", "name"]).orderBy("id").execute(),
    invitations: await db().selectFrom("clientInvitations").select("id").execute(),
    projects: await db().selectFrom("projects").select("id").execute(),
    lead: await db().selectFrom("quotes").select(["status", "companyId"]).where("id", "=", leadId).executeTakeFirst(),
    audit: await db().selectFrom("auditLog").select("action").execute(),
    mail: await db().selectFrom("mailOutbox").select("id").execute(),
  });
  const convert = (user: TestUser, form: Record<string, string>) =>
    call(convertRoute.action, `${CONSOLE}/leads/${leadId}/convert`, { cookie: user.cookie, params: { id: leadId }, form });
  const newCompanyForm = {
    companyChoice: "new",
    companyName: "Priya Builders",
    country: "India",
    name: "Priya Rao",
    email: "priya@example.com",
    clientAdmin: "on",
    createProject: "on",
    projectTitle: "Booking app",
  };

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://agency.example" }));
    await signInStaff("ada.admin@indigokite.dev");
    sales = await signInStaff("sam.sales@indigokite.dev", { staffRole: "sales" });
    delivery = await signInStaff("dev.delivery@indigokite.dev", { staffRole: "delivery" });
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("auditLog", "clientInvitations", "mailOutbox", "projects");
    await db().deleteFrom("users").where("role", "=", "client").execute();
    await clearTables("quotes", "companies");
    leadId = randomUUID();
    await db()
      .insertInto("quotes")
      .values({
        id: leadId,
        name: "Priya Rao",
        email: "priya@example.com",
        phone: "+91 98200 12345",
        country: "India",
        requirement: "A booking app for our sites.",
        submittedAt: Date.now(),
        status: "proposal",
      })
      .execute();
  });

  test("The form is prefilled from the lead; converting creates the company, invites the requester, creates the first project, marks the lead won and linked, all audited", async () => {
    const page = await call(convertRoute.loader, `${CONSOLE}/leads/${leadId}/convert`, { cookie: sales.cookie, params: { id: leadId } });
    expect(page.data).toMatchObject({ lead: { name: "Priya Rao", email: "priya@example.com", country: "India" }, convertedTo: null });
    const done = await convert(sales, newCompanyForm);
    const company = await db().selectFrom("companies").selectAll().executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 302, location: `${CONSOLE}/clients/${company.id}?notice=lead-converted` });
    expect(company).toMatchObject({ name: "Priya Builders", country: "India", origin: "staff" });
    const invitation = await db().selectFrom("clientInvitations").select(["email", "companyId", "clientAdmin"]).executeTakeFirstOrThrow();
    expect(invitation).toMatchObject({ email: "priya@example.com", companyId: company.id });
    expect(Boolean(invitation.clientAdmin)).toBe(true);
    const project = await db()
      .selectFrom("projects")
      .select(["title", "description", "companyId", "createdBy", "progress", "progressMode"])
      .executeTakeFirstOrThrow();
    expect(project).toEqual({
      title: "Booking app",
      description: "A booking app for our sites.",
      companyId: company.id,
      createdBy: null,
      progress: 0,
      progressMode: "milestones",
    });
    expect(await db().selectFrom("quotes").select(["status", "companyId"]).where("id", "=", leadId).executeTakeFirst()).toEqual({
      status: "won",
      companyId: company.id,
    });
    const actions = (await db().selectFrom("auditLog").select("action").execute()).map((a) => a.action).sort();
    expect(actions).toEqual(["client.invite", "company.create", "lead.convert", "lead.status", "project.create"]);
    expect(await db().selectFrom("mailOutbox").select("toAddress").execute()).toEqual([{ toAddress: "priya@example.com" }]);
  });

  test("A second conversion (double submit) changes nothing and leads to the company it became", async () => {
    await convert(sales, newCompanyForm);
    const before = await snapshot();
    const again = await convert(sales, newCompanyForm);
    expect(again).toMatchObject({ status: 302, location: `${CONSOLE}/clients/${before.lead!.companyId}` });
    expect(await snapshot()).toEqual(before);
    const page = await call(convertRoute.loader, `${CONSOLE}/leads/${leadId}/convert`, { cookie: sales.cookie, params: { id: leadId } });
    expect(page.data).toMatchObject({ convertedTo: { id: before.lead!.companyId, name: "Priya Builders" } });
  });

  test("When a step fails (the requester already belongs to another company) nothing is half-done: no company, invitation, project, status change, audit or mail", async () => {
    const other = await insertCompany(db(), { name: "Elsewhere", origin: "staff" });
    const now = new Date().toISOString();
    await db()
      .insertInto("users")
      .values({
        id: randomUUID(),
        name: "P",
        email: "priya@example.com",
        emailVerified: database.name === "sqlite" ? 1 : true,
        image: null,
        role: "client",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db().updateTable("users").set({ companyId: other.id }).where("email", "=", "priya@example.com").execute();
    const before = await snapshot();
    const refused = await convert(sales, newCompanyForm);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain("priya@example.com already has an account with another company.");
    expect(await snapshot()).toEqual(before);
  });

  test("An existing open company can be picked; a closed one is refused; bad input and roles without leads are refused", async () => {
    const open = await insertCompany(db(), { name: "Acme", origin: "staff" });
    const closed = await insertCompany(db(), { name: "Shut", origin: "staff" });
    await db().updateTable("companies").set({ closedAt: Date.now() }).where("id", "=", closed.id).execute();
    expect((await convert(delivery, newCompanyForm)).status).toBe(403);
    expect((await convert(sales, { ...newCompanyForm, companyName: "" })).status).toBe(400);
    expect((await convert(sales, { ...newCompanyForm, projectTitle: "" })).status).toBe(400);
    expect((await convert(sales, { ...newCompanyForm, email: "priya@indigokite.dev" })).status).toBe(409);
    expect((await convert(sales, { ...newCompanyForm, companyChoice: "existing", companyId: closed.id })).status).toBe(409);
    expect(await db().selectFrom("quotes").select("companyId").where("id", "=", leadId).executeTakeFirst()).toEqual({ companyId: null });
    const picked = await convert(sales, { companyChoice: "existing", companyId: open.id, name: "Priya Rao", email: "priya@example.com" });
    expect(picked).toMatchObject({ status: 302, location: `${CONSOLE}/clients/${open.id}?notice=lead-converted` });
    expect(await db().selectFrom("projects").select("id").execute()).toEqual([]);
    expect(await db().selectFrom("companies").select("id").execute()).toHaveLength(2);
    expect(
      (await call(convertRoute.loader, `${CONSOLE}/leads/nope/convert`, { cookie: sales.cookie, params: { id: "nope" } })).status,
    ).toBe(404);
  });
});
