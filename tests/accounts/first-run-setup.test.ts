import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import * as employeeLoginRoute from "~/routes/auth/employee-login";
import * as setupRoute from "~/routes/auth/setup";
import * as overviewRoute from "~/routes/console/overview";
import { formatAddress } from "~/lib/brand";
import { TWO_FACTOR_SETUP_PATH } from "~/lib/two-factor";
import { forgetSetupDone } from "~/server/auth/setup-state.server";
import { forgetBrand, getBrand, getMailIdentity } from "~/server/brand/brand.server";
import { companyDomain, forgetCompanyDomain } from "~/server/brand/company-domain.server";
import { db } from "~/server/db/db.server";
import { seedDemoContent } from "~/server/db/demo-content.server";
import { events } from "~/server/events/bus.server";
import { logger } from "~/server/logger.server";
import { mailFrom, mailRecipients } from "~/server/mail/config.server";
import { addStaff } from "~/server/models/accounts/staff.server";
import { WRONG_SETUP_CODE } from "~/server/models/accounts/first-run-setup.server";
import { announceSetup, ensureSetupCode, SETUP_CODE_KEY } from "~/server/models/site/setup-code.server";
import { sessionCookieFrom } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { withEnv } from "../helpers/env";
import { call } from "../helpers/routes";

const PASSWORD = "a-long-admin-password-42";

function form(code: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    code,
    agencyName: "Northwind Studio",
    companyDomain: "northwind.example",
    name: "Nadia North",
    email: "nadia@northwind.example",
    password: PASSWORD,
    confirm: PASSWORD,
    leadsInbox: "sales@northwind.example",
    applicationsInbox: "",
    ...overrides,
  };
}

let ip = 0;
const post = (fields: Record<string, string>, clientIp = `198.51.100.${++ip % 250}`) =>
  call(setupRoute.action, "/setup", { form: fields, clientIp });

async function openCode(): Promise<string> {
  const state = await ensureSetupCode();
  if (state.state !== "open") throw new Error(`setup is ${state.state}`);
  return state.code;
}

const written = async () => ({
  users: (await db().selectFrom("users").select("id").execute()).length,
  settings: (await db().selectFrom("appSettings").select("key").where("key", "!=", SETUP_CODE_KEY).execute()).length,
  audit: (await db().selectFrom("auditLog").select("id").execute()).length,
  code: (await db().selectFrom("appSettings").select("key").where("key", "=", SETUP_CODE_KEY).execute()).length,
});

