import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as applicationRoute from "~/routes/console/application";
import * as clientRoute from "~/routes/console/client";
import * as eraseRoute from "~/routes/console/erase";
import * as leadRoute from "~/routes/console/lead";
import { db } from "~/server/db/db.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { call, type Form } from "../helpers/routes";

// Decision 0048: the console's "Erase…" step, admin only, confirmed by typing.

const BASE = "/employee-dashboard";

describe.each(testDatabases("erasure console"))("The Erase… step on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let sales: TestUser;
  let recruiter: TestUser;
  let delivery: TestUser;
  let client: TestUser;
  let seq = 0;

  const page = (who: TestUser, kind: string, id: string) =>
    call(eraseRoute.loader, `${BASE}/erase/${kind}/${id}`, { cookie: who.cookie, params: { kind, id } });
  const post = (who: TestUser, kind: string, id: string, form: Form) =>
    call(eraseRoute.action, `${BASE}/erase/${kind}/${id}`, {
      cookie: who.cookie,
      params: { kind, id },
      form: { intent: "erase", ...form },
      headers: { Origin: "http://localhost", Host: "localhost" },
    });
  const auditCount = async () => (await db().selectFrom("auditLog").select("id").where("action", "like", "erasure.%").execute()).length;

  async function addLead() {
    seq += 1;
    const row = {
      id: randomUUID(),
      name: `Lena Marsh ${seq}`,
      email: `lena${seq}@example.com`,
      phone: "98200 12345",
      country: "India",
      requirement: "An app.",
      submittedAt: Date.now(),
    };
    await db().insertInto("quotes").values(row).execute();
    return row;
  }

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    sales = await signInStaff("sam@indigokite.dev", { name: "Sam Sales", staffRole: "sales" });
    recruiter = await signInStaff("rita@indigokite.dev", { name: "Rita Recruiter", staffRole: "recruiter" });
    delivery = await signInStaff("dev@indigokite.dev", { name: "Dev Rao", staffRole: "delivery" });
    client = await signUp("alice@example.com", "Alice");
  }, 120_000);
  afterAll(async () => {
    await cleanup();
  });

  test("An admin sees what will be erased, the two ways, and what to type", async () => {
    const lead = await addLead();
    const outcome = await page(admin, "lead", lead.id);
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({
      subject: { kind: "lead", name: lead.name, confirmWith: lead.email },
      back: `${BASE}/leads/${lead.id}`,
    });
  });

  test("A typed e-mail that does not match is refused in place and nothing is erased", async () => {
    const lead = await addLead();
    const before = await auditCount();
    const outcome = await post(admin, "lead", lead.id, { mode: "delete", confirmation: "someone@example.com" });
    expect(outcome.status).toBe(400);
    expect(JSON.stringify(outcome.data)).toContain("That does not match. Type the e-mail address exactly as shown; nothing was erased.");
    expect(await db().selectFrom("quotes").select("name").where("id", "=", lead.id).executeTakeFirst()).toEqual({ name: lead.name });
    expect(await auditCount()).toBe(before);
    // No mode chosen, or nothing typed: the same, with the field's own message.
    const blank = await post(admin, "lead", lead.id, { mode: "", confirmation: "" });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.data)).toContain("Choose Anonymise or Delete.");
    expect(await auditCount()).toBe(before);
  });

  test("The right e-mail (any letter case) anonymises the lead and lands on Leads with a notice", async () => {
    const lead = await addLead();
    const outcome = await post(admin, "lead", lead.id, { mode: "anonymise", confirmation: ` ${lead.email.toUpperCase()} ` });
    expect([outcome.status, outcome.location]).toEqual([303, `${BASE}/leads?notice=erased`]);
    expect(
      await db().selectFrom("quotes").select(["name", "email", "phone", "requirement"]).where("id", "=", lead.id).executeTakeFirst(),
    ).toEqual({
      name: "Erased",
      email: `erased-${lead.id}@invalid`,
      phone: "",
      requirement: "",
    });
    const entry = await db()
      .selectFrom("auditLog")
      .select(["actorEmail", "entity", "entityId", "detail"])
      .where("action", "=", "erasure.anonymise")
      .where("entityId", "=", lead.id)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actorEmail: admin.email, entity: "lead", entityId: lead.id, detail: "{}" });
  });

  test("Sales, recruiters, delivery and clients are refused the page and the post, and nothing changes", async () => {
    const lead = await addLead();
    const before = await auditCount();
    for (const who of [sales, recruiter, delivery, client]) {
      expect((await page(who, "lead", lead.id)).status).toBe(403);
      expect((await post(who, "lead", lead.id, { mode: "delete", confirmation: lead.email })).status).toBe(403);
    }
    expect(await db().selectFrom("quotes").select("id").where("id", "=", lead.id).execute()).toHaveLength(1);
    expect(await auditCount()).toBe(before);
  });

  test("An unknown kind or record is 404", async () => {
    const lead = await addLead();
    expect((await page(admin, "staff", lead.id)).status).toBe(404);
    expect((await page(admin, "lead", randomUUID())).status).toBe(404);
    expect((await post(admin, "client", randomUUID(), { mode: "delete", confirmation: "x" })).status).toBe(404);
    // A staff account is no client member.
    expect((await page(admin, "member", admin.id)).status).toBe(404);
  });

  test("A member is confirmed by their e-mail and the console returns to their company; a company by its name, to Clients", async () => {
    const companyId = (await insertCompany(db(), { name: "Heron Foods", origin: "staff" })).id;
    const member = await signUp(`member${Date.now()}@example.com`, "Mona Member");
    await db().updateTable("users").set({ companyId }).where("id", "=", member.id).execute();
    expect((await post(admin, "member", member.id, { mode: "delete", confirmation: "Mona Member" })).status).toBe(400);
    const erased = await post(admin, "member", member.id, { mode: "delete", confirmation: member.email });
    expect([erased.status, erased.location]).toEqual([303, `${BASE}/clients/${companyId}?notice=erased`]);
    expect(await db().selectFrom("users").select("id").where("id", "=", member.id).execute()).toEqual([]);
    expect((await post(admin, "client", companyId, { mode: "delete", confirmation: "heron" })).status).toBe(400);
    const company = await post(admin, "client", companyId, { mode: "delete", confirmation: "heron foods" });
    expect([company.status, company.location]).toEqual([303, `${BASE}/clients?notice=erased`]);
    expect(await db().selectFrom("companies").select("id").where("id", "=", companyId).execute()).toEqual([]);
  });

  test("The lead, application and company pages offer Erase… to admins only", async () => {
    const lead = await addLead();
    const leadPage = (who: TestUser) => call(leadRoute.loader, `${BASE}/leads/${lead.id}`, { cookie: who.cookie, params: { id: lead.id } });
    expect((await leadPage(admin)).data).toMatchObject({ mayErase: true });
    expect((await leadPage(sales)).data).toMatchObject({ mayErase: false });
    const openingId = randomUUID();
    const now = Date.now();
    await db()
      .insertInto("jobOpenings")
      .values({
        id: openingId,
        title: "QA",
        location: "Pune",
        type: "Full-time",
        description: "d",
        salary: "",
        requirements: "[]",
        status: "open",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const applicationId = randomUUID();
    await db()
      .insertInto("jobApplications")
      .values({
        id: applicationId,
        name: "Ann",
        email: "ann@example.com",
        message: "",
        resume: "",
        resumeName: "",
        resumeType: "",
        resumeSize: 0,
        jobId: openingId,
        submittedAt: now,
        appliedBy: null,
      })
      .execute();
    const applicationPage = (who: TestUser) =>
      call(applicationRoute.loader, `${BASE}/applications/${applicationId}`, { cookie: who.cookie, params: { id: applicationId } });
    expect((await applicationPage(admin)).data).toMatchObject({ mayErase: true });
    expect((await applicationPage(recruiter)).data).toMatchObject({ mayErase: false });
    const companyId = (await insertCompany(db(), { name: "Egret Ltd", origin: "staff" })).id;
    const companyPage = (who: TestUser) =>
      call(clientRoute.loader, `${BASE}/clients/${companyId}`, { cookie: who.cookie, params: { id: companyId } });
    expect((await companyPage(admin)).data).toMatchObject({ mayErase: true });
    expect((await companyPage(delivery)).data).toMatchObject({ mayErase: false });
  });
});
