// Two-factor step-up after Google sign-in (decision 0029): Better Auth's twoFactor plugin
// challenges only the password, so a Google session of an account with two-factor on must wait for
// its code. Through the real local OpenID Connect provider of tests/accounts/auth-google.test.ts, the app's
// routes called directly with a browser's cookies, and codes from otplib.
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import * as authApi from "~/routes/resources/auth-api";
import * as accountTwoFactor from "~/routes/auth/account-two-factor";
import * as dashboard from "~/routes/auth/dashboard";
import * as employeeLogin from "~/routes/auth/employee-login";
import * as login from "~/routes/auth/login";
import * as stepUpRoute from "~/routes/auth/two-factor-step-up";
import * as consoleOverview from "~/routes/console/overview";
import * as leadsExport from "~/routes/console/leads-export";
import * as eventsConsole from "~/routes/resources/events-console";
import * as portalProfile from "~/routes/portal/profile";
import { STEP_UP_PATH } from "~/lib/two-factor";
import { TWO_FACTOR_MESSAGES } from "~/lib/schemas/two-factor";
import { auth } from "~/server/auth/auth.server";
import { getPendingStepUp, getSessionUser } from "~/server/auth/session.server";
import { addStaff } from "~/server/models/accounts/staff.server";
import { signUp, TEST_PASSWORD } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { startOidcProvider, type TestOidcProvider } from "../helpers/oidc";
import { nextTotpCode, totpCode } from "../helpers/totp";

// Every password sign-in hashes with Argon2id; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const APP_URL = "http://localhost:3000";
const CALLBACK = `${APP_URL}/api/auth/callback/google`;

const staffAccount = { sub: "g-step-staff", email: "tara@indigokite.dev", email_verified: true, name: "Tara" };
const clientAccount = { sub: "g-step-client", email: "cora@example.com", email_verified: true, name: "Cora" };
const recoveryAccount = { sub: "g-step-recovery", email: "rhea@example.com", email_verified: true, name: "Rhea" };
const plainClient = { sub: "g-step-plain", email: "pia@example.com", email_verified: true, name: "Pia" };

type Fn = (args: never) => unknown;
interface Reply {
  status: number;
  location: string | null;
  data: Record<string, unknown> & { message?: string; enrolment?: { uri: string } };
}

/** A browser's cookie jar for the app's origin. */
class Jar {
  private cookies = new Map<string, string>();
  readonly ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  take(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
  }
}

function toReply(value: unknown): { reply: Reply; setCookies: string[] } {
  if (value instanceof Response) {
    return { reply: { status: value.status, location: value.headers.get("location"), data: {} }, setCookies: value.headers.getSetCookie() };
  }
  if (value && typeof value === "object" && "data" in value && "init" in value) {
    const v = value as { data: Reply["data"]; init?: { status?: number; headers?: HeadersInit } | null };
    return {
      reply: { status: v.init?.status ?? 200, location: null, data: v.data },
      setCookies: new Headers(v.init?.headers).getSetCookie(),
    };
  }
  return { reply: { status: 200, location: null, data: (value ?? {}) as Reply["data"] }, setCookies: [] };
}

