// Password change for signed-in users: the current password is asked for and throttled,
// the new one follows the audience's rules, and success ends every other session but this one.
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { TOO_MANY_ATTEMPTS } from "~/lib/auth-messages";
import { WRONG_CURRENT_PASSWORD } from "~/lib/schemas/change-password";
import * as changePasswordRoute from "~/routes/auth/change-password";
import { auth } from "~/server/auth/auth.server";
import { COMMON_PASSWORD } from "~/server/auth/password-rules.server";
import { getSessionUser } from "~/server/auth/session.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { sessionCookieFrom, signInStaff, signUp, TEST_PASSWORD } from "../helpers/accounts";
import { buildRequest, call, type Outcome } from "../helpers/routes";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const NEW_PASSWORD = "lantern-okapi-drizzle-77";
const fieldErrors = (outcome: Outcome, field: string) =>
  (outcome.data as { result?: { error?: Record<string, string[]> } }).result?.error?.[field];

describe.each(testDatabases("password-change"))("Password change on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "http://localhost" }));
  });
  afterAll(async () => cleanup());
  beforeEach(async () => clearTables("rateLimits"));

  const change = (cookie: string | undefined, form: Record<string, string>, clientIp?: string) =>
    call(changePasswordRoute.action, "/settings/change-password", { form, cookie, clientIp });
  const fields = (current: string, next = NEW_PASSWORD) => ({ currentPassword: current, newPassword: next, confirm: next });
  const signedIn = async (cookie: string) => (await getSessionUser(buildRequest("http://localhost/", { cookie }))) !== null;
  async function signInAgain(email: string, password: string) {
    try {
      const { headers } = await (await auth()).api.signInEmail({ body: { email, password }, returnHeaders: true });
      return sessionCookieFrom(headers);
    } catch {
      return null;
    }
  }

  test("A client's change ends the other sessions, keeps this browser signed in and goes back to Settings", async () => {
    const here = await signUp("changer@example.com");
    const elsewhere = await signInAgain("changer@example.com", TEST_PASSWORD);
    const outcome = await change(here.cookie, fields(TEST_PASSWORD));
    expect(outcome).toMatchObject({ status: 302, location: "/user-dashboard/settings?notice=password-updated" });
    const renewed = sessionCookieFrom(outcome.response!.headers);
    expect(await signedIn(renewed)).toBe(true);
    expect(await signedIn(elsewhere!)).toBe(false);
    expect(await signInAgain("changer@example.com", TEST_PASSWORD)).toBeNull();
    expect(await signInAgain("changer@example.com", NEW_PASSWORD)).not.toBeNull();
  });

  test("A wrong current password is a field error with 400, and nothing changes", async () => {
    const user = await signUp("wrong.current@example.com");
    const other = await signInAgain("wrong.current@example.com", TEST_PASSWORD);
    const outcome = await change(user.cookie, fields("not-my-password-at-all"));
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome, "currentPassword")).toEqual([WRONG_CURRENT_PASSWORD]);
    expect(await signedIn(user.cookie)).toBe(true);
    expect(await signedIn(other!)).toBe(true);
    expect(await signInAgain("wrong.current@example.com", TEST_PASSWORD)).not.toBeNull();
  });

  test("A new password that breaks a rule or does not match is refused before the current one is checked", async () => {
    const user = await signUp("rules.change@example.com");
    const short = await change(user.cookie, fields(TEST_PASSWORD, "short-one"));
    expect(short.status).toBe(400);
    expect(fieldErrors(short, "newPassword")).toEqual(["Passwords need at least 10 characters."]);
    const common = await change(user.cookie, fields(TEST_PASSWORD, "qwertyuiop"));
    expect(fieldErrors(common, "newPassword")).toEqual([COMMON_PASSWORD]);
    const mismatch = await change(user.cookie, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirm: `${NEW_PASSWORD}x` });
    expect(fieldErrors(mismatch, "confirm")).toEqual(["The passwords do not match."]);
    expect(await signInAgain("rules.change@example.com", TEST_PASSWORD)).not.toBeNull();
  });

  test("Staff need 12 characters and go back to their console account page", async () => {
    const staff = await signInStaff("changer@indigokite.dev", { password: "staff-password-0123" });
    const short = await change(staff.cookie, fields("staff-password-0123", "eleven-char"));
    expect(fieldErrors(short, "newPassword")).toEqual(["Staff passwords need at least 12 characters."]);
    expect(await call(changePasswordRoute.loader, "/settings/change-password", { cookie: staff.cookie })).toMatchObject({
      data: { audience: "staff" },
    });
    const outcome = await change(staff.cookie, fields("staff-password-0123"));
    expect(outcome).toMatchObject({ status: 302, location: "/employee-dashboard/account?notice=password-updated" });
  });

  test("Wrong current passwords are throttled like sign-ins: past the free attempts even the right one waits", async () => {
    const user = await signUp("guesser@example.com");
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await change(user.cookie, fields(`guess-number-${i}`))).status);
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(400));
    expect(statuses[6]).toBe(429);
    const right = await change(user.cookie, fields(TEST_PASSWORD));
    expect(right).toMatchObject({ status: 429, data: { status: "error", message: TOO_MANY_ATTEMPTS } });
    expect(await signInAgain("guesser@example.com", NEW_PASSWORD)).toBeNull();
  });

  test("A guest is sent to sign in, by the page and by its action", async () => {
    expect(await call(changePasswordRoute.loader, "/settings/change-password")).toMatchObject({ status: 302, location: "/login" });
    expect(await change(undefined, fields(TEST_PASSWORD))).toMatchObject({ status: 302, location: "/login" });
  });
});
