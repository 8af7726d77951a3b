// Accounts and sign-in: route actions and loaders called directly with Request objects,
// on SQLite and (with TEST_DATABASE_URL) PostgreSQL. Better Auth runs for real on the same database.
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { staffCli } from "../helpers/staff-cli";
import { EMPLOYEE_LOGIN_FAILED, EMPLOYEE_ON_CUSTOMER_FORM, TOO_MANY_ATTEMPTS } from "~/lib/auth-messages";
import * as dashboardRoute from "~/routes/auth/dashboard";
import * as forgotPasswordRoute from "~/routes/auth/forgot-password";
import * as employeeLoginRoute from "~/routes/auth/employee-login";
import * as loginRoute from "~/routes/auth/login";
import * as logoutRoute from "~/routes/auth/logout";
import * as resetPasswordRoute from "~/routes/auth/reset-password";
import * as employeeDashboardRoute from "~/routes/console/layout";
import * as portalLayout from "~/routes/portal/layout";
import * as portalSettings from "~/routes/portal/settings";
import * as authApi from "~/routes/resources/auth-api";
import * as homeDashboardRoute from "~/routes/resources/home-dashboard";
import * as deleteAccountRoute from "~/routes/portal/settings-delete-account";
import * as resetRequestRoute from "~/routes/portal/settings-reset-password";
import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { currentDialect, db } from "~/server/db/db.server";
import { getSessionUser } from "~/server/auth/session.server";
import { loginDelayMs } from "~/server/auth/sign-in-throttle.server";
import { addStaff, listStaff, removeStaff } from "~/server/models/accounts/staff.server";
import { fileStore } from "~/server/storage/storage.server";
import { ensureOwnCompany } from "~/server/auth/membership.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { buildRequest } from "../helpers/routes";
import { Refusal } from "~/lib/refusal";

// Every sign-in hashes with Argon2id (19 MiB); the rate-limit tests make 30+ of them, which can take
// well over the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const APP_URL = "http://localhost:3000";
const APP_HOST = new URL(APP_URL).host;
const PASSWORD = "correct-horse-battery-staple";
const STAFF_PASSWORD = "staff-password-0123";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------
// Calling routes like React Router does
// ---------------------------------------------------------------------------------------------

interface Outcome {
  status: number;
  location: string | null;
  data: Record<string, unknown> & { error?: string | null };
  setCookies: string[];
}

type RouteFn = (args: never) => unknown;

function headersOf(init: unknown): Headers {
  return new Headers((init as { headers?: HeadersInit } | null | undefined)?.headers);
}

function toOutcome(value: unknown): Outcome {
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("location"), data: {}, setCookies: value.headers.getSetCookie() };
  }
  if (value && typeof value === "object" && "data" in value && "init" in value) {
    const v = value as { data: Outcome["data"]; init?: { status?: number } | null };
    return { status: v.init?.status ?? 200, location: null, data: v.data, setCookies: headersOf(v.init).getSetCookie() };
  }
  return { status: 200, location: null, data: (value ?? {}) as Outcome["data"], setCookies: [] };
}

async function call(fn: RouteFn, request: Request, clientIp = "203.0.113.10"): Promise<Outcome> {
  try {
    return toOutcome(await fn({ request, params: {}, context: { clientIp } } as never));
  } catch (error) {
    if (error instanceof Response) return toOutcome(error);
    throw error;
  }
}

function post(pathname: string, fields: Record<string, string>, options: { cookie?: string; headers?: Record<string, string> } = {}) {
  // As a browser sends them for a same-origin form: Host and Origin match the request URL.
  return buildRequest(`${APP_URL}${pathname}`, {
    form: fields,
    cookie: options.cookie,
    headers: { Host: APP_HOST, Origin: APP_URL, ...options.headers },
  });
}

function get(pathname: string, cookie?: string) {
  return buildRequest(`${APP_URL}${pathname}`, { cookie, headers: { Host: APP_HOST } });
}

/** The `name=value` of the session cookie a response sets (empty when it clears or sets none). */
function sessionCookieOf(outcome: Outcome): string {
  const line = outcome.setCookies.find((c) => c.split("=")[0]!.includes("session_token"));
  if (!line) return "";
  const pair = line.split(";")[0]!;
  return pair.endsWith("=") ? "" : pair;
}

function tokenOf(cookie: string): string {
  return decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
}

/** Better Auth's date columns: ISO text on SQLite, timestamptz on PostgreSQL. */
function dbDate(ms: number): string & Date {
  const date = new Date(ms);
  return (currentDialect() === "sqlite" ? date.toISOString() : date) as string & Date;
}

async function ageSession(cookie: string, ageMs: number) {
  await db()
    .updateTable("sessions")
    .set({ createdAt: dbDate(Date.now() - ageMs) })
    .where("token", "=", tokenOf(cookie))
    .execute();
}

