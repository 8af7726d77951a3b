// Google sign-in through a real local OpenID Connect provider (tests/helpers/oidc.ts), driven
// server-side: the app's actions and loaders are called directly, the provider over HTTP, and the
// callback through the app's /api/auth/* route, carrying cookies like a browser would.
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { CUSTOMER_GOOGLE_FAILED, EMPLOYEE_GOOGLE_FAILED, EMPLOYEE_ON_CUSTOMER_GOOGLE } from "~/lib/auth-messages";
import { employeeLoginAction, employeeLoginLoader } from "~/routes/auth/employee-login.server";
import { loginAction, loginLoader } from "~/routes/auth/login.server";
import * as dashboard from "~/routes/auth/dashboard";
import * as leadsExport from "~/routes/console/leads-export";
import { auth } from "~/server/auth/auth.server";
import { db } from "~/server/db/db.server";
import { getSessionUser } from "~/server/auth/session.server";
import { addStaff, enableStaff, removeStaff } from "~/server/models/accounts/staff.server";
import { clearTables, testDatabases } from "../helpers/databases";
import { signUp } from "../helpers/accounts";
import { buildRequest } from "../helpers/routes";
import type { TestOidcProvider } from "../helpers/oidc";
import { APP_URL, CookieJar, GOOGLE_CALLBACK, throughAppCallback, throughProvider, useAppWithGoogle } from "../helpers/google";

// Every sign-in hashes with Argon2id (19 MiB); the rate-limit tests make 30+ of them, which can take
// well over the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** Better Auth 1.7's own callback route for a provider with id "google". */
const BETTER_AUTH_CALLBACK = `${APP_URL}/api/auth/callback/google`;

const client = { sub: "g-client-1", email: "grace@example.com", email_verified: true, name: "Grace" };
const staff = { sub: "g-staff-1", email: "sam@indigokite.dev", email_verified: true, name: "Sam" };
const unverifiedStaff = { sub: "g-staff-2", email: "una@indigokite.dev", email_verified: false, name: "Una" };

function form(path: string, fields: Record<string, string>, jar?: CookieJar) {
  return buildRequest(`${APP_URL}${path}`, { form: fields, cookie: jar?.header(), headers: { Origin: APP_URL } });
}

function get(path: string, jar: CookieJar) {
  return buildRequest(new URL(path, APP_URL).href, { cookie: jar.header() });
}