describe.each(testDatabases("first-run setup"))("First-run setup on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { STAFF_2FA: "optional" }));
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("sessions", "users", "appSettings", "auditLog", "rateLimits", "mailOutbox");
    forgetSetupDone();
    forgetBrand();
    forgetCompanyDomain();
  });
  afterEach(() => vi.restoreAllMocks());

  test("A fresh install sends the staff login and the console to /setup, and the boot log names /setup and the code", async () => {
    const warn = vi.spyOn(logger, "warn");
    const state = await announceSetup("https://agency.example");
    expect(state.state).toBe("open");
    const code = state.state === "open" ? state.code : "";
    expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    const lines = warn.mock.calls.map((args) => String(args[1] ?? args[0]));
    expect(lines.filter((line) => line.includes("https://agency.example/setup") && line.includes(code))).toHaveLength(1);
    expect((await call(employeeLoginRoute.loader, "/employee-login")).location).toBe("/setup");
    expect((await call(overviewRoute.loader, "/employee-dashboard")).location).toBe("/setup");
    expect((await call(setupRoute.loader, "/setup")).status).toBe(200);
  });

  test("Every instance booting on one database shows the same code, and the database keeps its hash, not the code", async () => {
    const first = await openCode();
    const second = await openCode();
    expect(second).toBe(first);
    const stored = await db().selectFrom("appSettings").select("value").where("key", "=", SETUP_CODE_KEY).executeTakeFirstOrThrow();
    expect(stored.value).not.toContain(first.replace(/-/g, ""));
    expect(stored.value).not.toContain(first);
  });

  test("A wrong setup code is refused beside its field and nothing is written", async () => {
    await openCode();
    const outcome = await post(form("AAAA-BBBB-CCCC-DDDD"));
    expect(outcome.status).toBe(400);
    expect(JSON.stringify(outcome.data)).toContain(WRONG_SETUP_CODE);
    expect(await written()).toEqual({ users: 0, settings: 0, audit: 0, code: 1 });
  });

  test("Setup makes the admin, saves the agency name, domain and inboxes, spends the code and signs the admin in", async () => {
    const code = await openCode();
    const published: string[] = [];
    const stop = events().subscribe((event) => published.push(event.type));
    // Typed as people copy it: lower case, spaces instead of dashes.
    const outcome = await post(form(code.toLowerCase().replace(/-/g, " ")));
    stop();
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/dashboard/);
    const cookie = sessionCookieFrom(outcome.response!.headers);
    const admin = await db().selectFrom("users").selectAll().executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ email: "nadia@northwind.example", name: "Nadia North", role: "employee", staffRole: "admin" });
    expect(Boolean(admin.emailVerified)).toBe(true);
    expect(published).toContain("site.changed");
    expect(companyDomain()).toBe("northwind.example");
    expect((await getBrand()).name).toBe("Northwind Studio");
    expect(await getMailIdentity()).toMatchObject({
      senderName: "Northwind Studio",
      leadsInbox: "sales@northwind.example",
      applicationsInbox: null,
    });
    expect(await mailRecipients()).toEqual({ sales: "sales@northwind.example", hr: null });
    expect(await mailFrom()).toBe('"Northwind Studio" <no-reply@northwind.example>');
    const audit = await db().selectFrom("auditLog").selectAll().execute();
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([["setup.complete", "nadia@northwind.example"]]);
    expect((await written()).code).toBe(0);
    // Signed in: the console opens, and the staff login shows the saved domain to the next visitor.
    expect((await call(overviewRoute.loader, "/employee-dashboard", { cookie })).status).toBe(200);
    const login = await call(employeeLoginRoute.loader, "/employee-login");
    expect(login.data).toMatchObject({ domain: "northwind.example" });
  });

  test("Setup leaves none of the demo agency's public details: the site domain is the company domain, and no demo address, phone, e-mail or link shows", async () => {
    expect((await getBrand()).emails.info).toContain("indigokite");
    expect((await post(form(await openCode()))).status).toBe(302);
    const brand = await getBrand();
    expect(brand).toMatchObject({
      name: "Northwind Studio",
      domain: "northwind.example",
      tagline: "",
      phone: "",
      emails: { info: "", careers: "", support: "" },
      social: { linkedin: "", youtube: "", instagram: "" },
    });
    expect(formatAddress(brand)).toBe("");
    expect(JSON.stringify(brand).toLowerCase()).not.toMatch(/indigo ?kite/);
  });

  test("Setup with 'Start from an empty site' takes out the demo services and testimonials; without it they stay", async () => {
    const demoServices = async () =>
      (await db().selectFrom("siteItems").select("id").where("type", "=", "services").where("origin", "=", "seed").execute()).length;
    const demoTestimonials = async () =>
      (await db().selectFrom("testimonials").select("id").where("id", "like", "demo-%").execute()).length;
    expect(await demoServices()).toBeGreaterThan(0);
    await seedDemoContent();
    expect(await demoTestimonials()).toBeGreaterThan(0);
    expect((await post(form(await openCode(), { emptySite: "on" }))).status).toBe(302);
    expect(await demoServices()).toBe(0);
    expect(await demoTestimonials()).toBe(0);
    const audit = await db().selectFrom("auditLog").select(["action", "actorEmail"]).orderBy("createdAt").execute();
    expect(audit.map((a) => a.action)).toEqual(["setup.complete", "site.start-empty"]);
    expect(audit[1]!.actorEmail).toBe("nadia@northwind.example");
  });

  test("A second setup is refused: /setup answers 404 once done, even with the code that was used", async () => {
    const code = await openCode();
    expect((await post(form(code))).status).toBe(302);
    expect((await call(setupRoute.loader, "/setup")).status).toBe(404);
    const again = await post(form(code, { email: "mallory@northwind.example", agencyName: "Taken Over" }));
    expect(again.status).toBe(404);
    expect(await db().selectFrom("users").select("email").execute()).toEqual([{ email: "nadia@northwind.example" }]);
    expect((await getBrand()).name).toBe("Northwind Studio");
  });

  test("Two visitors posting the right code at once: one becomes the admin, the other is refused and leaves nothing", async () => {
    const code = await openCode();
    const outcomes = await Promise.all([
      post(form(code, { email: "first@northwind.example" })),
      post(form(code, { email: "second@northwind.example", agencyName: "Other Studio" })),
    ]);
    const statuses = outcomes.map((o) => o.status).sort();
    expect(statuses[0]).toBe(302);
    expect([404, 409]).toContain(statuses[1]);
    const users = await db().selectFrom("users").select(["email", "staffRole"]).execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.staffRole).toBe("admin");
    const audit = await db().selectFrom("auditLog").select("actorEmail").execute();
    expect(audit).toEqual([{ actorEmail: users[0]!.email }]);
  });

  test("A staff account made with `npm run staff -- add` means setup is done, and the leftover code is dropped at the next boot", async () => {
    const code = await openCode();
    await addStaff(null, "ops@indigokite.dev", PASSWORD);
    expect((await call(setupRoute.loader, "/setup")).status).toBe(404);
    expect((await post(form(code))).status).toBe(404);
    expect((await call(employeeLoginRoute.loader, "/employee-login")).status).toBe(200);
    expect(await ensureSetupCode()).toEqual({ state: "done" });
    expect((await written()).code).toBe(0);
  });

  test("An e-mail outside the company domain, a common password or mismatched passwords are refused in place, nothing written", async () => {
    const code = await openCode();
    const outside = await post(form(code, { email: "nadia@gmail.example" }));
    expect(outside.status).toBe(400);
    expect(JSON.stringify(outside.data)).toContain("@northwind.example");
    const weak = await post(form(code, { password: "short", confirm: "short" }));
    expect(weak.status).toBe(400);
    expect(JSON.stringify(weak.data)).toContain("at least 12 characters");
    const common = await post(form(code, { password: "password1234", confirm: "password1234" }));
    expect(common.status).toBe(400);
    expect(JSON.stringify(common.data)).toContain("most common passwords");
    const domain = await post(form(code, { companyDomain: "https://northwind.example" }));
    expect(domain.status).toBe(400);
    expect(await written()).toEqual({ users: 0, settings: 0, audit: 0, code: 1 });
  });

  test("COMPANY_DOMAIN fixes the domain: setup saves it whatever was typed, and the admin's address must be in it", async () => {
    await withEnv({ COMPANY_DOMAIN: "fixed.example" }, async () => {
      const code = await openCode();
      expect((await call(setupRoute.loader, "/setup")).data).toEqual({ fixedDomain: "fixed.example" });
      expect((await post(form(code))).status).toBe(400);
      const outcome = await post(form(code, { email: "boss@fixed.example" }));
      expect(outcome.status).toBe(302);
      expect(companyDomain()).toBe("fixed.example");
    });
  });

  test("Setup attempts are limited per address", async () => {
    await openCode();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(form("AAAA-BBBB-CCCC-DDDD"), "192.0.2.77")).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  test("Under STAFF_2FA=required the new admin is sent to two-factor enrolment before any console page", async () => {
    await withEnv({ STAFF_2FA: "required" }, async () => {
      const outcome = await post(form(await openCode()));
      expect(outcome.status).toBe(302);
      const cookie = sessionCookieFrom(outcome.response!.headers);
      expect((await call(overviewRoute.loader, "/employee-dashboard", { cookie })).location).toBe(TWO_FACTOR_SETUP_PATH);
    });
  });
});