/** Calls a loader (no form) or an action (form) as the jar's browser, and keeps the cookies it sets. */
async function call(fn: Fn, path: string, jar: Jar, form?: Record<string, string>): Promise<Reply> {
  const headers = new Headers({ Cookie: jar.header(), Origin: APP_URL });
  const init: RequestInit = { headers };
  if (form) {
    init.method = "POST";
    init.body = new URLSearchParams(form);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  let answer: unknown;
  try {
    answer = await fn({ request: new Request(new URL(path, APP_URL), init), params: {}, context: { clientIp: jar.ip } } as never);
  } catch (error) {
    if (error instanceof Response || (error && typeof error === "object" && "init" in error)) answer = error;
    else throw error;
  }
  const { reply, setCookies } = toReply(answer);
  jar.take(setCookies);
  if (answer instanceof Response && answer.body && reply.status === 200) await answer.body.cancel();
  return reply;
}

const request = (path: string, jar: Jar) => new Request(new URL(path, APP_URL), { headers: { Cookie: jar.header() } });

describe.each(testDatabases("two-factor step-up"))("Two-factor step-up after Google sign-in on $name", (database) => {
  let cleanup: () => Promise<void>;
  let oidc: TestOidcProvider;

  beforeAll(async () => {
    oidc = await startOidcProvider({ redirectUris: [CALLBACK], accounts: [staffAccount, clientAccount, recoveryAccount, plainClient] });
    ({ cleanup } = await useAppDatabase(database, {
      APP_URL,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
      STAFF_2FA: "required",
    }));
  });
  afterAll(async () => {
    await cleanup();
    await oidc.stop();
  });
  beforeEach(async () => {
    await clearTables("rateLimits");
  });

  /** Enrols the signed-in jar's user in TOTP; returns the key's URI and the recovery codes. */
  async function enrol(jar: Jar) {
    const started = await call(accountTwoFactor.action, "/account/two-factor", jar, { intent: "start", password: TEST_PASSWORD });
    const uri = started.data.enrolment!.uri;
    expect(
      (await call(accountTwoFactor.action, "/account/two-factor", jar, { intent: "confirm", uri, code: totpCode(uri) })).location,
    ).toBe("/account/two-factor?done=on");
    const shown = await call(accountTwoFactor.loader, "/account/two-factor?done=on", jar);
    return { uri, recoveryCodes: shown.data.newRecoveryCodes as string[] };
  }

  async function staffWithTotp(email: string) {
    await addStaff(null, email, TEST_PASSWORD);
    const { headers } = await (await auth()).api.signInEmail({ body: { email, password: TEST_PASSWORD }, returnHeaders: true });
    const jar = new Jar();
    jar.take(headers.getSetCookie());
    return enrol(jar);
  }

  async function clientWithTotp(email: string) {
    const user = await signUp(email);
    const jar = new Jar();
    jar.take([user.cookie]);
    return enrol(jar);
  }

  /** The Google button of a sign-in page, the provider, and the app's callback, as a fresh browser. */
  async function googleSignIn(page: "/login" | "/employee-login", sub: string) {
    const jar = new Jar();
    oidc.useAccount(sub);
    const started = await call(page === "/login" ? login.action : employeeLogin.action, page, jar, { intent: "google" });
    let url = new URL(started.location!);
    const providerCookies = new Map<string, string>();
    for (let hop = 0; url.origin !== APP_URL; hop++) {
      if (hop > 10) throw new Error("too many redirects at the provider");
      const response = await fetch(url, {
        redirect: "manual",
        headers: { Cookie: [...providerCookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        providerCookies.set(pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1));
      }
      url = new URL(response.headers.get("location")!, url);
    }
    const landing = await call(authApi.loader, url.pathname + url.search, jar);
    expect(landing.location).toMatch(new RegExp(`^(${APP_URL})?${page}\\?google=done$`));
    const next = await call(page === "/login" ? login.loader : employeeLogin.loader, `${page}?google=done`, jar);
    return { jar, next };
  }

  test("A staff member with two-factor on who signs in with Google opens no console page, export or stream until the right code", async () => {
    const { uri } = await staffWithTotp(staffAccount.email);
    const { jar, next } = await googleSignIn("/employee-login", staffAccount.sub);
    expect(next.location).toBe(STEP_UP_PATH);
    expect(await getSessionUser(request("/employee-dashboard", jar))).toBeNull();
    expect(await getPendingStepUp(request("/employee-dashboard", jar))).toMatchObject({ email: staffAccount.email, role: "employee" });

    expect((await call(consoleOverview.loader, "/employee-dashboard", jar)).location).toBe(STEP_UP_PATH);
    const exported = await call(leadsExport.loader, "/employee-dashboard/leads/export", jar);
    expect(exported.status).toBe(302);
    expect(exported.location).toBe(STEP_UP_PATH);
    const stream = await call(eventsConsole.loader, "/events/console", jar);
    expect(stream.status).toBe(302);
    expect(stream.location).toBe(STEP_UP_PATH);
    expect((await call(dashboard.loader, "/dashboard", jar)).location).toBe(STEP_UP_PATH);

    expect((await call(stepUpRoute.loader, STEP_UP_PATH, jar)).data).toMatchObject({ method: "totp" });
    const wrongCode = totpCode(uri, Date.now() - 10 * 60_000);
    const wrong = await call(stepUpRoute.action, STEP_UP_PATH, jar, {
      intent: "totp",
      code: wrongCode === totpCode(uri) ? "000000" : wrongCode,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect((await call(consoleOverview.loader, "/employee-dashboard", jar)).location).toBe(STEP_UP_PATH);

    const right = await call(stepUpRoute.action, STEP_UP_PATH, jar, { intent: "totp", code: nextTotpCode(uri) });
    expect(right.location).toBe("/dashboard?notice=welcome");
    expect((await call(dashboard.loader, "/dashboard", jar)).location).toBe("/employee-dashboard");
    const overview = await call(consoleOverview.loader, "/employee-dashboard", jar);
    expect(overview.status).toBe(200);
    expect(overview.location).toBeNull();
    expect((await call(leadsExport.loader, "/employee-dashboard/leads/export", jar)).status).toBe(200);
    // Nothing left to answer: the step-up page sends a full session on.
    expect((await call(stepUpRoute.loader, STEP_UP_PATH, jar)).location).toBe("/dashboard");
  });

  test("A client with two-factor on who signs in with Google opens no portal page until the right code, then lands as the Google sign-in would; that code does not serve twice", async () => {
    const { uri } = await clientWithTotp(clientAccount.email);
    const { jar, next } = await googleSignIn("/login", clientAccount.sub);
    expect(next.location).toBe(STEP_UP_PATH);
    expect((await call(portalProfile.loader, "/user-dashboard", jar)).location).toBe(STEP_UP_PATH);
    const code = nextTotpCode(uri);
    const right = await call(stepUpRoute.action, STEP_UP_PATH, jar, { intent: "totp", code });
    expect(right.location).toBe("/user-dashboard?notice=login");
    expect((await call(portalProfile.loader, "/user-dashboard", jar)).data).toMatchObject({ email: clientAccount.email });

    // The same code does not complete a second Google sign-in's step-up (decision 0053).
    const again = await googleSignIn("/login", clientAccount.sub);
    const replay = await call(stepUpRoute.action, STEP_UP_PATH, again.jar, { intent: "totp", code });
    expect(replay.status).toBe(400);
    expect(replay.data.message).toBe(TWO_FACTOR_MESSAGES.codeUsed);
    expect((await call(portalProfile.loader, "/user-dashboard", again.jar)).location).toBe(STEP_UP_PATH);
  });

  test("A recovery code completes the step-up once, and the same code is refused the next time", async () => {
    const { recoveryCodes } = await clientWithTotp(recoveryAccount.email);
    const first = await googleSignIn("/login", recoveryAccount.sub);
    expect(first.next.location).toBe(STEP_UP_PATH);
    expect((await call(stepUpRoute.loader, `${STEP_UP_PATH}?method=recovery`, first.jar)).data).toMatchObject({ method: "recovery" });
    const used = await call(stepUpRoute.action, STEP_UP_PATH, first.jar, { intent: "recovery", code: recoveryCodes[0]! });
    expect(used.location).toBe("/user-dashboard?notice=login");

    const second = await googleSignIn("/login", recoveryAccount.sub);
    const again = await call(stepUpRoute.action, STEP_UP_PATH, second.jar, { intent: "recovery", code: recoveryCodes[0]! });
    expect(again.status).toBe(400);
    expect(again.data.message).toBe(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
    expect((await call(portalProfile.loader, "/user-dashboard", second.jar)).location).toBe(STEP_UP_PATH);
    expect((await call(stepUpRoute.action, STEP_UP_PATH, second.jar, { intent: "recovery", code: recoveryCodes[1]! })).location).toBe(
      "/user-dashboard?notice=login",
    );
  });

  test("Wrong step-up codes are counted before they are checked: after five, even the right code is refused", async () => {
    const { uri } = await clientWithTotp("wanda@example.com");
    oidc.addAccount({ sub: "g-step-wanda", email: "wanda@example.com", email_verified: true, name: "Wanda" });
    const { jar } = await googleSignIn("/login", "g-step-wanda");
    const wrongCode = totpCode(uri, Date.now() - 10 * 60_000);
    for (let i = 0; i < 5; i++) {
      expect((await call(stepUpRoute.action, STEP_UP_PATH, jar, { intent: "totp", code: wrongCode })).status).toBe(400);
    }
    const refused = await call(stepUpRoute.action, STEP_UP_PATH, jar, { intent: "totp", code: totpCode(uri) });
    expect(refused.status).toBe(429);
    expect(refused.data.message).toBe(TWO_FACTOR_MESSAGES.tooMany);
    expect((await call(portalProfile.loader, "/user-dashboard", jar)).location).toBe(STEP_UP_PATH);
  });

  test("Cancel on the step-up page signs the pending session out and goes back to the sign-in page", async () => {
    const { jar } = await googleSignIn("/employee-login", staffAccount.sub);
    const cancelled = await call(stepUpRoute.action, STEP_UP_PATH, jar, { intent: "cancel" });
    expect(cancelled.location).toBe("/employee-login");
    expect(await getPendingStepUp(request("/employee-dashboard", jar))).toBeNull();
    expect((await call(consoleOverview.loader, "/employee-dashboard", jar)).location).toBe("/login");
  });

  test("A Google sign-in of an account without two-factor is not held at the step-up page", async () => {
    await signUp(plainClient.email);
    const { jar, next } = await googleSignIn("/login", plainClient.sub);
    expect(next.location).toBe("/user-dashboard?notice=login");
    expect(await getPendingStepUp(request("/user-dashboard", jar))).toBeNull();
    expect((await call(stepUpRoute.loader, STEP_UP_PATH, jar)).location).toBe("/dashboard");
  });

  test("A guest has nothing to answer at the step-up page", async () => {
    const jar = new Jar();
    expect((await call(stepUpRoute.loader, STEP_UP_PATH, jar)).location).toBe("/login");
    expect((await call(stepUpRoute.action, STEP_UP_PATH, jar, { intent: "totp", code: "123456" })).location).toBe("/login");
  });
});
