// Sign-in by an e-mailed link (decision 0098): the routes' loaders and actions called directly,
// Better Auth and its magic-link plugin for real on SQLite (and PostgreSQL with TEST_DATABASE_URL),
// mails delivered by the real outbox worker to a real SMTP server.
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { SIGN_IN_LINK_MESSAGES } from "~/lib/schemas/sign-in-link";
import { STEP_UP_PATH } from "~/lib/two-factor";
import * as accountTwoFactor from "~/routes/auth/account-two-factor";
import * as employeeLogin from "~/routes/auth/employee-login";
import * as requestRoute from "~/routes/auth/sign-in-link-request";
import * as linkRoute from "~/routes/auth/sign-in-link";
import * as stepUpRoute from "~/routes/auth/two-factor-step-up";
import * as authApi from "~/routes/resources/auth-api";
import { getPendingStepUp, getSessionUser } from "~/server/auth/session.server";
import { db } from "~/server/db/db.server";
import { createSmtpTransport } from "~/server/mail/mailer.server";
import { startMailWorker, type MailWorker } from "~/server/mail/worker.server";
import { addStaff, disableStaff } from "~/server/models/accounts/staff.server";
import { updateSettings } from "~/server/models/shared/settings.server";
import { signUp, TEST_PASSWORD } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { call, type Outcome } from "../helpers/routes";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { nextTotpCode, totpCode } from "../helpers/totp";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const APP_URL = "http://localhost";
const HOUR = 3_600_000;
const SAME_ORIGIN = { Origin: APP_URL };

let ipCounter = 0;
const nextIp = () => `198.51.100.${(++ipCounter % 250) + 1}`;