async function userRow(email: string) {
  return db().selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

async function sessionsOf(email: string) {
  const user = await userRow(email);
  if (!user) return [];
  return db().selectFrom("sessions").selectAll().where("userId", "=", user.id).execute();
}

async function waitForMail(to: string, subject: RegExp, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db().selectFrom("mailOutbox").selectAll().where("toAddress", "=", to).execute();
    const row = rows.find((r) => subject.test(r.subject));
    if (row) return row;
    if (Date.now() > deadline)
      throw new Error(`no outbox mail to ${to} matching ${subject}; have: ${rows.map((r) => r.subject).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Flows used by many tests -------------------------------------------------------------------------

let ipCounter = 0;
/** A fresh client IP per call, so the per-IP limit never interferes with tests about something else. */
const nextIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

async function register(email: string, password = PASSWORD) {
  return call(loginRoute.action, post("/login", { intent: "register", email, password }), nextIp());
}

async function login(email: string, password = PASSWORD, ip = nextIp(), headers?: Record<string, string>) {
  return call(loginRoute.action, post("/login", { intent: "login", email, password }, { headers }), ip);
}

async function employeeLogin(email: string, password = STAFF_PASSWORD, ip = nextIp()) {
  return call(employeeLoginRoute.action, post("/employee-login", { intent: "login", email, password }), ip);
}

/** A registered client whose address is verified (decision 0028), without its verification mail. */
async function registeredClient(email: string) {
  const outcome = await register(email);
  const cookie = sessionCookieOf(outcome);
  if (!cookie) throw new Error(`registering ${email} failed: ${JSON.stringify(outcome)}`);
  await db()
    .updateTable("users")
    .set({ emailVerified: currentDialect() === "sqlite" ? 1 : true })
    .where("email", "=", email)
    .execute();
  await db().deleteFrom("mailOutbox").where("toAddress", "=", email).execute();
  return cookie;
}

async function signedInStaff(email: string) {
  if (!(await userRow(email))) await addStaff(null, email, STAFF_PASSWORD);
  const outcome = await employeeLogin(email);
  const cookie = sessionCookieOf(outcome);
  if (!cookie) throw new Error(`staff login for ${email} failed: ${JSON.stringify(outcome)}`);
  return cookie;
}

async function dashboardTarget(cookie?: string) {
  return (await call(dashboardRoute.loader, get("/dashboard", cookie))).location;
}

// ---------------------------------------------------------------------------------------------

describe.each(testDatabases("auth"))("Accounts and sign-in on $name", (database) => {
  let cleanup: () => Promise<void>;
  let storageDir: string;

  beforeAll(async () => {
    ({ cleanup, storageDir } = await useAppDatabase(database, { APP_URL }));
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("rateLimits");
  });

  describe("Register and log in (customer form)", () => {
    test("Register creates a client with a session cookie and goes to /user-dashboard with the 'registered' notice", async () => {
      const outcome = await register("new.client@example.com");
      expect(outcome).toMatchObject({ status: 302, location: "/user-dashboard?notice=registered" });
      const cookie = sessionCookieOf(outcome);
      expect(cookie).toMatch(/^agency\.session_token=/);
      expect(outcome.setCookies.find((c) => c.startsWith(cookie))).toMatch(/HttpOnly/i);
      expect(outcome.setCookies.find((c) => c.startsWith(cookie))).toMatch(/SameSite=Lax/i);
      expect(await userRow("new.client@example.com")).toMatchObject({ role: "client" });
      expect(await getSessionUser(get("/user-dashboard", cookie))).toMatchObject({ email: "new.client@example.com", role: "client" });
    });

    test("Log in goes to /user-dashboard with the 'login' notice", async () => {
      await registeredClient("returning@example.com");
      const outcome = await login("returning@example.com");
      expect(outcome).toMatchObject({ status: 302, location: "/user-dashboard?notice=login" });
      expect(sessionCookieOf(outcome)).not.toBe("");
    });

    test("A wrong password shows the provider's message and sets no cookie", async () => {
      await registeredClient("typo@example.com");
      const outcome = await login("typo@example.com", "not-the-password");
      expect(outcome.status).toBe(400);
      expect(outcome.data.message).toEqual(expect.any(String));
      expect(outcome.data.message).not.toBe("");
      expect(sessionCookieOf(outcome)).toBe("");
    });

    test("Registering a Kelvin-sign look-alike of a company address (U+212A lower-cases to k) creates no user", async () => {
      for (const email of ["boss@indigo\u212Aite.dev", "\u212Aate@indigokite.dev"]) {
        const outcome = await register(email);
        expect(outcome.status).toBe(400);
        expect(sessionCookieOf(outcome)).toBe("");
      }
      const users = await db()
        .selectFrom("users")
        .select("email")
        .where("email", "in", ["boss@indigokite.dev", "kate@indigokite.dev"])
        .execute();
      expect(users).toEqual([]);
    });

    test.each(["boss@indigokite.dev", "Boss@IndigoKite.DEV", "  boss@INDIGOKITE.dev "])(
      "Register with the company e-mail %j is refused with the exact message and creates no user",
      async (email) => {
        const outcome = await register(email);
        expect(outcome.status).toBe(400);
        expect(outcome.data.message).toBe(EMPLOYEE_ON_CUSTOMER_FORM);
        expect(sessionCookieOf(outcome)).toBe("");
        expect(await db().selectFrom("users").select("id").where("email", "=", "boss@indigokite.dev").execute()).toEqual([]);
      },
    );

    test("Log in on the customer form with a company e-mail is refused even with the right password", async () => {
      await addStaff(null, "lead@indigokite.dev", STAFF_PASSWORD);
      const before = (await sessionsOf("lead@indigokite.dev")).length;
      const outcome = await login("Lead@IndigoKite.dev", STAFF_PASSWORD);
      expect(outcome.status).toBe(400);
      expect(outcome.data.message).toBe(EMPLOYEE_ON_CUSTOMER_FORM);
      expect(sessionCookieOf(outcome)).toBe("");
      expect((await sessionsOf("lead@indigokite.dev")).length).toBe(before);
    });

    test("Posting role=employee (or any other extra field) at register cannot make a client staff", async () => {
      const outcome = await call(
        loginRoute.action,
        post("/login", {
          intent: "register",
          email: "sneaky@example.com",
          password: PASSWORD,
          role: "employee",
          emailVerified: "true",
          name: "Admin",
          id: "admin",
          image: "https://evil.example/x.png",
        }),
        nextIp(),
      );
      const cookie = sessionCookieOf(outcome);
      expect(cookie).not.toBe("");
      const row = await userRow("sneaky@example.com");
      expect(row).toMatchObject({ role: "client", name: "", image: null });
      expect(row!.id).not.toBe("admin");
      expect(Boolean(row!.emailVerified)).toBe(false);
      expect(await getSessionUser(get("/", cookie))).toMatchObject({ role: "client" });
      expect((await call(employeeDashboardRoute.loader, get("/employee-dashboard", cookie))).status).toBe(403);
      expect(await dashboardTarget(cookie)).toBe("/user-dashboard");
    });

    test("The session token is different on every sign-in", async () => {
      const first = await registeredClient("many.devices@example.com");
      const second = sessionCookieOf(await login("many.devices@example.com"));
      const third = sessionCookieOf(await login("many.devices@example.com"));
      const tokens = [first, second, third].map(tokenOf);
      expect(new Set(tokens).size).toBe(3);
      expect(tokens.every((t) => t.length >= 32)).toBe(true);
    });
  });

  describe("Employee login", () => {
    test("A non-company e-mail gets 'Only @indigokite.dev emails are allowed for employee login.'", async () => {
      await registeredClient("outsider@example.com");
      const outcome = await employeeLogin("outsider@example.com", PASSWORD);
      expect(outcome.status).toBe(400);
      expect(outcome.data.message).toBe("Only @indigokite.dev emails are allowed for employee login.");
      expect(sessionCookieOf(outcome)).toBe("");
    });

    test("A wrong password, or an unknown staff e-mail, gets 'Invalid credentials or unauthorized access.'", async () => {
      await addStaff(null, "ops@indigokite.dev", STAFF_PASSWORD);
      for (const [email, password] of [
        ["ops@indigokite.dev", "wrong-password-1"],
        ["nobody@indigokite.dev", STAFF_PASSWORD],
      ] as const) {
        const outcome = await employeeLogin(email, password);
        expect(outcome.status).toBe(400);
        expect(outcome.data.message).toBe(EMPLOYEE_LOGIN_FAILED);
        expect(sessionCookieOf(outcome)).toBe("");
      }
    });

    test("A company account whose address is not verified gets no session and does not pass the staff guard", async () => {
      await addStaff(null, "unverified.staff@indigokite.dev", STAFF_PASSWORD);
      const cookie = sessionCookieOf(await employeeLogin("unverified.staff@indigokite.dev"));
      expect((await call(employeeDashboardRoute.loader, get("/employee-dashboard", cookie))).status).toBe(200);
      const unverified = (await userRow("unverified.staff@indigokite.dev"))!;
      await db()
        .updateTable("users")
        .set({ emailVerified: currentDialect() === "sqlite" ? 0 : false })
        .where("id", "=", unverified.id)
        .execute();
      expect(await getSessionUser(get("/", cookie)), "an unverified company address counted as staff").toBeNull();
      expect((await call(employeeDashboardRoute.loader, get("/employee-dashboard", cookie))).status).not.toBe(200);
      const again = await employeeLogin("unverified.staff@indigokite.dev");
      expect(sessionCookieOf(again), "an unverified company address got a new session").toBe("");
    });

    test("Staff sign in (any letter case) and go to /dashboard with the welcome notice, then to /employee-dashboard", async () => {
      await addStaff(null, "welcome@indigokite.dev", STAFF_PASSWORD);
      const outcome = await employeeLogin("Welcome@IndigoKite.DEV");
      expect(outcome).toMatchObject({ status: 302, location: "/dashboard?notice=welcome" });
      const cookie = sessionCookieOf(outcome);
      expect(await getSessionUser(get("/", cookie))).toMatchObject({ email: "welcome@indigokite.dev", role: "employee" });
      expect((await call(dashboardRoute.loader, get("/dashboard?notice=welcome", cookie))).location).toBe(
        "/employee-dashboard?notice=welcome",
      );
    });
  });

  describe("Guards and dashboard routing", () => {
    test("/dashboard: guest → /login, client → /user-dashboard, employee → /employee-dashboard", async () => {
      const client = await registeredClient("router.client@example.com");
      const staff = await signedInStaff("router.staff@indigokite.dev");
      expect(await dashboardTarget()).toBe("/login");
      expect(await dashboardTarget(client)).toBe("/user-dashboard");
      expect(await dashboardTarget(staff)).toBe("/employee-dashboard");
    });

    test("/employee-dashboard: guest → /login, client → 403, employee → their e-mail", async () => {
      const client = await registeredClient("nosy.client@example.com");
      const staff = await signedInStaff("desk@indigokite.dev");
      expect(await call(employeeDashboardRoute.loader, get("/employee-dashboard"))).toMatchObject({ status: 302, location: "/login" });
      expect((await call(employeeDashboardRoute.loader, get("/employee-dashboard", client))).status).toBe(403);
      expect(await call(employeeDashboardRoute.loader, get("/employee-dashboard", staff))).toMatchObject({
        status: 200,
        data: { email: "desk@indigokite.dev" },
      });
    });

    test("requireClient sends staff away from the client dashboard to /employee-dashboard", async () => {
      const staff = await signedInStaff("wanderer@indigokite.dev");
      expect(await call(portalLayout.loader, get("/user-dashboard", staff))).toMatchObject({
        status: 302,
        location: "/employee-dashboard",
      });
      expect(await call(portalSettings.loader, get("/user-dashboard/settings", staff))).toMatchObject({
        status: 302,
        location: "/employee-dashboard",
      });
    });

    test("/login redirects a signed-in client (replace) to /user-dashboard; guests get the form", async () => {
      const client = await registeredClient("already.in@example.com");
      const signedIn = await call(loginRoute.loader, get("/login", client));
      expect(signedIn).toMatchObject({ status: 302, location: "/user-dashboard" });
      const guest = await call(loginRoute.loader, get("/login"));
      expect(guest).toMatchObject({ status: 200, data: { mode: "login", error: null } });
    });

    test("A forged or unknown session cookie counts as signed out", async () => {
      const forged = "agency.session_token=not-a-real-token.c2lnbmF0dXJl";
      expect(await getSessionUser(get("/", forged))).toBeNull();
      expect(await dashboardTarget(forged)).toBe("/login");
    });
  });

  describe("Rate limits (per IP and per account, in the shared rate_limits table)", () => {
    // Decision 0027: five free attempts, then one per growing delay (the first goes at once).
    test("The per-account delay holds after 6 failed logins, even from 6 different IPs and with the right password after", async () => {
      await registeredClient("target@example.com");
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) statuses.push((await login("target@example.com", `guess-${i}`, `192.0.2.${i}`)).status);
      expect(statuses).toEqual(Array(6).fill(400));
      const blocked = await login("TARGET@example.com", PASSWORD, "192.0.2.200");
      expect(blocked.status).toBe(429);
      expect(blocked.data.message).toBe(TOO_MANY_ATTEMPTS);
      expect(sessionCookieOf(blocked)).toBe("");
      // Another account from one of the same IPs is not affected.
      await registeredClient("bystander@example.com");
      expect((await login("bystander@example.com", PASSWORD, "192.0.2.1")).status).toBe(302);
      const keys = (await db().selectFrom("rateLimits").select("key").execute()).map((r) => r.key);
      expect(keys).toContain("login:account:target@example.com");
    });

    test("The per-IP limit fires after 30 attempts from one IP across accounts; forged X-Forwarded-For does not matter", async () => {
      await registeredClient("carol@example.com");
      const ip = "203.0.113.66";
      const statuses: number[] = [];
      for (let i = 1; i <= 30; i++) {
        const forged = { "X-Forwarded-For": `10.0.${i}.${i}`, "X-Real-IP": `10.1.${i}.${i}`, [CLIENT_IP_HEADER]: `10.2.${i}.${i}` };
        statuses.push((await login(`user${i}@example.com`, "whatever-1", ip, forged)).status);
      }
      expect(statuses.filter((s) => s === 429)).toEqual([]);
      const blocked = await login("carol@example.com", PASSWORD, ip, { "X-Forwarded-For": "198.51.100.250" });
      expect(blocked.status).toBe(429);
      expect(blocked.data.message).toBe(TOO_MANY_ATTEMPTS);
      // The same account from another address still works.
      expect((await login("carol@example.com", PASSWORD, "203.0.113.67")).status).toBe(302);
    });

    test("A successful sign-in ends the account's delay and gives its attempt back to the IP", async () => {
      await registeredClient("mistyped@example.com");
      for (let i = 1; i <= 5; i++) expect((await login("mistyped@example.com", `typo-${i}`, "192.0.2.77")).status).toBe(400);
      expect((await login("mistyped@example.com", PASSWORD, "192.0.2.77")).status).toBe(302);
      const rows = await db().selectFrom("rateLimits").select(["key", "count"]).execute();
      expect(rows.find((r) => r.key === "login:ip:192.0.2.77")).toMatchObject({ count: 5 });
      expect(rows.map((r) => r.key)).not.toContain("login:account:mistyped@example.com");
      expect((await login("mistyped@example.com", "typo-again", "192.0.2.77")).status).toBe(400);
    });

    test("The delay doubles from 30 seconds after the fifth attempt and stops at 15 minutes", () => {
      expect([1, 5, 6, 7, 8, 10, 11, 12, 500].map(loginDelayMs)).toEqual([
        0, 0, 30_000, 60_000, 120_000, 480_000, 900_000, 900_000, 900_000,
      ]);
    });

    test("Employee login counts against the same limits", async () => {
      await addStaff(null, "limited@indigokite.dev", STAFF_PASSWORD);
      for (let i = 1; i <= 6; i++) await employeeLogin("limited@indigokite.dev", `guess-${i}`, `192.0.2.${100 + i}`);
      const blocked = await employeeLogin("limited@indigokite.dev", STAFF_PASSWORD, "192.0.2.150");
      expect(blocked.status).toBe(429);
      expect(sessionCookieOf(blocked)).toBe("");
    });
  });

  describe("Sessions", () => {
    test("Logout revokes the session: the old cookie is refused afterwards", async () => {
      const cookie = await registeredClient("leaving@example.com");
      const outcome = await call(logoutRoute.action, post("/logout", {}, { cookie }));
      expect(outcome).toMatchObject({ status: 302, location: "/" });
      expect(outcome.setCookies.some((c) => /session_token=;/.test(c) || /session_token=[^;]*;.*Max-Age=0/i.test(c))).toBe(true);
      expect(await sessionsOf("leaving@example.com")).toEqual([]);
      expect(await getSessionUser(get("/", cookie))).toBeNull();
      expect(await call(portalLayout.loader, get("/user-dashboard", cookie))).toMatchObject({ status: 302, location: "/login" });
    });

    test("GET /logout changes nothing", async () => {
      const cookie = await registeredClient("get.logout@example.com");
      expect(await call(logoutRoute.loader, get("/logout", cookie))).toMatchObject({ status: 302, location: "/" });
      expect(await getSessionUser(get("/", cookie))).not.toBeNull();
    });

    test("A client session older than 30 days is refused (and revoked); 29 days is still fine", async () => {
      const fresh = await registeredClient("longtime@example.com");
      const old = sessionCookieOf(await login("longtime@example.com"));
      await ageSession(fresh, 29 * DAY);
      await ageSession(old, 30 * DAY + 60_000);
      expect(await getSessionUser(get("/", fresh))).toMatchObject({ email: "longtime@example.com" });
      expect(await getSessionUser(get("/", old))).toBeNull();
      expect(await dashboardTarget(old)).toBe("/login");
      const tokens = (await sessionsOf("longtime@example.com")).map((s) => s.token);
      expect(tokens).toContain(tokenOf(fresh));
      expect(tokens).not.toContain(tokenOf(old));
    });

    test("A staff session older than 12 hours is refused; 11 hours is still fine", async () => {
      const recent = await signedInStaff("shift@indigokite.dev");
      const stale = sessionCookieOf(await employeeLogin("shift@indigokite.dev"));
      await ageSession(recent, 11 * HOUR);
      await ageSession(stale, 12 * HOUR + 60_000);
      expect(await getSessionUser(get("/", recent))).toMatchObject({ role: "employee" });
      expect(await getSessionUser(get("/", stale))).toBeNull();
      expect(await call(employeeDashboardRoute.loader, get("/employee-dashboard", stale))).toMatchObject({
        status: 302,
        location: "/login",
      });
    });
  });

  describe("Password reset", () => {
    async function requestReset(cookie: string) {
      return call(resetRequestRoute.action, post("/settings/reset-password", { intent: "reset-password" }, { cookie }));
    }

    function tokenFromMail(text: string): string {
      const match = /\/reset-password\?token=([^\s"'<>&]+)/.exec(text);
      if (!match) throw new Error(`no reset link in: ${text}`);
      return decodeURIComponent(match[1]!);
    }

    test("A guest cannot ask for a reset from Settings", async () => {
      expect(await call(resetRequestRoute.action, post("/settings/reset-password", {}))).toMatchObject({ status: 302, location: "/login" });
      expect(await db().selectFrom("mailOutbox").select("id").where("subject", "=", "Reset your password").execute()).toEqual([]);
    });

    test("Reset from Settings mails a link; the new password works, every old session is revoked, the link works once", async () => {
      const email = "forgetful@example.com";
      const cookie = await registeredClient(email);
      const other = sessionCookieOf(await login(email));

      const requested = await requestReset(cookie);
      expect(requested).toMatchObject({ status: 302, location: "/user-dashboard/settings?notice=reset-sent" });
      const mail = await waitForMail(email, /reset/i);
      expect(mail.textBody).toContain(`${APP_URL}/reset-password?token=`);
      const token = tokenFromMail(mail.textBody);
      expect(token.length).toBeGreaterThanOrEqual(16);

      const reset = await call(
        resetPasswordRoute.action,
        post(`/reset-password?token=${encodeURIComponent(token)}`, {
          token,
          password: "brand-new-password-9",
          confirm: "brand-new-password-9",
        }),
      );
      expect(reset).toMatchObject({ status: 302, location: "/login?notice=password-changed" });

      expect(await getSessionUser(get("/", cookie))).toBeNull();
      expect(await getSessionUser(get("/", other))).toBeNull();
      expect(await sessionsOf(email)).toEqual([]);
      expect((await login(email, PASSWORD)).status).toBe(400);
      expect((await login(email, "brand-new-password-9")).status).toBe(302);

      const again = await call(
        resetPasswordRoute.action,
        post("/reset-password", { token, password: "third-password-99", confirm: "third-password-99" }),
      );
      expect(again.status).toBe(400);
      expect(again.data.message).toMatch(/invalid or has expired/);
      expect((await login(email, "third-password-99")).status).toBe(400);
    });

    describe("Forgot password while signed out", () => {
      const SENT = "If an account exists for that address, we have sent a link.";
      const forgot = (email: string, ip?: string) => call(forgotPasswordRoute.action, post("/forgot-password", { email }), ip);
      const outbox = (email: string) => db().selectFrom("mailOutbox").select("id").where("toAddress", "=", email).execute();

      test("An existing and an unknown address get the same answer; only the account is mailed, and its link works once", async () => {
        const email = "forgot.known@example.com";
        await registeredClient(email);
        const known = await forgot(email);
        const unknown = await forgot("forgot.nobody@example.com");
        expect(known).toMatchObject({ status: 200, data: { status: "success", message: SENT } });
        expect(unknown.status).toBe(known.status);
        expect(unknown.data).toEqual(known.data);
        expect(await outbox("forgot.nobody@example.com")).toEqual([]);

        const mail = await waitForMail(email, /reset/i);
        const token = tokenFromMail(mail.textBody);
        // Opening the link (GET) shows the form and spends nothing.
        expect(await call(resetPasswordRoute.loader, get(`/reset-password?token=${encodeURIComponent(token)}`))).toMatchObject({
          status: 200,
          data: { token },
        });
        expect(await call(resetPasswordRoute.loader, get(`/reset-password?token=${encodeURIComponent(token)}`))).toMatchObject({
          status: 200,
          data: { token },
        });
        const reset = await call(
          resetPasswordRoute.action,
          post("/reset-password", { token, password: "forgot-new-pass-1", confirm: "forgot-new-pass-1" }),
        );
        expect(reset).toMatchObject({ status: 302, location: "/login?notice=password-changed" });
        expect((await login(email, "forgot-new-pass-1")).status).toBe(302);
        const again = await call(
          resetPasswordRoute.action,
          post("/reset-password", { token, password: "forgot-new-pass-2", confirm: "forgot-new-pass-2" }),
        );
        expect(again.status).toBe(400);
        expect(again.data.message).toMatch(/invalid or has expired/);
      });

      test("A reset link expires after an hour", async () => {
        const email = "forgot.late@example.com";
        await registeredClient(email);
        await forgot(email);
        const token = tokenFromMail((await waitForMail(email, /reset/i)).textBody);
        // Better Auth's verification row for the token: its value is the account's id.
        const userId = (await userRow(email))!.id;
        const rows = await sql<{ expiresAt: string | Date }>`select expires_at from verifications where value = ${userId}`.execute(db());
        expect(rows.rows).toHaveLength(1);
        const expiresIn = new Date(rows.rows[0]!.expiresAt).getTime() - Date.now();
        expect(expiresIn).toBeGreaterThan(HOUR - 60_000);
        expect(expiresIn).toBeLessThanOrEqual(HOUR);
        await sql`update verifications set expires_at = ${dbDate(Date.now() - 1000)} where value = ${userId}`.execute(db());
        const late = await call(
          resetPasswordRoute.action,
          post("/reset-password", { token, password: "forgot-late-pass-1", confirm: "forgot-late-pass-1" }),
        );
        expect(late.status).toBe(400);
        expect((await login(email, PASSWORD)).status).toBe(302);
      });

      test("An invalid address is a field error with 400 and queues nothing", async () => {
        const before = (await db().selectFrom("mailOutbox").select("id").execute()).length;
        const outcome = await forgot("not-an-address");
        expect(outcome.status).toBe(400);
        expect(outcome.data.status).toBe("invalid");
        expect(JSON.stringify(outcome.data)).toContain("Enter a valid email address.");
        expect((await db().selectFrom("mailOutbox").select("id").execute()).length).toBe(before);
      });

      test("Past the per-IP limit nothing is queued and the answer is the same", async () => {
        const ip = "203.0.113.77";
        const emails = Array.from({ length: 12 }, (_, i) => `forgot.spray${i}@example.com`);
        for (const email of emails) await registeredClient(email);
        await clearTables("rateLimits");
        const outcomes = [];
        for (const email of emails) outcomes.push(await forgot(email, ip));
        expect(outcomes.every((o) => o.status === 200 && o.data.message === SENT)).toBe(true);
        let mails = 0;
        for (const email of emails) mails += (await outbox(email)).length;
        expect(mails).toBe(10);
      });
    });

    test("A made-up token or mismatched passwords change nothing", async () => {
      const email = "careful@example.com";
      await registeredClient(email);
      const bad = await call(
        resetPasswordRoute.action,
        post("/reset-password", { token: "made-up-token", password: "another-pass-123", confirm: "another-pass-123" }),
      );
      expect(bad.status).toBe(400);
      const mismatch = await call(
        resetPasswordRoute.action,
        post("/reset-password", { token: "x", password: "another-pass-123", confirm: "another-pass-124" }),
      );
      expect(mismatch.status).toBe(400);
      expect((await login(email, PASSWORD)).status).toBe(302);
    });
  });

  describe("Account deletion", () => {
    let opened = false;
    async function openingId() {
      if (!opened) {
        const now = Date.now();
        await db()
          .insertInto("jobOpenings")
          .values({
            id: "auth-test-opening",
            title: "QA",
            location: "Remote",
            type: "Full-time",
            description: "Tests.",
            salary: "",
            requirements: "[]",
            status: "open",
            createdAt: now,
            updatedAt: now,
          } as never)
          .execute();
        opened = true;
      }
      return "auth-test-opening";
    }

    /** Profile, a project, a complaint with two replies, an application with a stored resume. */
    async function seedData(email: string) {
      const user = (await userRow(email))!;
      const now = Date.now();
      await db()
        .insertInto("profiles")
        .values({ userId: user.id, fullName: "Del Eter", phone: "+1 555 0100", company: "", country: "", email, updatedAt: now })
        .execute();
      // The work belongs to the company the client made by registering.
      const { companyId } = await ensureOwnCompany(user);
      companyOf.set(user.id, companyId);
      await db()
        .insertInto("projects")
        .values({
          id: randomUUID(),
          companyId,
          createdBy: user.id,
          title: "App",
          description: "d",
          progress: 10,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      const complaintId = randomUUID();
      await db()
        .insertInto("complaints")
        .values({
          id: complaintId,
          companyId,
          createdBy: user.id,
          subject: "s",
          message: "m",
          status: "Pending",
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await db()
        .insertInto("complaintReplies")
        .values([
          { id: randomUUID(), complaintId, sender: "user", senderName: "", text: "hello", timestamp: now },
          { id: randomUUID(), complaintId, sender: "staff", senderName: "Ops", text: "hi", timestamp: now + 1 },
        ])
        .execute();
      const key = `resumes/${user.id}_${now}_cv.pdf`;
      const temp = path.join(fileStore().tempDir(), `${randomUUID()}.pdf`);
      writeFileSync(temp, "%PDF-1.4\n%%EOF\n");
      await fileStore().putFromFile(key, temp, "application/pdf");
      await db()
        .insertInto("jobApplications")
        .values({
          id: randomUUID(),
          name: "Del",
          email,
          message: "",
          resume: key,
          resumeName: "cv.pdf",
          resumeType: "pdf",
          resumeSize: 15,
          jobId: await openingId(),
          submittedAt: now,
          appliedBy: user.id,
        } as never)
        .execute();
      return { userId: user.id, complaintId, resumeKey: key };
    }

    const companyOf = new Map<string, string>();

    async function dataOf(userId: string, complaintId: string) {
      const companyId = companyOf.get(userId) ?? "-";
      return {
        companies: (await db().selectFrom("companies").select("id").where("id", "=", companyId).execute()).length,
        profiles: (await db().selectFrom("profiles").select("userId").where("userId", "=", userId).execute()).length,
        projects: (await db().selectFrom("projects").select("id").where("companyId", "=", companyId).execute()).length,
        complaints: (await db().selectFrom("complaints").select("id").where("companyId", "=", companyId).execute()).length,
        replies: (await db().selectFrom("complaintReplies").select("id").where("complaintId", "=", complaintId).execute()).length,
        applications: (await db().selectFrom("jobApplications").select("id").where("appliedBy", "=", userId).execute()).length,
        sessions: (await db().selectFrom("sessions").select("id").where("userId", "=", userId).execute()).length,
        users: (await db().selectFrom("users").select("id").where("id", "=", userId).execute()).length,
      };
    }

    test("Deleting purges profile, projects, complaints, replies, applications, resume files and sessions, mails a confirmation and goes to /?notice=deleted", async () => {
      const email = "goodbye@example.com";
      const cookie = await registeredClient(email);
      const second = sessionCookieOf(await login(email));
      const mine = await seedData(email);
      await registeredClient("stays@example.com");
      const theirs = await seedData("stays@example.com");
      expect(await dataOf(mine.userId, mine.complaintId)).toEqual({
        companies: 1,
        profiles: 1,
        projects: 1,
        complaints: 1,
        replies: 2,
        applications: 1,
        sessions: 2,
        users: 1,
      });

      const outcome = await call(deleteAccountRoute.action, post("/settings/delete-account", { intent: "delete-account" }, { cookie }));
      expect(outcome).toMatchObject({ status: 302, location: "/?notice=deleted" });
      expect(sessionCookieOf(outcome)).toBe("");

      expect(await dataOf(mine.userId, mine.complaintId)).toEqual({
        companies: 0,
        profiles: 0,
        projects: 0,
        complaints: 0,
        replies: 0,
        applications: 0,
        sessions: 0,
        users: 0,
      });
      expect((await sql`select id from accounts where user_id = ${mine.userId}`.execute(db())).rows).toEqual([]);
      expect(await fileStore().exists(mine.resumeKey)).toBe(false);
      expect(existsSync(path.join(storageDir, mine.resumeKey))).toBe(false);
      expect(await getSessionUser(get("/", cookie))).toBeNull();
      expect(await getSessionUser(get("/", second))).toBeNull();
      const mail = await waitForMail(email, /deleted/i);
      expect(mail.subject).toBe("Your account has been deleted");

      // Nobody else's data goes with it.
      expect(await dataOf(theirs.userId, theirs.complaintId)).toMatchObject({
        companies: 1,
        profiles: 1,
        projects: 1,
        complaints: 1,
        replies: 2,
        applications: 1,
        users: 1,
      });
      expect(await fileStore().exists(theirs.resumeKey)).toBe(true);
      // And the account is gone: signing in fails.
      expect((await login(email)).status).toBe(400);
    });

    test("A session signed in more than a day ago gets the 'delete-failed' notice and nothing is deleted", async () => {
      const email = "stale.deleter@example.com";
      const cookie = await registeredClient(email);
      const mine = await seedData(email);
      await ageSession(cookie, DAY + 60_000);
      const outcome = await call(deleteAccountRoute.action, post("/settings/delete-account", { intent: "delete-account" }, { cookie }));
      expect(outcome).toMatchObject({ status: 302, location: "/user-dashboard/settings?notice=delete-failed" });
      expect(await dataOf(mine.userId, mine.complaintId)).toEqual({
        companies: 1,
        profiles: 1,
        projects: 1,
        complaints: 1,
        replies: 2,
        applications: 1,
        sessions: 1,
        users: 1,
      });
      expect(await fileStore().exists(mine.resumeKey)).toBe(true);
      expect(await db().selectFrom("mailOutbox").select("id").where("toAddress", "=", email).execute()).toEqual([]);
      expect(await getSessionUser(get("/", cookie))).not.toBeNull();
    });

    test("A guest cannot delete anything", async () => {
      expect(await call(deleteAccountRoute.action, post("/settings/delete-account", { intent: "delete-account" }))).toMatchObject({
        status: 302,
        location: "/login",
      });
    });
  });

  describe("Staff accounts (scripts/staff.ts functions)", () => {
    test("addStaff creates a verified employee account that can sign in on the employee form only", async () => {
      const member = await addStaff(null, "  New.Hire@IndigoKite.dev ", STAFF_PASSWORD, "New Hire");
      expect(member).toMatchObject({ email: "new.hire@indigokite.dev", name: "New Hire" });
      const row = await userRow("new.hire@indigokite.dev");
      expect(row).toMatchObject({ role: "employee" });
      expect(Boolean(row!.emailVerified)).toBe(true);
      expect((await employeeLogin("new.hire@indigokite.dev")).status).toBe(302);
      expect((await login("new.hire@indigokite.dev", STAFF_PASSWORD)).data.message).toBe(EMPLOYEE_ON_CUSTOMER_FORM);
    });

    test("addStaff refuses other domains with a clear error and a second account for the same e-mail", async () => {
      await expect(addStaff(null, "contractor@example.com", STAFF_PASSWORD)).rejects.toThrow(Refusal);
      await expect(addStaff(null, "contractor@example.com", STAFF_PASSWORD)).rejects.toThrow(
        "Only @indigokite.dev e-mails can be staff accounts (got contractor@example.com).",
      );
      await expect(addStaff(null, "x@indigokite.dev.evil.example", STAFF_PASSWORD)).rejects.toThrow(/Only @indigokite\.dev/);
      expect(await userRow("contractor@example.com")).toBeUndefined();
      await addStaff(null, "twice@indigokite.dev", STAFF_PASSWORD);
      await expect(addStaff(null, "Twice@indigokite.dev", STAFF_PASSWORD)).rejects.toThrow("twice@indigokite.dev already has an account.");
    });

    test("listStaff lists company accounts only; removeStaff deletes the account and its sessions and refuses clients", async () => {
      await addStaff(null, "list.a@indigokite.dev", STAFF_PASSWORD);
      await addStaff(null, "list.b@indigokite.dev", STAFF_PASSWORD);
      await registeredClient("not.staff@example.com");
      const emails = (await listStaff()).map((s) => s.email);
      expect(emails).toEqual(expect.arrayContaining(["list.a@indigokite.dev", "list.b@indigokite.dev"]));
      expect(emails.every((e) => e.endsWith("@indigokite.dev"))).toBe(true);
      expect((await listStaff())[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);

      const cookie = sessionCookieOf(await employeeLogin("list.a@indigokite.dev"));
      await removeStaff("LIST.A@indigokite.dev");
      expect(await userRow("list.a@indigokite.dev")).toBeUndefined();
      expect(await getSessionUser(get("/", cookie))).toBeNull();
      expect((await employeeLogin("list.a@indigokite.dev")).data.message).toBe(EMPLOYEE_LOGIN_FAILED);
      expect((await listStaff()).map((s) => s.email)).not.toContain("list.a@indigokite.dev");

      await expect(removeStaff("not.staff@example.com")).rejects.toThrow("No staff account for not.staff@example.com.");
      expect(await userRow("not.staff@example.com")).toBeDefined();
      await expect(removeStaff("ghost@indigokite.dev")).rejects.toThrow(Refusal);
    });
  });

  // React Router checks the Origin of POSTs to UI routes only (checked end to end in
  // e2e/auth.spec.ts); these resource routes need their own check (docs/security.md "Cross-site
  // requests").
  describe("Cross-site POSTs to the settings resource routes", () => {
    const crossSite = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };

    test("POST /settings/delete-account from another origin deletes nothing", async () => {
      const email = "csrf.delete@example.com";
      const cookie = await registeredClient(email);
      const outcome = await call(
        deleteAccountRoute.action,
        post("/settings/delete-account", { intent: "delete-account" }, { cookie, headers: crossSite }),
      );
      expect(await userRow(email), "the account was deleted by a cross-site POST").toBeDefined();
      expect(outcome.status).toBeGreaterThanOrEqual(400);
    });

    test("POST /settings/reset-password from another origin queues no mail", async () => {
      const email = "csrf.reset@example.com";
      const cookie = await registeredClient(email);
      const outcome = await call(
        resetRequestRoute.action,
        post("/settings/reset-password", { intent: "reset-password" }, { cookie, headers: crossSite }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(
        await db().selectFrom("mailOutbox").select("id").where("toAddress", "=", email).execute(),
        "a cross-site POST queued a reset mail",
      ).toEqual([]);
      expect(outcome.status).toBeGreaterThanOrEqual(400);
    });

    test("POST /home-dashboard from another origin sets no preference cookie", async () => {
      const cookie = await registeredClient("csrf.toggle@example.com");
      const outcome = await call(
        homeDashboardRoute.action,
        post("/home-dashboard", { enabled: "1", returnTo: "/" }, { cookie, headers: crossSite }),
      );
      expect(outcome.setCookies, "a cross-site POST changed the home-dashboard preference").toEqual([]);
    });
  });

  // Better Auth skips its origin check when it detects a test runner, so cross-origin POSTs to
  // /api/auth/* are checked against the production build in e2e/auth.spec.ts.
  describe("Better Auth's own HTTP endpoints (/api/auth/*) keep the same rules", () => {
    function apiPost(pathname: string, body: Record<string, unknown>, options: { ip?: string; origin?: string; cookie?: string } = {}) {
      const headers = new Headers({
        "Content-Type": "application/json",
        Origin: options.origin ?? APP_URL,
        [CLIENT_IP_HEADER]: options.ip ?? nextIp(),
      });
      if (options.cookie) headers.set("Cookie", options.cookie);
      return authApi.action({
        request: new Request(`${APP_URL}/api/auth${pathname}`, { method: "POST", body: JSON.stringify(body), headers }),
        params: {},
        context: { clientIp: options.ip ?? "x" },
      } as never);
    }

    test("Self-registration with a company e-mail through /api/auth/sign-up/email does not create a staff account", async () => {
      const response = await apiPost("/sign-up/email", { email: "mallory@indigokite.dev", password: PASSWORD, name: "Mallory" });
      const row = await userRow("mallory@indigokite.dev");
      const cookie =
        response.headers
          .getSetCookie()
          .find((c) => c.includes("session_token"))
          ?.split(";")[0] ?? "";
      const asStaff = cookie ? await call(employeeDashboardRoute.loader, get("/employee-dashboard", cookie)) : null;
      expect(
        { status: response.status, userCreated: Boolean(row), employeeDashboard: asStaff?.status ?? null },
        "anyone could become staff by registering a company e-mail over the API",
      ).toMatchObject({ userCreated: false, employeeDashboard: null });
    });

    test("role in the /api/auth/sign-up/email body is ignored", async () => {
      await apiPost("/sign-up/email", { email: "api.sneaky@example.com", password: PASSWORD, name: "S", role: "employee" });
      const row = await userRow("api.sneaky@example.com");
      expect(row?.role ?? "client").toBe("client");
    });

    test("Better Auth's own /api/auth/sign-in/email is not exposed, so guesses cannot skip our limits", async () => {
      await registeredClient("api.target@example.com");
      for (let i = 1; i <= 3; i++) {
        const guess = await apiPost("/sign-in/email", { email: "api.target@example.com", password: `guess-${i}` }, { ip: `100.64.0.${i}` });
        expect(guess.status).toBe(404);
      }
      const right = await apiPost("/sign-in/email", { email: "api.target@example.com", password: PASSWORD }, { ip: "100.64.0.99" });
      expect(right.status).toBe(404);
      expect(right.headers.get("set-cookie") ?? "").not.toContain("session_token=");
    });
  });
});

// The real command line, once, against a throw-away SQLite file.
describe("npm run staff (scripts/staff.ts)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-staff-cli-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cli = staffCli(dir);

  test(
    "add → 0 and 'Staff account created: …'; list shows it; a non-company e-mail → 1 with a clear error; remove → 0",
    { timeout: 120_000 },
    () => {
      const added = cli("add", "CLI.Person@indigokite.dev", "--password", STAFF_PASSWORD, "--name", "CLI Person");
      expect(added, added.stderr).toMatchObject({ status: 0 });
      expect(added.stdout.trim()).toBe("Staff account created: cli.person@indigokite.dev");

      const listed = cli("list");
      expect(listed.status).toBe(0);
      expect(listed.stdout).toMatch(/^cli\.person@indigokite\.dev\tCLI Person\tcreated \d{4}-/m);

      const refused = cli("add", "someone@example.com", "--password", STAFF_PASSWORD);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("Error: Only @indigokite.dev e-mails can be staff accounts (got someone@example.com).");
      expect(refused.stdout).not.toContain("Staff account created");

      const removed = cli("remove", "cli.person@indigokite.dev");
      expect(removed.status).toBe(0);
      expect(removed.stdout.trim()).toBe("Staff account removed: cli.person@indigokite.dev");
      expect(cli("list").stdout.trim()).toBe("No staff accounts.");
    },
  );
});
