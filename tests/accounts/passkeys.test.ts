import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as passkeyNewRoute from "~/routes/account/passkey-new";
import * as passkeysRoute from "~/routes/account/passkeys";
import * as signInRoute from "~/routes/auth/passkey-sign-in";
import * as settingsRoute from "~/routes/portal/settings";
import * as confirmRoute from "~/routes/account/confirm";
import * as resetPasswordRoute from "~/routes/auth/reset-password";
import { CONFIRMATION_MESSAGES } from "~/lib/schemas/identity-confirmation";
import { auth } from "~/server/auth/auth.server";
import { EMPLOYEE_ON_CUSTOMER_FORM, SIGN_IN_FAILED, TOO_MANY_ATTEMPTS, employeeDomainOnly } from "~/lib/auth-messages";
import { db } from "~/server/db/db.server";
import { passkeyOptions } from "~/server/auth/passkey-options.server";
import { hasPasskey, signedInWithPasskey } from "~/server/auth/passkeys.server";
import { buildRequest } from "../helpers/routes";
import { sessionCookieFrom, signInStaff, signUp, TEST_PASSWORD, type TestUser } from "../helpers/accounts";
import { registrationResponse, softwareAuthenticator } from "../helpers/webauthn";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";

// Passkeys: managed by their owner only; password-less sign-in keeps SPEC §5's forms
// apart before anything is verified, and is rate-limited. The WebAuthn ceremony itself runs in
// Chromium (e2e/passkeys.spec.ts); here the credentials are rows as the plugin stores them.

const APP_URL = "https://portal.indigokite.test";
const SIGN_IN = "/passkeys/sign-in";

