import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as accountRoute from "~/routes/console/account";
import * as sessionsRoute from "~/routes/account/sessions";
import * as settingsRoute from "~/routes/portal/settings";
import { auth } from "~/server/auth/auth.server";
import { describeDevice } from "~/server/auth/account-sessions.server";
import { db } from "~/server/db/db.server";
import { sessionCookieFrom, signInStaff, signUp, TEST_PASSWORD, type TestUser } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";

// Sessions you can see: each user lists and ends their own sessions, never anyone else's.

const SESSIONS = "/account/sessions";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Another sign-in to the same account, from another browser: its cookie. */
async function signInAgain(email: string, userAgent: string, ip = "198.51.100.7"): Promise<string> {
  const { headers } = await (
    await auth()
  ).api.signInEmail({
    body: { email, password: TEST_PASSWORD },
    headers: new Headers({ "user-agent": userAgent, "x-agency-client-ip": ip }),
    returnHeaders: true,
  });
  return sessionCookieFrom(headers);
}

const sessionIds = async (userId: string) =>
  (await db().selectFrom("sessions").select("id").where("userId", "=", userId).execute()).map((r) => r.id).sort();

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
const sessionIdOf = async (cookie: string) =>
  (await db().selectFrom("sessions").select("id").where("token", "=", tokenOf(cookie)).executeTakeFirstOrThrow()).id;

describe.each(testDatabases("account-sessions"))("Sessions you can see on $name", (database) => {
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    alice = await signUp("alice-sessions@example.com", "Alice");
    bob = await signUp("bob-sessions@example.org", "Bob");
  });
  afterAll(async () => cleanup());

  test("Settings lists the client's sessions with device, IP and this device marked, and no session token", async () => {
    const phone = await signInAgain(alice.email, IPHONE, "198.51.100.23");
    const outcome = await call(settingsRoute.loader, "/user-dashboard/settings", { cookie: alice.cookie });
    const sessions = (
      outcome.data as {
        security: { sessions: { id: string; device: string; ipAddress: string | null; current: boolean; lastSeenAt: string }[] };
      }
    ).security.sessions;
    expect(sessions.map((s) => s.id).sort()).toEqual(await sessionIds(alice.id));
    const current = sessions.filter((s) => s.current);
    expect(current.map((s) => s.id)).toEqual([await sessionIdOf(alice.cookie)]);
    const phoneId = await sessionIdOf(phone);
    expect(sessions.find((s) => s.id === phoneId)).toMatchObject({
      device: "Safari 17 on iOS",
      ipAddress: "198.51.100.23",
      current: false,
    });
    // The page never carries a token (the cookie's value) of any session.
    const tokens = (await db().selectFrom("sessions").select("token").execute()).map((r) => r.token);
    const html = JSON.stringify(outcome.data);
    for (const token of tokens) expect(html).not.toContain(token);
  });

  test("Signing out one of your sessions ends it; the others stay", async () => {
    const laptop = await signInAgain(alice.email, FIREFOX);
    const laptopId = await sessionIdOf(laptop);
    const outcome = await call(sessionsRoute.action, SESSIONS, { cookie: alice.cookie, form: { intent: "sign-out", id: laptopId } });
    expect(outcome).toMatchObject({ status: 302, location: "/user-dashboard/settings?notice=session-signed-out" });
    expect(await sessionIds(alice.id)).not.toContain(laptopId);
    expect(await sessionIds(alice.id)).toContain(await sessionIdOf(alice.cookie));
    const signedOut = await call(settingsRoute.loader, "/user-dashboard/settings", { cookie: laptop });
    expect(signedOut).toMatchObject({ status: 302, location: "/login" });
  });

  test("Another user's session id answers 404 and signs nobody out", async () => {
    const bobsOther = await signInAgain(bob.email, FIREFOX);
    const before = { alice: await sessionIds(alice.id), bob: await sessionIds(bob.id) };
    for (const id of [await sessionIdOf(bob.cookie), await sessionIdOf(bobsOther), "no-such-session"]) {
      const outcome = await call(sessionsRoute.action, SESSIONS, { cookie: alice.cookie, form: { intent: "sign-out", id } });
      expect(outcome.status).toBe(404);
    }
    expect({ alice: await sessionIds(alice.id), bob: await sessionIds(bob.id) }).toEqual(before);
    const stillIn = await call(settingsRoute.loader, "/user-dashboard/settings", { cookie: bobsOther });
    expect(stillIn.status).toBe(200);
  });

  test("Sign out everywhere else keeps only the session that asked, and touches no other user", async () => {
    await signInAgain(alice.email, FIREFOX);
    await signInAgain(alice.email, IPHONE);
    const bobBefore = await sessionIds(bob.id);
    const outcome = await call(sessionsRoute.action, SESSIONS, { cookie: alice.cookie, form: { intent: "sign-out-others" } });
    expect(outcome).toMatchObject({ status: 302, location: "/user-dashboard/settings?notice=sessions-signed-out" });
    expect(await sessionIds(alice.id)).toEqual([await sessionIdOf(alice.cookie)]);
    expect(await sessionIds(bob.id)).toEqual(bobBefore);
  });

  test("Staff list and end their own sessions from My account", async () => {
    const staff = await signInStaff("devi-sessions@indigokite.dev");
    const tablet = await signInAgain(staff.email, FIREFOX);
    const page = await call(accountRoute.loader, "/employee-dashboard/account", { cookie: staff.cookie });
    const sessions = (page.data as { security: { sessions: { id: string; current: boolean }[] } }).security.sessions;
    const tabletId = await sessionIdOf(tablet);
    expect(sessions.map((s) => s.id).sort()).toEqual(await sessionIds(staff.id));
    expect(sessions.find((s) => s.id === tabletId)?.current).toBe(false);
    const outcome = await call(sessionsRoute.action, SESSIONS, { cookie: staff.cookie, form: { intent: "sign-out", id: tabletId } });
    expect(outcome).toMatchObject({ status: 302, location: "/employee-dashboard/account?notice=session-signed-out" });
    expect(await sessionIds(staff.id)).not.toContain(tabletId);
    expect(await sessionIds(staff.id)).toContain(await sessionIdOf(staff.cookie));
  });

  test("A guest, a forged intent and a cross-site post are refused and change nothing", async () => {
    const before = await sessionIds(alice.id);
    const id = before[0]!;
    expect(await call(sessionsRoute.action, SESSIONS, { form: { intent: "sign-out", id } })).toMatchObject({
      status: 302,
      location: "/login",
    });
    expect((await call(sessionsRoute.action, SESSIONS, { cookie: alice.cookie, form: { intent: "drop-tables", id } })).status).toBe(400);
    expect((await call(sessionsRoute.action, SESSIONS, { cookie: alice.cookie, form: { intent: "sign-out", id: "../x" } })).status).toBe(
      400,
    );
    const crossSite = await call(sessionsRoute.action, SESSIONS, {
      cookie: alice.cookie,
      form: { intent: "sign-out-others" },
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(await sessionIds(alice.id)).toEqual(before);
  });
});

test("Devices are described from the user agent, and a missing one says so", () => {
  expect(describeDevice(FIREFOX)).toBe("Firefox 133 on Windows");
  expect(describeDevice(IPHONE)).toBe("Safari 17 on iOS");
  expect(describeDevice(null)).toBe("Unknown device");
});