function sessionCookieOf(outcome: Outcome): string {
  const line = outcome.response?.headers.getSetCookie().find((c) => c.split("=")[0]!.includes("session_token"));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(outcome)}`);
  return line.split(";")[0]!;
}

/** Quoted-printable, as nodemailer writes long lines: soft breaks and =XX escapes undone. */
const decodeBody = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function linkTokenIn(raw: string): string {
  const match = /\/login\/link\?token=([A-Za-z0-9._%-]+)/.exec(decodeBody(raw));
  if (!match) throw new Error(`no sign-in link in: ${raw.slice(0, 400)}`);
  return decodeURIComponent(match[1]!);
}

const sessionOf = (cookie: string) => new Request(`${APP_URL}/`, { headers: { Cookie: cookie } });

describe.each(testDatabases("sign-in-link"))("Sign-in by an e-mailed link on $name", (database) => {
  let cleanup: () => Promise<void>;
  let smtp: TestSmtpServer;
  let worker: MailWorker;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL, STAFF_2FA: "optional" }));
    smtp = await startSmtpServer();
    worker = startMailWorker({ db: db(), transport: createSmtpTransport(smtp.url), from: "portal@indigokite.dev", poll: false });
  });
  afterAll(async () => {
    await worker.stop();
    await smtp.stop();
    await cleanup();
  });
  beforeEach(async () => {
    await clearTables("rateLimits");
    smtp.messages.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Sends what the outbox holds and returns the mails delivered to `email`. */
  async function delivered(email: string) {
    await worker.runOnce(Date.now() + HOUR);
    return smtp.messages.filter((m) => m.to.includes(email.toLowerCase()));
  }

  const ask = (email: string, clientIp = nextIp()) =>
    call(requestRoute.action, "/login/email-link", { form: { email }, headers: SAME_ORIGIN, clientIp });
  const open = (token: string) => call(linkRoute.loader, `/login/link?token=${encodeURIComponent(token)}`);
  const use = (token: string, clientIp = nextIp()) =>
    call(linkRoute.action, "/login/link", { form: { token }, headers: SAME_ORIGIN, clientIp });

  /** Asks for a link for `email` and returns the token of the one mail that arrived. */
  async function mailedToken(email: string): Promise<string> {
    smtp.messages.length = 0;
    expect(await ask(email)).toMatchObject({ status: 200, data: { status: "success", message: SIGN_IN_LINK_MESSAGES.sent } });
    const mails = await delivered(email);
    expect(mails.map((m) => m.subject)).toEqual(["Your sign-in link"]);
    return linkTokenIn(mails[0]!.raw);
  }

  test("Every well-formed address gets the same answer; only a verified client account is mailed", async () => {
    await signUp("known.client@example.com");
    await signUp("unverified.client@example.com", "Unverified", { verified: false });
    await db().deleteFrom("mailOutbox").execute();
    await addStaff(null, "stella@indigokite.dev", TEST_PASSWORD);

    const answers = [];
    for (const email of ["known.client@example.com", "nobody.here@example.com", "unverified.client@example.com", "stella@indigokite.dev"]) {
      answers.push(await ask(email));
    }
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 200, data: { status: "success", message: SIGN_IN_LINK_MESSAGES.sent } });
    }
    expect(JSON.stringify(answers[0])).toBe(JSON.stringify(answers[1]));
    await worker.runOnce(Date.now() + HOUR);
    expect(smtp.messages.map((m) => m.to)).toEqual([["known.client@example.com"]]);
    // A malformed address is the field's error, and nothing is asked.
    expect(await ask("not-an-address")).toMatchObject({ status: 400, data: { status: "invalid" } });
  });

  test("The link is stored only as its hash; opening it signs nobody in, its button does, once", async () => {
    const client = await signUp("once.client@example.com");
    const token = await mailedToken(client.email);
    // Better Auth's own table, outside the app's schema types.
    const { rows } = await sql<{ identifier: string; value: string }>`
      select identifier, value from verifications where identifier like 'magic-link:%'`.execute(db());
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.identifier.includes(token) || r.value.includes(token))).toBe(false);
    const outbox = await db().selectFrom("mailOutbox").select("idempotencyKey").where("toAddress", "=", client.email).execute();
    expect(outbox.some((r) => r.idempotencyKey.includes(token))).toBe(false);

    // What a mail scanner does: GET the link, twice. The page only offers the button.
    for (let i = 0; i < 2; i++) expect(await open(token)).toMatchObject({ status: 200, data: { state: "valid", token } });

    const first = await use(token);
    expect(first).toMatchObject({ status: 302, location: "/user-dashboard?notice=login" });
    expect(await getSessionUser(sessionOf(sessionCookieOf(first)))).toMatchObject({ email: client.email, role: "client" });

    expect(await use(token)).toMatchObject({ status: 400, data: { status: "error", message: SIGN_IN_LINK_MESSAGES.used } });
    expect(await open(token)).toMatchObject({ status: 200, data: { state: "used", token: "" } });
  });

  test("Two uses of one link at once open one session", async () => {
    const client = await signUp("race.client@example.com");
    const token = await mailedToken(client.email);
    const outcomes = await Promise.all([use(token), use(token), use(token)]);
    expect(outcomes.filter((o) => o.status === 302)).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 400)).toHaveLength(2);
  });

  test("An expired link is refused with its own message and the page offers a new one", async () => {
    const client = await signUp("late.client@example.com");
    const token = await mailedToken(client.email);
    vi.useFakeTimers({ now: Date.now() + 16 * 60_000, toFake: ["Date"] });
    expect(await open(token)).toMatchObject({ status: 200, data: { state: "expired", token: "" } });
    const refused = await use(token);
    expect(refused).toMatchObject({ status: 400, data: { status: "error", message: SIGN_IN_LINK_MESSAGES.expired } });
    expect(refused.response).toBeUndefined();
    vi.useRealTimers();
    // "Ask for a new one below": the page's form posts to the request route, which mails a fresh link.
    const fresh = await mailedToken(client.email);
    expect(fresh).not.toBe(token);
    expect(await use(fresh)).toMatchObject({ status: 302, location: "/user-dashboard?notice=login" });
  });

  test("An account with two-factor on lands on the second-factor step, not signed in, until its code", async () => {
    const client = await signUp("twofa.client@example.com");
    const started = await call(accountTwoFactor.action, "/account/two-factor", {
      cookie: client.cookie,
      form: { intent: "start", password: TEST_PASSWORD },
      headers: SAME_ORIGIN,
    });
    const uri = (started.data as { enrolment: { uri: string } }).enrolment.uri;
    const confirmed = await call(accountTwoFactor.action, "/account/two-factor", {
      cookie: client.cookie,
      form: { intent: "confirm", uri, code: totpCode(uri) },
      headers: SAME_ORIGIN,
    });
    expect(confirmed.location).toBe("/account/two-factor?done=on");

    const token = await mailedToken(client.email);
    const landed = await use(token);
    expect(landed).toMatchObject({ status: 302, location: `${STEP_UP_PATH}?via=link` });
    const cookie = sessionCookieOf(landed);
    expect(await getSessionUser(sessionOf(cookie))).toBeNull();
    expect(await getPendingStepUp(sessionOf(cookie))).toMatchObject({ email: client.email, role: "client" });
    const page = await call(stepUpRoute.loader, `${STEP_UP_PATH}?via=link`, { cookie });
    expect(page).toMatchObject({ status: 200, data: { method: "totp", via: "link" } });

    const answered = await call(stepUpRoute.action, STEP_UP_PATH, {
      cookie,
      form: { intent: "totp", code: nextTotpCode(uri) },
      headers: SAME_ORIGIN,
    });
    expect(answered).toMatchObject({ status: 302, location: "/user-dashboard?notice=login" });
    expect(await getSessionUser(sessionOf(cookie))).toMatchObject({ email: client.email });
  });

  test("Requests are throttled like resets: per address and per client IP, with the same answer", async () => {
    const client = await signUp("busy.client@example.com");
    await clearTables("rateLimits");
    // Per address: three mails an hour, whoever asks.
    for (let i = 0; i < 5; i++)
      expect(await ask(client.email)).toMatchObject({ status: 200, data: { message: SIGN_IN_LINK_MESSAGES.sent } });
    expect(await delivered(client.email)).toHaveLength(3);
    // Per client IP: ten account mails an hour, to any address.
    await clearTables("rateLimits");
    smtp.messages.length = 0;
    const ip = "203.0.113.77";
    const others = await Promise.all([...Array(11).keys()].map((i) => signUp(`ip.client.${i}@example.com`)));
    await clearTables("rateLimits");
    for (const other of others)
      expect(await ask(other.email, ip)).toMatchObject({ status: 200, data: { message: SIGN_IN_LINK_MESSAGES.sent } });
    await worker.runOnce(Date.now() + HOUR);
    expect(smtp.messages).toHaveLength(10);
  });

  test("Using links is limited per client IP: past 30 tries, even a right link waits", async () => {
    const client = await signUp("guessed.client@example.com");
    const token = await mailedToken(client.email);
    const ip = "203.0.113.88";
    for (let i = 0; i < 30; i++) expect(await use(`made-up-${i}`, ip)).toMatchObject({ status: 400 });
    expect(await use(token, ip)).toMatchObject({ status: 429, data: { message: SIGN_IN_LINK_MESSAGES.tooMany } });
    expect(await use(token)).toMatchObject({ status: 302 });
  });

  test("Staff get a link only when an admin allows it, and never once disabled", async () => {
    const admin = await addStaff(null, "ada@indigokite.dev", TEST_PASSWORD);
    const member = await addStaff(admin, "sol@indigokite.dev", TEST_PASSWORD, "Sol", "sales");
    expect((await call(employeeLogin.loader, "/employee-login")).data).toMatchObject({ staffMagicLink: false });
    expect(await ask(member.email)).toMatchObject({ status: 200, data: { message: SIGN_IN_LINK_MESSAGES.sent } });
    expect(await delivered(member.email)).toHaveLength(0);
    await clearTables("rateLimits");

    await updateSettings({ id: admin.id, email: admin.email, name: "Ada" }, { staffMagicLink: true });
    expect((await call(employeeLogin.loader, "/employee-login")).data).toMatchObject({ staffMagicLink: true });
    const token = await mailedToken(member.email);
    const signedIn = await use(token);
    expect(signedIn).toMatchObject({ status: 302, location: "/dashboard?notice=welcome" });
    expect(await getSessionUser(sessionOf(sessionCookieOf(signedIn)))).toMatchObject({ email: member.email, role: "employee" });

    // A link mailed before the setting went off is not honoured.
    const late = await mailedToken(member.email);
    await updateSettings({ id: admin.id, email: admin.email, name: "Ada" }, { staffMagicLink: false });
    expect(await use(late)).toMatchObject({ status: 400, data: { message: SIGN_IN_LINK_MESSAGES.used } });

    await updateSettings({ id: admin.id, email: admin.email, name: "Ada" }, { staffMagicLink: true });
    await disableStaff({ id: admin.id, email: admin.email, name: "Ada" }, member.id);
    await clearTables("rateLimits");
    smtp.messages.length = 0;
    expect(await ask(member.email)).toMatchObject({ status: 200, data: { message: SIGN_IN_LINK_MESSAGES.sent } });
    expect(await delivered(member.email)).toHaveLength(0);
  });

  test("Better Auth's own magic-link endpoints are not reachable over HTTP", async () => {
    await signUp("direct.client@example.com");
    const post = await authApi.action({
      request: new Request(`${APP_URL}/api/auth/sign-in/magic-link`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: APP_URL },
        body: JSON.stringify({ email: "direct.client@example.com" }),
      }),
    } as never);
    expect(post.status).toBe(404);
    const get = await authApi.loader({ request: new Request(`${APP_URL}/api/auth/magic-link/verify?token=x`) } as never);
    expect(get.status).toBe(404);
    expect(await delivered("direct.client@example.com")).toHaveLength(0);
  });
});