async function settle<T>(run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** What a loader returned as data() / plain object. */
function dataOf(value: unknown): { error?: string | null } {
  if (value && typeof value === "object" && "data" in value && "init" in value) return (value as { data: { error?: string } }).data;
  return value as { error?: string | null };
}

describe.each(testDatabases("google sign-in"))("Google sign-in (local OpenID provider) on $name", (database) => {
  let cleanup: () => Promise<void>;
  let oidc: TestOidcProvider;

  beforeAll(async () => {
    ({ oidc, cleanup } = await useAppWithGoogle(database, { accounts: [client, staff, unverifiedStaff] }));
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("rateLimits");
    oidc.authorizationRequests.length = 0;
  });

  /** A staff account as the console or `npm run staff -- add` makes it (once per suite). */
  async function provisionStaff(email: string) {
    const existing = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (!existing) await addStaff(null, email, "staff-password-123");
  }

  function exportLeads(jar: CookieJar) {
    return settle(() =>
      leadsExport.loader({ request: get("/employee-dashboard/leads/export", jar), params: {}, context: { clientIp: "x" } } as never),
    );
  }

  async function usersWithEmail(email: string) {
    return db().selectFrom("users").select("id").where("email", "=", email).execute();
  }

  /** Posts the Google button of /login or /employee-login; returns the redirect (or the failure). */
  async function pressGoogle(page: "/login" | "/employee-login") {
    const run = page === "/login" ? loginAction : employeeLoginAction;
    return settle(() => run(form(page, { intent: "google" }), "203.0.113.20"));
  }

  async function signInWithGoogle(page: "/login" | "/employee-login", sub: string) {
    const jar = new CookieJar();
    oidc.useAccount(sub);
    const started = await pressGoogle(page);
    expect(started, `the Google button of ${page} must redirect to the provider, got ${JSON.stringify(dataOf(started))}`).toBeInstanceOf(
      Response,
    );
    const redirect = started as Response;
    expect(redirect.status).toBe(302);
    jar.take(redirect.headers);
    const back = await throughProvider(redirect.headers.get("location")!);
    const landing = await throughAppCallback(back, jar);
    return { jar, back, landing };
  }

  test("The Google buttons show on /login and /employee-login when GOOGLE_CLIENT_ID/SECRET are set", async () => {
    // With a staff account, setup is done and /employee-login is the login, not /setup (decision 0068).
    await provisionStaff(staff.email);
    const jar = new CookieJar();
    expect(dataOf(await loginLoader(get("/login", jar)))).toMatchObject({ googleEnabled: true });
    expect(dataOf(await employeeLoginLoader(get("/employee-login", jar)))).toMatchObject({ googleEnabled: true });
  });

  test("'Continue with Google' redirects to the provider's authorization endpoint with PKCE (S256) and prompt=select_account", async () => {
    const started = await pressGoogle("/login");
    expect(started, `got ${JSON.stringify(dataOf(started))}`).toBeInstanceOf(Response);
    const location = new URL((started as Response).headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${oidc.issuer}/auth`);
    expect(location.searchParams.get("prompt")).toBe("select_account");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get("client_id")).toBe(oidc.clientId);
    expect(location.searchParams.get("redirect_uri")).toBe(GOOGLE_CALLBACK);
    expect(location.searchParams.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid", "email"]));
  });

  test("A client account signs in through the customer button and lands on /user-dashboard", async () => {
    const { jar, landing } = await signInWithGoogle("/login", client.sub);
    expect(landing.pathname + landing.search).toBe("/login?google=done");
    const next = await settle(() => loginLoader(get("/login?google=done", jar)));
    expect(next).toBeInstanceOf(Response);
    expect((next as Response).headers.get("location")).toBe("/user-dashboard?notice=login");
    const user = await getSessionUser(get("/user-dashboard", jar));
    expect(user).toMatchObject({ email: client.email, role: "client" });
    expect(oidc.authorizationRequests.at(-1)?.get("prompt")).toBe("select_account");
  });

  test("A company account without a staff account through the customer button is refused at the callback with the exact message", async () => {
    // It used to get a session at the callback, signed out again on the landing page.
    oidc.addAccount({ sub: "g-unprovisioned-customer", email: "nadia@indigokite.dev", email_verified: true });
    const { jar, landing } = await signInWithGoogle("/login", "g-unprovisioned-customer");
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("google")).toBe("error");
    expect(jar.has("session_token")).toBe(false);
    expect(dataOf(await loginLoader(get(landing.pathname + landing.search, jar))).error).toBe(EMPLOYEE_ON_CUSTOMER_GOOGLE);
    expect(await db().selectFrom("users").select("id").where("email", "=", "nadia@indigokite.dev").execute()).toEqual([]);
  });

  test("A staff member through the customer button is refused with the exact message and signed out", async () => {
    await provisionStaff(staff.email);
    const { jar } = await signInWithGoogle("/login", staff.sub);
    const result = await settle(() => loginLoader(get("/login?google=done", jar)));
    expect(dataOf(result).error).toBe(EMPLOYEE_ON_CUSTOMER_GOOGLE);
    // The loader's answer clears the cookie and the session row is gone.
    const headers = (result as { init?: { headers?: HeadersInit } }).init?.headers;
    jar.take(new Headers(headers));
    expect(await getSessionUser(get("/dashboard", jar))).toBeNull();
    const guest = await settle(() =>
      dashboard.loader({ request: get("/dashboard", jar), params: {}, context: { clientIp: "x" } } as never),
    );
    expect((guest as Response).headers.get("location")).toBe("/login");
  });

  test("A staff member (made in the console or CLI) through the employee button lands on /dashboard → /employee-dashboard", async () => {
    // A verified company account used to become staff here on its first Google sign-in.
    await provisionStaff(staff.email);
    const { jar, landing } = await signInWithGoogle("/employee-login", staff.sub);
    expect(landing.pathname + landing.search).toBe("/employee-login?google=done");
    const next = await settle(() => employeeLoginLoader(get("/employee-login?google=done", jar)));
    expect((next as Response).headers.get("location")).toBe("/dashboard?notice=welcome");
    const routed = await settle(() =>
      dashboard.loader({ request: get("/dashboard", jar), params: {}, context: { clientIp: "x" } } as never),
    );
    expect((routed as Response).headers.get("location")).toBe("/employee-dashboard");
  });

  test("An unverified company account through the employee button gets the exact failure and no session", async () => {
    const { jar } = await signInWithGoogle("/employee-login", unverifiedStaff.sub);
    const result = await settle(() => employeeLoginLoader(get("/employee-login?google=done", jar)));
    expect(dataOf(result).error).toBe(EMPLOYEE_GOOGLE_FAILED);
    jar.take(new Headers((result as { init?: { headers?: HeadersInit } }).init?.headers));
    expect(await getSessionUser(get("/dashboard", jar))).toBeNull();
  });

  test("A client account through the employee button is refused", async () => {
    const { jar } = await signInWithGoogle("/employee-login", client.sub);
    const result = await settle(() => employeeLoginLoader(get("/employee-login?google=done", jar)));
    expect(dataOf(result).error).toBe(EMPLOYEE_GOOGLE_FAILED);
  });

  test("An unverified Google e-mail does not take over an existing staff account (employee button)", async () => {
    await addStaff(null, "victor@indigokite.dev", "staff-password-123");
    oidc.addAccount({ sub: "g-attacker-staff", email: "victor@indigokite.dev", email_verified: false });
    const { jar } = await signInWithGoogle("/employee-login", "g-attacker-staff");
    const result = await settle(() => employeeLoginLoader(get("/employee-login?google=done", jar)));
    expect(result, "the unverified provider e-mail must not sign in as the staff account").not.toBeInstanceOf(Response);
    expect(dataOf(result).error).toBe(EMPLOYEE_GOOGLE_FAILED);
    jar.take(new Headers((result as { init?: { headers?: HeadersInit } }).init?.headers));
    expect(await getSessionUser(get("/dashboard", jar))).toBeNull();
  });

  test("An unverified Google e-mail does not take over an existing client's password account", async () => {
    const victim = await (
      await auth()
    ).api.signUpEmail({ body: { email: "victim@example.com", password: "victim-password-123", name: "Victim" } });
    oidc.addAccount({ sub: "g-attacker-client", email: "victim@example.com", email_verified: false });
    const { jar } = await signInWithGoogle("/login", "g-attacker-client");
    const user = await getSessionUser(get("/user-dashboard", jar));
    expect(user?.id, "signed in as the victim through an unverified provider e-mail").not.toBe(victim.user.id);
    const linked = await sql<{ provider: string }>`select provider_id as provider from accounts where user_id = ${victim.user.id}`.execute(
      db(),
    );
    expect(linked.rows.map((a) => a.provider)).toEqual(["credential"]);
  });

  //, part 1: each probe failed before the fix.
  test("An unverified company e-mail gets no session at the callback, so the leads export is refused", async () => {
    // The probe: stop at the callback's redirect (never visit the landing page) and use the cookie.
    const { jar, landing } = await signInWithGoogle("/employee-login", unverifiedStaff.sub);
    const reply = await exportLeads(jar);
    expect(reply instanceof Response ? reply.status : 200, "the leads CSV went to an unverified company e-mail").not.toBe(200);
    expect(landing.searchParams.get("google")).toBe("error");
    expect(await getSessionUser(get("/employee-dashboard", jar))).toBeNull();
    expect(await usersWithEmail(unverifiedStaff.email)).toEqual([]);
  });

  test("A verified company Google identity without a staff account is refused at the callback and creates nobody", async () => {
    oidc.addAccount({ sub: "g-self-made-staff", email: "selma@indigokite.dev", email_verified: true });
    const { jar, landing } = await signInWithGoogle("/employee-login", "g-self-made-staff");
    expect(((await exportLeads(jar)) as Response).status, "the leads CSV went to a self-made staff account").not.toBe(200);
    expect(landing.pathname + landing.searchParams.get("google")).toBe("/employee-loginerror");
    expect(jar.has("session_token")).toBe(false);
    expect(dataOf(await employeeLoginLoader(get(landing.pathname + landing.search, jar))).error).toBe(EMPLOYEE_GOOGLE_FAILED);
    expect(await usersWithEmail("selma@indigokite.dev")).toEqual([]);
  });

  test("Staff removed with `staff remove` cannot sign straight back in with Google", async () => {
    oidc.addAccount({ sub: "g-leaver", email: "leo@indigokite.dev", email_verified: true });
    await provisionStaff("leo@indigokite.dev");
    const first = await signInWithGoogle("/employee-login", "g-leaver");
    expect(first.landing.searchParams.get("google")).toBe("done");
    expect(await getSessionUser(get("/employee-dashboard", first.jar))).toMatchObject({ email: "leo@indigokite.dev", role: "employee" });
    await removeStaff("leo@indigokite.dev");
    const again = await signInWithGoogle("/employee-login", "g-leaver");
    expect(again.landing.searchParams.get("google")).toBe("error");
    expect(((await exportLeads(again.jar)) as Response).status).not.toBe(200);
    expect(await usersWithEmail("leo@indigokite.dev")).toEqual([]);
  });

  test("A disabled staff member gets no session from Google until re-enabled", async () => {
    oidc.addAccount({ sub: "g-paused", email: "pia@indigokite.dev", email_verified: true });
    await provisionStaff("pia@indigokite.dev");
    const { id } = (await usersWithEmail("pia@indigokite.dev"))[0]!;
    const admin = { id: "admin-of-google-suite", email: "boss@indigokite.dev", name: "Boss" };
    await db().updateTable("users").set({ staffDisabledAt: Date.now() }).where("id", "=", id).execute();
    const refused = await signInWithGoogle("/employee-login", "g-paused");
    expect(await getSessionUser(get("/employee-dashboard", refused.jar))).toBeNull();
    expect(((await exportLeads(refused.jar)) as Response).status).not.toBe(200);
    expect(await db().selectFrom("sessions").select("id").where("userId", "=", id).execute()).toEqual([]);
    await enableStaff(admin, id);
    const back = await signInWithGoogle("/employee-login", "g-paused");
    expect(await getSessionUser(get("/employee-dashboard", back.jar))).toMatchObject({ email: "pia@indigokite.dev" });
  });

  test("A company address whose hd claim names another domain is refused, even for a staff account", async () => {
    await provisionStaff("hana@indigokite.dev");
    oidc.addAccount({ sub: "g-other-workspace", email: "hana@indigokite.dev", email_verified: true, hd: "evil.example" });
    const { jar, landing } = await signInWithGoogle("/employee-login", "g-other-workspace");
    expect(landing.searchParams.get("google")).toBe("error");
    expect(await getSessionUser(get("/employee-dashboard", jar))).toBeNull();
    const linked = await sql<{
      provider: string;
    }>`select a.provider_id as provider from accounts a join users u on u.id = a.user_id where u.email = ${"hana@indigokite.dev"}`.execute(
      db(),
    );
    expect(linked.rows.map((a) => a.provider)).toEqual(["credential"]);
  });

  test("A Kelvin-sign look-alike of a staff address does not sign in as that staff member", async () => {
    await provisionStaff("kate@indigokite.dev");
    // U+212A KELVIN SIGN lower-cases to an ASCII "k".
    oidc.addAccount({ sub: "g-kelvin", email: "kate@indigo\u212Aite.dev", email_verified: true });
    for (const page of ["/employee-login", "/login"] as const) {
      const { jar } = await signInWithGoogle(page, "g-kelvin");
      expect(await getSessionUser(get("/employee-dashboard", jar)), `signed in as kate through ${page}`).toBeNull();
      expect(((await exportLeads(jar)) as Response).status).not.toBe(200);
    }
    const linked = await sql<{
      provider: string;
    }>`select a.provider_id as provider from accounts a join users u on u.id = a.user_id where u.email = ${"kate@indigokite.dev"}`.execute(
      db(),
    );
    expect(linked.rows.map((a) => a.provider)).toEqual(["credential"]);
  });

  test("A link to /login?google=done or /employee-login?google=done signs nobody out", async () => {
    await provisionStaff("stay@indigokite.dev");
    const staffSession = await (
      await auth()
    ).api.signInEmail({ body: { email: "stay@indigokite.dev", password: "staff-password-123" }, returnHeaders: true });
    const staffJar = new CookieJar();
    staffJar.take(staffSession.headers);
    const clientJar = new CookieJar();
    clientJar.take(new Headers({ "set-cookie": (await signUp("linked.visitor@example.com")).cookie }));
    const visits: [CookieJar, string, (request: Request) => Promise<unknown>][] = [
      [staffJar, "/login?google=done", loginLoader],
      [clientJar, "/employee-login?google=done", employeeLoginLoader],
    ];
    for (const [jar, url, load] of visits) {
      const result = await settle(() => load(get(url, jar)));
      const headers =
        result instanceof Response ? result.headers : new Headers((result as { init?: { headers?: HeadersInit } }).init?.headers);
      expect(
        headers.getSetCookie().filter((c) => c.includes("session_token")),
        `${url} cleared the session cookie`,
      ).toEqual([]);
      expect(await getSessionUser(get("/dashboard", jar)), `${url} ended the session`).not.toBeNull();
    }
  });

  test("The error callbacks show the spec's messages", async () => {
    const jar = new CookieJar();
    expect(dataOf(await loginLoader(get("/login?google=error", jar))).error).toBe(CUSTOMER_GOOGLE_FAILED);
    expect(dataOf(await employeeLoginLoader(get("/employee-login?google=error", jar))).error).toBe(EMPLOYEE_GOOGLE_FAILED);
  });
});

// Checks the test provider itself, independent of the app's start step: Better Auth's own social
// sign-in endpoint (which the generic OAuth plugin of 1.7 uses) against the same provider, with
// Better Auth's own callback route registered too.
describe("The local OpenID provider works with Better Auth 1.7 (harness check)", () => {
  let cleanup: () => Promise<void>;
  let oidc: TestOidcProvider;
  beforeAll(async () => {
    ({ oidc, cleanup } = await useAppWithGoogle(testDatabases("oidc harness")[0]!, {
      accounts: [client],
      redirectUris: [GOOGLE_CALLBACK, BETTER_AUTH_CALLBACK],
    }));
  });
  afterAll(async () => cleanup());

  test("signIn.social → provider (auto login + consent) → /api/auth/callback/google → session", async () => {
    const jar = new CookieJar();
    const { headers, response } = await (
      await auth()
    ).api.signInSocial({
      body: { provider: "google", callbackURL: "/login?google=done", errorCallbackURL: "/login?google=error", disableRedirect: true },
      headers: new Headers({ Origin: APP_URL }),
      returnHeaders: true,
    });
    jar.take(headers);
    const authorize = new URL(response.url!);
    expect(authorize.searchParams.get("prompt")).toBe("select_account");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    const back = await throughProvider(authorize.toString());
    expect(`${back.origin}${back.pathname}`).toBe(BETTER_AUTH_CALLBACK);
    const landing = await throughAppCallback(back, jar);
    expect(landing.pathname + landing.search).toBe("/login?google=done");
    expect(await getSessionUser(get("/", jar))).toMatchObject({ email: client.email, role: "client", emailVerified: true });
    expect(oidc.signIns).toEqual([client.sub]);
  });
});
