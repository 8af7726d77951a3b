// Two-factor sign-in (decision 0029): enrolment, the sign-in challenge, recovery codes,
// throttled wrong codes and STAFF_2FA=required, through the real routes and Better Auth on SQLite
// (and PostgreSQL with TEST_DATABASE_URL). Codes come from otplib, as an authenticator app's would.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import * as accountTwoFactor from "~/routes/auth/account-two-factor";
import * as employeeLogin from "~/routes/auth/employee-login";
import * as login from "~/routes/auth/login";
import * as twoFactorRoute from "~/routes/auth/two-factor";
import * as consoleOverview from "~/routes/console/overview";
import * as consoleLeads from "~/routes/console/leads";
import * as consoleOpenings from "~/routes/console/openings";
import * as consoleAccount from "~/routes/console/account";
import * as portalSettings from "~/routes/portal/settings";
import { TWO_FACTOR_MESSAGES } from "~/lib/schemas/two-factor";
import { deleteAccountAndData } from "~/server/models/privacy/account-purge.server";
import { hasSecondFactor } from "~/server/auth/second-factor.server";
import { db } from "~/server/db/db.server";
import { addStaff } from "~/server/models/accounts/staff.server";
import { signUp, TEST_PASSWORD } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { setEnv } from "../helpers/env";
import { nextTotpCode, totpCode } from "../helpers/totp";

// Every sign-in hashes with Argon2id; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

type Fn = (args: never) => unknown;

interface Reply {
  status: number;
  location: string | null;
  data: Record<string, unknown> & { status?: string; message?: string; recoveryCodes?: string[]; enrolment?: { uri: string; key: string } };
  setCookies: string[];
}

/** A browser's cookie jar, as far as these routes need one. */
class Jar {
  private cookies = new Map<string, string>();
  /** Each browser its own address, so the per-IP code limit of one test does not reach the next. */
  readonly ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  constructor(initial?: string) {
    for (const pair of initial?.split("; ") ?? []) {
      const [name, ...value] = pair.split("=");
      this.cookies.set(name!, value.join("="));
    }
  }
  take(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name!);
      else this.cookies.set(name!, value);
    }
  }
  header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
  }
  has(fragment: string) {
    return [...this.cookies.keys()].some((name) => name.includes(fragment));
  }
}

function toReply(value: unknown): Reply {
  if (value instanceof Response)
    return { status: value.status, location: value.headers.get("location"), data: {}, setCookies: value.headers.getSetCookie() };
  if (value && typeof value === "object" && "data" in value && "init" in value) {
    const v = value as { data: Reply["data"]; init?: { status?: number; headers?: HeadersInit } | null };
    return { status: v.init?.status ?? 200, location: null, data: v.data, setCookies: new Headers(v.init?.headers).getSetCookie() };
  }
  return { status: 200, location: null, data: (value ?? {}) as Reply["data"], setCookies: [] };
}