describe.each(testDatabases("passkeys"))("Passkeys on $name", (database) => {
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let bob: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL }));
    alice = await signUp("alice-passkeys@example.com", "Alice");
    bob = await signUp("bob-passkeys@example.org", "Bob");
    staff = await signInStaff("ravi-passkeys@indigokite.dev");
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("passkeys", "rateLimits", "mailOutbox");
    await db().updateTable("sessions").set({ confirmedAt: null }).execute();
  });

  /** "Confirm it's you" with the password, as the Passkeys row posts it. */
  const confirmWithPassword = (user: TestUser, password = TEST_PASSWORD) =>
    call(confirmRoute.action, "/account/confirm", { cookie: user.cookie, form: { password } });
  /** A second session of `user`, as a password sign-in on another device opens one. */
  const signInAgain = async (user: TestUser) =>
    sessionCookieFrom(
      (await (await auth()).api.signInEmail({ body: { email: user.email, password: TEST_PASSWORD }, returnHeaders: true })).headers,
    );
  /** The cookie the options step sets for the ceremony's second step, as `name=value`. */
  const challengeCookie = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.includes("better-auth-passkey"))!;

  /** A stored credential of `user`, as the plugin writes one after a registration. */
  async function storedPasskey(user: TestUser, name: string | null = "Laptop") {
    const row = {
      id: randomBytes(16).toString("hex"),
      name,
      publicKey: randomBytes(32).toString("base64"),
      userId: user.id,
      credentialId: randomBytes(16).toString("base64url"),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: database.name === "sqlite" ? 0 : false,
      transports: "internal",
      createdAt: database.name === "sqlite" ? new Date().toISOString() : new Date(),
      aaguid: null,
    };
    await db().insertInto("passkeys").values(row).execute();
    return row;
  }
  const passkeyRows = () => db().selectFrom("passkeys").select(["id", "name", "userId"]).orderBy("id").execute();
  const sessionCount = async () => (await db().selectFrom("sessions").select("id").execute()).length;
  const assertion = (credentialId: string) =>
    JSON.stringify({
      id: credentialId,
      rawId: credentialId,
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
    });

  test("Settings lists the client's own passkeys by name and date, and none of their keys", async () => {
    const mine = await storedPasskey(alice, "Work laptop");
    const unnamed = await storedPasskey(alice, null);
    await storedPasskey(bob, "Bob's phone");
    const outcome = await call(settingsRoute.loader, "/user-dashboard/settings", { cookie: alice.cookie });
    const passkeys = (outcome.data as { security: { passkeys: { id: string; name: string; createdAt: string | null }[] } }).security
      .passkeys;
    expect(passkeys.map((p) => p.id).sort()).toEqual([mine.id, unnamed.id].sort());
    expect(passkeys.find((p) => p.id === unnamed.id)?.name).toBe("Passkey");
    expect(JSON.stringify(outcome.data)).not.toContain(mine.publicKey);
  });

  test("A user renames and deletes their own passkey", async () => {
    const mine = await storedPasskey(alice);
    const renamed = await call(passkeysRoute.action, "/account/passkeys", {
      cookie: alice.cookie,
      form: { intent: "rename", id: mine.id, name: "  Phone  " },
    });
    expect(renamed).toMatchObject({ status: 302, location: "/user-dashboard/settings?notice=passkey-renamed" });
    expect((await passkeyRows()).find((r) => r.id === mine.id)?.name).toBe("Phone");
    const deleted = await call(passkeysRoute.action, "/account/passkeys", {
      cookie: alice.cookie,
      form: { intent: "delete", id: mine.id },
    });
    expect(deleted).toMatchObject({ status: 302, location: "/user-dashboard/settings?notice=passkey-deleted" });
    expect(await passkeyRows()).toEqual([]);
  });

  test("Another user's passkey cannot be renamed or deleted: 404, and it stays as it was", async () => {
    const bobs = await storedPasskey(bob, "Bob's phone");
    const before = await passkeyRows();
    const rename = await call(passkeysRoute.action, "/account/passkeys", {
      cookie: alice.cookie,
      form: { intent: "rename", id: bobs.id, name: "Mine now" },
    });
    const remove = await call(passkeysRoute.action, "/account/passkeys", { cookie: alice.cookie, form: { intent: "delete", id: bobs.id } });
    expect([rename.status, remove.status]).toEqual([404, 404]);
    expect(await passkeyRows()).toEqual(before);
  });

  test("A blank or too long name is answered in place with a 400, and nothing changes", async () => {
    const mine = await storedPasskey(alice, "Laptop");
    for (const name of ["   ", "x".repeat(65)]) {
      const outcome = await call(passkeysRoute.action, "/account/passkeys", {
        cookie: alice.cookie,
        form: { intent: "rename", id: mine.id, name },
      });
      expect(outcome.status).toBe(400);
      expect(outcome.data).toMatchObject({ intent: "rename", status: "invalid", targetId: mine.id });
    }
    expect((await passkeyRows())[0]?.name).toBe("Laptop");
  });

  test("A guest cannot manage or add passkeys", async () => {
    const mine = await storedPasskey(alice);
    expect(await call(passkeysRoute.action, "/account/passkeys", { form: { intent: "delete", id: mine.id } })).toMatchObject({
      status: 302,
      location: "/login",
    });
    expect(await call(passkeyNewRoute.action, "/account/passkeys/new", { form: { intent: "options" } })).toMatchObject({
      status: 302,
      location: "/login",
    });
    expect(await passkeyRows()).toHaveLength(1);
  });

  test("Registration options name APP_URL's host as relying party and set the challenge cookie", async () => {
    expect(await confirmWithPassword(alice)).toMatchObject({ status: 302 });
    const outcome = await call(passkeyNewRoute.action, "/account/passkeys/new", {
      cookie: alice.cookie,
      form: { intent: "options", name: "Laptop" },
    });
    expect(outcome.status).toBe(200);
    const body = (await outcome.response!.json()) as { options: { rp: { id: string }; challenge: string } };
    expect(body.options.rp.id).toBe("portal.indigokite.test");
    expect(body.options.challenge.length).toBeGreaterThan(10);
    expect(outcome.response!.headers.getSetCookie().some((c) => c.includes("better-auth-passkey"))).toBe(true);
  });

  test("A session alone cannot add a passkey: Better Auth's registration endpoints refuse it without a recent confirmation", async () => {
    // However fresh the sign-in: alice signed in moments ago, and still has to confirm.
    const api = (await auth()).api;
    const headers = new Headers({ cookie: alice.cookie, origin: APP_URL });
    await expect(api.generatePasskeyRegistrationOptions({ headers })).rejects.toMatchObject({
      statusCode: 403,
      body: { code: "CONFIRMATION_REQUIRED" },
    });
    const response = {
      id: "x",
      rawId: "x",
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: "e30", attestationObject: "AA" },
    };
    await expect(api.verifyPasskeyRegistration({ headers, body: { response } })).rejects.toMatchObject({
      statusCode: 403,
      body: { code: "CONFIRMATION_REQUIRED" },
    });
    // Our route answers the page's script with the reason, and no ceremony starts.
    const outcome = await call(passkeyNewRoute.action, "/account/passkeys/new", { cookie: alice.cookie, form: { intent: "options" } });
    expect(outcome.status).toBe(403);
    expect(await outcome.response!.json()).toEqual({ message: CONFIRMATION_MESSAGES.required });
    expect(outcome.response!.headers.getSetCookie()).toEqual([]);
    expect(await passkeyRows()).toEqual([]);
  });

  test("After confirming with the password a passkey is added, and its owner is told by mail", async () => {
    const wrong = await confirmWithPassword(alice, "not-my-password");
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain(CONFIRMATION_MESSAGES.wrongPassword);
    expect(
      (await call(passkeyNewRoute.action, "/account/passkeys/new", { cookie: alice.cookie, form: { intent: "options" } })).status,
    ).toBe(403);

    expect(await confirmWithPassword(alice)).toMatchObject({ status: 302, location: "/user-dashboard/settings?notice=identity-confirmed" });
    const settings = await call(settingsRoute.loader, "/user-dashboard/settings", { cookie: alice.cookie });
    expect(
      (settings.data as { security: { confirmation: { confirmedUntil: string | null; method: string } } }).security.confirmation,
    ).toMatchObject({ method: "password", confirmedUntil: expect.any(String) });

    const started = await call(passkeyNewRoute.action, "/account/passkeys/new", {
      cookie: alice.cookie,
      form: { intent: "options", name: "Work laptop" },
    });
    expect(started.status).toBe(200);
    const { options } = (await started.response!.json()) as { options: { challenge: string; rp: { id: string } } };
    const cookie = `${alice.cookie}; ${challengeCookie(started.response!)}`;
    const verified = await call(passkeyNewRoute.action, "/account/passkeys/new", {
      cookie,
      form: { intent: "verify", name: "Work laptop", response: registrationResponse(options, APP_URL) },
    });
    expect(verified.status).toBe(200);
    expect(await passkeyRows()).toEqual([expect.objectContaining({ name: "Work laptop", userId: alice.id })]);

    const mails = await db().selectFrom("mailOutbox").select(["toAddress", "subject", "textBody"]).execute();
    expect(mails).toEqual([expect.objectContaining({ toAddress: alice.email, subject: "A passkey was added to your account" })]);
    expect(mails[0]!.textBody).toContain('"Work laptop"');
    expect(mails[0]!.textBody).toContain(`${APP_URL}/user-dashboard/settings`);
  });

  test("A confirmation stands for ten minutes, then adding a passkey asks for it again", async () => {
    expect(await confirmWithPassword(alice)).toMatchObject({ status: 302 });
    await db()
      .updateTable("sessions")
      .set({ confirmedAt: Date.now() - 10 * 60_000 - 1000 })
      .execute();
    const outcome = await call(passkeyNewRoute.action, "/account/passkeys/new", { cookie: alice.cookie, form: { intent: "options" } });
    expect(outcome.status).toBe(403);
    // Another session of the same account is not confirmed by this one's answer.
    expect(await confirmWithPassword(alice)).toMatchObject({ status: 302 });
    const other = await signInAgain(alice);
    expect((await call(passkeyNewRoute.action, "/account/passkeys/new", { cookie: other, form: { intent: "options" } })).status).toBe(403);
  });

  test('A password reset with "Also remove all passkeys" removes every passkey of the account; without it they stay', async () => {
    const carol = await signUp(`carol-passkeys-${database.name}@example.com`, "Carol");
    const kept = await storedPasskey(carol, "Phone");
    const bobs = await storedPasskey(bob, "Bob's phone");
    const reset = async (extra: Record<string, string>) => {
      await (await auth()).api.requestPasswordReset({ body: { email: carol.email, redirectTo: "/reset-password" } });
      const mail = await db()
        .selectFrom("mailOutbox")
        .select("textBody")
        .where("toAddress", "=", carol.email)
        .orderBy("createdAt", "desc")
        .executeTakeFirstOrThrow();
      const token = decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec(mail.textBody)![1]!);
      await db().deleteFrom("mailOutbox").execute();
      const password = "lantern-okapi-drizzle-77";
      return call(resetPasswordRoute.action, "/reset-password", { form: { token, password, confirm: password, ...extra } });
    };
    expect(await reset({})).toMatchObject({ status: 302, location: "/login?notice=password-changed" });
    expect((await passkeyRows()).map((r) => r.id).sort()).toEqual([kept.id, bobs.id].sort());

    expect(await reset({ removePasskeys: "on" })).toMatchObject({ status: 302, location: "/login?notice=passkeys-removed" });
    expect((await passkeyRows()).map((r) => r.id)).toEqual([bobs.id]);
  });

  test("A staff passkey on the client form is refused with SPEC §5's message, before any session exists", async () => {
    const key = await storedPasskey(staff, "Office key");
    const sessions = await sessionCount();
    const outcome = await call(signInRoute.action, SIGN_IN, {
      form: { intent: "verify", form: "client", response: assertion(key.credentialId) },
    });
    expect(outcome.status).toBe(400);
    expect(await outcome.response!.json()).toEqual({ message: EMPLOYEE_ON_CUSTOMER_FORM });
    expect(outcome.response!.headers.getSetCookie()).toEqual([]);
    expect(await sessionCount()).toBe(sessions);
  });

  test("A client passkey on the employee form is refused with the domain message", async () => {
    const key = await storedPasskey(alice);
    const sessions = await sessionCount();
    const outcome = await call(signInRoute.action, SIGN_IN, {
      form: { intent: "verify", form: "employee", response: assertion(key.credentialId) },
    });
    expect(outcome.status).toBe(400);
    expect(await outcome.response!.json()).toEqual({ message: employeeDomainOnly("indigokite.dev") });
    expect(await sessionCount()).toBe(sessions);
  });

  test("An unknown credential or a forged assertion gets no session", async () => {
    const key = await storedPasskey(alice);
    const sessions = await sessionCount();
    const unknown = await call(signInRoute.action, SIGN_IN, {
      form: { intent: "verify", form: "client", response: assertion("not-a-credential") },
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.response!.json()).toEqual({ message: SIGN_IN_FAILED });
    // The right form and a real credential id, but no challenge and no signature: refused.
    const forged = await call(signInRoute.action, SIGN_IN, {
      form: { intent: "verify", form: "client", response: assertion(key.credentialId) },
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
    expect(forged.response!.headers.getSetCookie().filter((c) => c.includes("session_token"))).toEqual([]);
    const garbage = await call(signInRoute.action, SIGN_IN, { form: { intent: "verify", form: "client", response: "{not json" } });
    expect(garbage.status).toBe(400);
    expect(await sessionCount()).toBe(sessions);
  });

  test("Only a session a passkey opened counts as a passkey sign-in; owning a passkey is not enough", async () => {
    await storedPasskey(staff);
    expect(await hasPasskey(staff.id)).toBe(true);
    const request = () => buildRequest("http://localhost/employee-dashboard", { cookie: staff.cookie });
    // Signed in with the password: the account owns a passkey, the session is not a passkey's.
    expect(await signedInWithPasskey(request())).toBe(false);
    const token = decodeURIComponent(staff.cookie.split("=")[1]!).split(".")[0]!;
    await db()
      .updateTable("sessions")
      .set({ passkeySignIn: database.name === "sqlite" ? 1 : true })
      .where("token", "=", token)
      .execute();
    expect(await signedInWithPasskey(request())).toBe(true);
    expect(await signedInWithPasskey(buildRequest("http://localhost/employee-dashboard"))).toBe(false);
    await db()
      .updateTable("sessions")
      .set({ passkeySignIn: database.name === "sqlite" ? 0 : false })
      .where("token", "=", token)
      .execute();
  });

  /** Registers a passkey of `user` through the real ceremony, answered by `authenticator`. */
  async function registerPasskey(user: TestUser, authenticator: ReturnType<typeof softwareAuthenticator>) {
    await confirmWithPassword(user);
    const started = await call(passkeyNewRoute.action, "/account/passkeys/new", { cookie: user.cookie, form: { intent: "options" } });
    const { options } = (await started.response!.json()) as { options: { challenge: string; rp: { id: string } } };
    const verified = await call(passkeyNewRoute.action, "/account/passkeys/new", {
      cookie: `${user.cookie}; ${challengeCookie(started.response!)}`,
      form: { intent: "verify", response: authenticator.register(options, APP_URL) },
    });
    expect(verified.status).toBe(200);
  }
  /** The password-less sign-in's two steps from a browser holding `cookie`, answered by `authenticator`. */
  async function passkeySignIn(cookie: string | undefined, authenticator: ReturnType<typeof softwareAuthenticator>) {
    const started = await call(signInRoute.action, SIGN_IN, { cookie, form: { intent: "options", form: "client" } });
    const { options } = (await started.response!.json()) as { options: { challenge: string; rpId?: string } };
    const jar = [cookie, challengeCookie(started.response!)].filter(Boolean).join("; ");
    return call(signInRoute.action, SIGN_IN, {
      cookie: jar,
      form: { intent: "verify", form: "client", response: authenticator.assert(options, APP_URL) },
    });
  }

  test("At the two-factor step only the pending account's own passkey answers, and its session replaces the pending one", async () => {
    const alicesKey = softwareAuthenticator();
    const bobsKey = softwareAuthenticator();
    await registerPasskey(alice, alicesKey);
    await registerPasskey(bob, bobsKey);
    // Alice half signed in (an e-mailed link or Google with two-factor on): what the plugin's hook stores.
    const pending = await signInAgain(alice);
    const pendingToken = decodeURIComponent(pending.split("=")[1]!).split(".")[0]!;
    await db()
      .updateTable("sessions")
      .set({ secondFactorPending: database.name === "sqlite" ? 1 : true })
      .where("token", "=", pendingToken)
      .execute();
    const sessionsOf = (userId: string) => db().selectFrom("sessions").select(["token"]).where("userId", "=", userId).execute();
    const bobsSessions = (await sessionsOf(bob.id)).length;

    // Bob's passkey is a valid one (it signs Bob in from /login), but not an answer for Alice.
    const refused = await passkeySignIn(pending, bobsKey);
    expect(refused.status).toBe(401);
    expect(await refused.response!.json()).toEqual({ message: SIGN_IN_FAILED });
    expect((await sessionsOf(bob.id)).length).toBe(bobsSessions);
    expect(await sessionsOf(alice.id)).toContainEqual({ token: pendingToken });

    const answered = await passkeySignIn(pending, alicesKey);
    expect(answered.status).toBe(200);
    expect(await answered.response!.json()).toEqual({ redirectTo: expect.stringMatching(/^\/user-dashboard/) });
    const newCookie = answered.response!.headers.getSetCookie().find((c) => c.includes("session_token"))!;
    const newToken = decodeURIComponent(newCookie.split(";")[0]!.split("=")[1]!).split(".")[0]!;
    const tokens = (await sessionsOf(alice.id)).map((row) => row.token);
    expect(tokens).not.toContain(pendingToken);
    expect(tokens).toContain(newToken);
    const signedIn = buildRequest("http://localhost/user-dashboard", { cookie: newCookie.split(";")[0]! });
    expect(await signedInWithPasskey(signedIn)).toBe(true);

    // Without a pending step, Bob's passkey is simply Bob's sign-in.
    expect((await passkeySignIn(undefined, bobsKey)).status).toBe(200);
  });

  test("Passkey sign-in attempts from one IP are limited", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) {
      const outcome = await call(signInRoute.action, SIGN_IN, { form: { intent: "options", form: "client" }, clientIp: "192.0.2.77" });
      answers.push(outcome.status);
    }
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    const limited = await call(signInRoute.action, SIGN_IN, {
      form: { intent: "verify", form: "client", response: assertion("x") },
      clientIp: "192.0.2.77",
    });
    expect(limited.status).toBe(429);
    expect(await limited.response!.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    // Another visitor is still served.
    expect((await call(signInRoute.action, SIGN_IN, { form: { intent: "options", form: "client" }, clientIp: "192.0.2.78" })).status).toBe(
      200,
    );
  });
});

test("The relying party is APP_URL's host name, and a passkey without user verification is refused at registration and sign-in", async () => {
  const options = passkeyOptions("https://portal.indigokite.test:8443/some/path");
  expect(options).toMatchObject({ rpID: "portal.indigokite.test", origin: "https://portal.indigokite.test:8443" });
  expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
  const authenticated = (userVerified: boolean) =>
    options.authentication!.afterVerification!({ verification: { authenticationInfo: { userVerified } } } as never);
  const registered = (userVerified: boolean) =>
    options.registration!.afterVerification!({ verification: { registrationInfo: { userVerified } } } as never);
  expect(() => authenticated(false)).toThrow(/did not verify its user/);
  expect(() => registered(false)).toThrow(/did not verify its user/);
  expect(authenticated(true)).toBeUndefined();
  expect(registered(true)).toBeUndefined();
});