/** Calls a loader (no form) or action (form) with the jar's cookies, and keeps what it sets. */
async function call(fn: Fn, path: string, jar: Jar, form?: Record<string, string>, clientIp = jar.ip): Promise<Reply> {
  const headers = new Headers({ Cookie: jar.header() });
  const init: RequestInit = { headers };
  if (form) {
    init.method = "POST";
    init.body = new URLSearchParams(form);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  let reply: Reply;
  try {
    reply = toReply(await fn({ request: new Request(`http://localhost:3000${path}`, init), params: {}, context: { clientIp } } as never));
  } catch (error) {
    if (error instanceof Response || (error && typeof error === "object" && "init" in error)) reply = toReply(error);
    else throw error;
  }
  jar.take(reply.setCookies);
  return reply;
}

/** Enrols the jar's user at /account/two-factor: the key, then the app's code; returns the URI and recovery codes. */
async function enrol(jar: Jar, password = TEST_PASSWORD) {
  const started = await call(accountTwoFactor.action, "/account/two-factor", jar, { intent: "start", password });
  expect(started.status).toBe(200);
  const uri = started.data.enrolment!.uri;
  const confirmed = await call(accountTwoFactor.action, "/account/two-factor", jar, { intent: "confirm", uri, code: totpCode(uri) });
  expect(confirmed.location).toBe("/account/two-factor?done=on");
  const shown = await call(accountTwoFactor.loader, "/account/two-factor?done=on", jar);
  return { uri, recoveryCodes: shown.data.newRecoveryCodes as string[] };
}

/** The password step of /login (or /employee-login) in a fresh browser. */
async function passwordStep(email: string, password = TEST_PASSWORD, route: Fn = login.action, path = "/login") {
  const jar = new Jar();
  const reply = await call(route, path, jar, { intent: "login", email, password });
  return { jar, reply };
}

describe.each(testDatabases("two-factor"))("Two-factor sign-in on $name", (database) => {
  let cleanup: () => Promise<void>;
  let restoreEnv: () => void = () => {};

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "http://localhost:3000" }));
  }, 60_000);
  afterAll(async () => {
    restoreEnv();
    await cleanup();
  });

  test("A client enrols with the QR key and a current code, and sees ten recovery codes once", async () => {
    const user = await signUp("tess@example.com");
    const jar = new Jar(user.cookie);
    const page = await call(accountTwoFactor.loader, "/account/two-factor", jar);
    expect(page.data).toMatchObject({ enabled: false, hasPassword: true, required: false });

    const wrongPassword = await call(accountTwoFactor.action, "/account/two-factor", jar, { intent: "start", password: "not-my-password" });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.data.message).toBe(TWO_FACTOR_MESSAGES.wrongPassword);

    const started = await call(accountTwoFactor.action, "/account/two-factor", jar, { intent: "start", password: TEST_PASSWORD });
    const uri = started.data.enrolment!.uri;
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(started.data.enrolment!.key.replace(/\s/g, "")).toBe(new URL(uri).searchParams.get("secret"));
    expect(await hasSecondFactor(user.id)).toBe(false);

    const typo = await call(accountTwoFactor.action, "/account/two-factor", jar, {
      intent: "confirm",
      uri,
      code: "000000" === totpCode(uri) ? "111111" : "000000",
    });
    expect(typo.status).toBe(400);
    expect(typo.data.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect(typo.data.enrolment?.uri).toBe(uri);
    expect(await hasSecondFactor(user.id)).toBe(false);

    const confirmed = await call(accountTwoFactor.action, "/account/two-factor", jar, { intent: "confirm", uri, code: totpCode(uri) });
    // Better Auth replaced the session: the page is read anew with the new cookie (works without JavaScript).
    expect(confirmed.location).toBe("/account/two-factor?done=on");
    expect(confirmed.setCookies.some((c) => c.includes("session_token="))).toBe(true);
    expect(await hasSecondFactor(user.id)).toBe(true);
    const shown = await call(accountTwoFactor.loader, "/account/two-factor?done=on", jar);
    const codes = shown.data.newRecoveryCodes as string[];
    expect(codes).toHaveLength(10);
    // Shown once: the same address again, or a forged one, shows none.
    const again = await call(accountTwoFactor.loader, "/account/two-factor?done=on", jar);
    expect(again.data).toMatchObject({ enabled: true, newRecoveryCodes: null });
    expect(JSON.stringify(again.data)).not.toContain(codes[0]);
    const settings = await call(portalSettings.loader, "/user-dashboard/settings", jar);
    expect(settings.data).toMatchObject({ twoFactor: true });
  });

  test("After the right password, a client with two-factor gets the code challenge, then the dashboard", async () => {
    const user = await signUp("uma@example.com");
    const { uri } = await enrol(new Jar(user.cookie));

    const { jar, reply } = await passwordStep("uma@example.com");
    expect(reply.location).toBe("/two-factor");
    expect(jar.has("session_token")).toBe(false);
    expect((await call(twoFactorRoute.loader, "/two-factor", jar)).status).toBe(200);

    const wrong = await call(twoFactorRoute.action, "/two-factor", jar, { intent: "totp", code: totpCode(uri, Date.now() - 10 * 60_000) });
    expect(wrong.status).toBe(400);
    expect(wrong.data.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect(jar.has("session_token")).toBe(false);

    const right = await call(twoFactorRoute.action, "/two-factor", jar, { intent: "totp", code: nextTotpCode(uri) });
    expect(right.location).toBe("/user-dashboard?notice=login");
    expect(jar.has("session_token")).toBe(true);
  });

  test("A code signs in once: the same code for a second sign-in is refused, and the next code works", async () => {
    const user = await signUp("ursa@example.com");
    const { uri } = await enrol(new Jar(user.cookie));
    const code = nextTotpCode(uri);
    const first = await passwordStep("ursa@example.com");
    expect((await call(twoFactorRoute.action, "/two-factor", first.jar, { intent: "totp", code })).location).toBe(
      "/user-dashboard?notice=login",
    );

    // Someone who saw the code (over a shoulder, by phishing) signs in with it within its 30 seconds.
    const second = await passwordStep("ursa@example.com");
    const replay = await call(twoFactorRoute.action, "/two-factor", second.jar, { intent: "totp", code });
    expect(replay.status).toBe(400);
    expect(replay.data.message).toBe(TWO_FACTOR_MESSAGES.codeUsed);
    expect(second.jar.has("session_token")).toBe(false);
    // Nor does an older code (the enrolment's) pass, though the app's window still covers it.
    const older = await call(twoFactorRoute.action, "/two-factor", second.jar, { intent: "totp", code: totpCode(uri) });
    expect(older.data.message).toBe(TWO_FACTOR_MESSAGES.codeUsed);
    expect(second.jar.has("session_token")).toBe(false);
  });

  test("Two sign-ins at once with the same code: exactly one gets a session", async () => {
    const user = await signUp("uriel@example.com");
    const { uri } = await enrol(new Jar(user.cookie));
    const [a, b] = await Promise.all([passwordStep("uriel@example.com"), passwordStep("uriel@example.com")]);
    const code = nextTotpCode(uri);
    const answers = await Promise.all([a, b].map(({ jar }) => call(twoFactorRoute.action, "/two-factor", jar, { intent: "totp", code })));
    expect(answers.map((r) => String(r.location ?? r.status)).sort()).toEqual(["/user-dashboard?notice=login", "400"]);
    expect([a.jar.has("session_token"), b.jar.has("session_token")].sort()).toEqual([false, true]);
    expect(answers.find((r) => r.status === 400)?.data.message).toBe(TWO_FACTOR_MESSAGES.codeUsed);
  });

  test("Without a challenge cookie, /two-factor sends the visitor to /login", async () => {
    expect((await call(twoFactorRoute.loader, "/two-factor", new Jar())).location).toBe("/login");
    expect((await call(twoFactorRoute.action, "/two-factor", new Jar(), { intent: "totp", code: "123456" })).location).toBe("/login");
  });

  test("A recovery code signs in once; the same code a second time is refused", async () => {
    const user = await signUp("vic@example.com");
    const { recoveryCodes } = await enrol(new Jar(user.cookie));
    const code = recoveryCodes[3]!;

    const first = await passwordStep("vic@example.com");
    const used = await call(twoFactorRoute.action, "/two-factor", first.jar, { intent: "recovery", code: code.replace("-", "") });
    expect(used.location).toBe("/user-dashboard?notice=login");

    const second = await passwordStep("vic@example.com");
    const again = await call(twoFactorRoute.action, "/two-factor", second.jar, { intent: "recovery", code });
    expect(again.status).toBe(400);
    expect(again.data.message).toBe(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
    const other = await call(twoFactorRoute.action, "/two-factor", second.jar, { intent: "recovery", code: recoveryCodes[4]! });
    expect(other.location).toBe("/user-dashboard?notice=login");
  });

  test("Wrong codes are counted before checking: after five, even the right code is refused", async () => {
    const user = await signUp("walt@example.com");
    const { uri } = await enrol(new Jar(user.cookie));
    const { jar } = await passwordStep("walt@example.com");
    const stale = totpCode(uri, Date.now() - 10 * 60_000);
    for (let i = 0; i < 5; i++) {
      const wrong = await call(twoFactorRoute.action, "/two-factor", jar, { intent: "totp", code: stale });
      expect(wrong.status).toBe(400);
    }
    const right = await call(twoFactorRoute.action, "/two-factor", jar, { intent: "totp", code: totpCode(uri) });
    expect(right.status).toBe(429);
    expect(right.data.message).toBe(TWO_FACTOR_MESSAGES.tooMany);
    expect(jar.has("session_token")).toBe(false);
  });

  test("Thirty wrong codes from one address, over several accounts, shut it out for a while; right codes do not count", async () => {
    const office = "192.0.2.77";
    const enrolled = async (email: string) => (await enrol(new Jar((await signUp(email)).cookie))).uri;
    // A right code from the address first: given back, so it does not bring the limit closer.
    const first = await enrolled("zoe@example.com");
    const fine = await passwordStep("zoe@example.com");
    expect(
      (await call(twoFactorRoute.action, "/two-factor", fine.jar, { intent: "totp", code: nextTotpCode(first) }, office)).location,
    ).toBe("/user-dashboard?notice=login");
    // Ten wrong codes per account (Better Auth then locks that account's second factor) on three accounts.
    for (const email of ["zed@example.com", "zia@example.com", "zak@example.com"]) {
      const stale = totpCode(await enrolled(email), Date.now() - 10 * 60_000);
      for (let round = 0; round < 2; round++) {
        const { jar } = await passwordStep(email);
        for (let i = 0; i < 5; i++)
          expect((await call(twoFactorRoute.action, "/two-factor", jar, { intent: "totp", code: stale }, office)).status).toBe(400);
      }
    }
    const { jar } = await passwordStep("zoe@example.com");
    const refused = await call(twoFactorRoute.action, "/two-factor", jar, { intent: "totp", code: totpCode(first) }, office);
    expect(refused.status).toBe(429);
    expect(refused.data.message).toBe(TWO_FACTOR_MESSAGES.tooMany);
    // Another address still gets through with the same challenge, with the app's code of a later
    // step (a code works once, decision 0053): the last one used is forgotten rather than waited for.
    await db().updateTable("twoFactors").set({ lastTotpStep: null }).execute();
    expect((await call(twoFactorRoute.action, "/two-factor", jar, { intent: "totp", code: nextTotpCode(first) })).location).toBe(
      "/user-dashboard?notice=login",
    );
  });

  test("Bad input on the challenge is answered in place with a 400 and checks nothing", async () => {
    const user = await signUp("xena@example.com");
    await enrol(new Jar(user.cookie));
    const { jar } = await passwordStep("xena@example.com");
    const bad = await call(twoFactorRoute.action, "/two-factor", jar, { intent: "totp", code: "12ab" });
    expect(bad.status).toBe(400);
    expect(bad.data.status).toBe("invalid");
    const forged = await call(twoFactorRoute.action, "/two-factor", jar, { intent: "sudo", code: "123456" });
    expect(forged.status).toBe(400);
  });

  test("Turning two-factor on and off replaces the session but keeps its start, so its absolute lifetime is not restarted", async () => {
    const user = await signUp("ulla@example.com");
    const jar = new Jar(user.cookie);
    // Signed in 29 days ago: a client session has one day left (ABSOLUTE_LIFETIME_MS).
    const signedIn = new Date(Date.now() - 29 * 24 * 3_600_000);
    await db()
      .updateTable("sessions")
      .set({ createdAt: database.name === "sqlite" ? signedIn.toISOString() : signedIn })
      .where("userId", "=", user.id)
      .execute();
    const startOf = async () => {
      const rows = await db().selectFrom("sessions").select(["token", "createdAt"]).where("userId", "=", user.id).execute();
      expect(rows).toHaveLength(1);
      return { token: rows[0]!.token, startedAt: new Date(rows[0]!.createdAt).getTime() };
    };
    const before = await startOf();

    await enrol(jar);
    const afterOn = await startOf();
    expect(afterOn.token).not.toBe(before.token);
    expect(afterOn.startedAt).toBe(signedIn.getTime());

    const off = await call(accountTwoFactor.action, "/account/two-factor", jar, { intent: "disable", password: TEST_PASSWORD });
    expect(off.location).toBe("/account/two-factor?done=off");
    const afterOff = await startOf();
    expect(afterOff.token).not.toBe(afterOn.token);
    expect(afterOff.startedAt).toBe(signedIn.getTime());
    // Still signed in now; a day and a bit later the session ends as it would have anyway.
    expect((await call(portalSettings.loader, "/user-dashboard/settings", jar)).status).toBe(200);
    const expired = new Date(Date.now() - 30 * 24 * 3_600_000 - 60_000);
    await db()
      .updateTable("sessions")
      .set({ createdAt: database.name === "sqlite" ? expired.toISOString() : expired })
      .where("userId", "=", user.id)
      .execute();
    expect((await call(portalSettings.loader, "/user-dashboard/settings", jar)).location).toBe("/login");
  });

  test("A client regenerates recovery codes (old ones stop working) and turns two-factor off with the password", async () => {
    const user = await signUp("yara@example.com");
    const jar = new Jar(user.cookie);
    const { recoveryCodes } = await enrol(jar);
    const regenerated = await call(accountTwoFactor.action, "/account/two-factor", jar, { intent: "regenerate", password: TEST_PASSWORD });
    expect(regenerated.data.recoveryCodes).toHaveLength(10);
    const old = await passwordStep("yara@example.com");
    expect((await call(twoFactorRoute.action, "/two-factor", old.jar, { intent: "recovery", code: recoveryCodes[0]! })).status).toBe(400);

    const noPassword = await call(accountTwoFactor.action, "/account/two-factor", jar, { intent: "disable" });
    expect(noPassword.status).toBe(400);
    expect(await hasSecondFactor(user.id)).toBe(true);
    const off = await call(accountTwoFactor.action, "/account/two-factor", jar, { intent: "disable", password: TEST_PASSWORD });
    expect(off.location).toBe("/account/two-factor?done=off");
    expect((await call(accountTwoFactor.loader, "/account/two-factor?done=off", jar)).data).toMatchObject({
      enabled: false,
      notice: "Two-factor sign-in is off.",
    });
    expect(await hasSecondFactor(user.id)).toBe(false);
    const plain = await passwordStep("yara@example.com");
    expect(plain.reply.location).toBe("/user-dashboard?notice=login");
  });

  test("Deleting an account deletes its second factor with it", async () => {
    const user = await signUp("gone@example.com");
    await enrol(new Jar(user.cookie));
    expect(await db().selectFrom("twoFactors").select("id").where("userId", "=", user.id).execute()).toHaveLength(1);
    await deleteAccountAndData(user.id);
    expect(await db().selectFrom("twoFactors").select("id").where("userId", "=", user.id).execute()).toHaveLength(0);
  });

  test("Staff with STAFF_2FA=optional sign in as the SPEC says: 'Welcome back!' via /dashboard", async () => {
    await addStaff(null, "opt@indigokite.dev", "staff-password-0123");
    const { jar, reply } = await passwordStep("opt@indigokite.dev", "staff-password-0123", employeeLogin.action, "/employee-login");
    expect(reply.location).toBe("/dashboard?notice=welcome");
    expect((await call(consoleOverview.loader, "/employee-dashboard", jar)).status).toBe(200);
  });

  test("With STAFF_2FA=required, staff without a second factor reach no console loader or action until they enrol", async () => {
    restoreEnv = setEnv({ STAFF_2FA: "required" });
    try {
      await addStaff(null, "req@indigokite.dev", "staff-password-0123");
      const { jar, reply } = await passwordStep("req@indigokite.dev", "staff-password-0123", employeeLogin.action, "/employee-login");
      expect(reply.location).toBe("/dashboard?notice=welcome");

      for (const [fn, path, form] of [
        [consoleOverview.loader, "/employee-dashboard", undefined],
        [consoleLeads.loader, "/employee-dashboard/leads", undefined],
        [consoleOpenings.action, "/employee-dashboard/openings", { intent: "close", id: "x" }],
        [consoleAccount.loader, "/employee-dashboard/account", undefined],
      ] as const) {
        const refused = await call(fn, path, jar, form);
        expect(refused.location, path).toBe("/account/two-factor");
      }
      const page = await call(accountTwoFactor.loader, "/account/two-factor", jar);
      expect(page.data).toMatchObject({ enabled: false, required: true });

      const { uri } = await enrol(jar, "staff-password-0123");
      expect((await call(consoleOverview.loader, "/employee-dashboard", jar)).status).toBe(200);
      const off = await call(accountTwoFactor.action, "/account/two-factor", jar, { intent: "disable", password: "staff-password-0123" });
      expect(off.status).toBe(403);
      expect(off.data.message).toBe(TWO_FACTOR_MESSAGES.staffRequired);

      // Next time: password, then the code, then the SPEC's staff landing.
      const next = await passwordStep("req@indigokite.dev", "staff-password-0123", employeeLogin.action, "/employee-login");
      expect(next.reply.location).toBe("/two-factor?for=staff");
      const code = await call(twoFactorRoute.action, "/two-factor", next.jar, { intent: "totp", code: nextTotpCode(uri) });
      expect(code.location).toBe("/dashboard?notice=welcome");
    } finally {
      restoreEnv();
      restoreEnv = () => {};
    }
  });
});
