// E-mail verification (decision 0028): route actions and loaders called directly, Better
// Auth for real on SQLite (and PostgreSQL with TEST_DATABASE_URL), mail delivered by the real worker
// to a real SMTP server.
import { createEmailVerificationToken } from "better-auth/api";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { VERIFY_LINK_EXPIRED, VERIFY_LINK_INVALID, VERIFY_LINK_USED } from "~/lib/schemas/verify-email";
import * as forgotPasswordRoute from "~/routes/auth/forgot-password";
import * as loginRoute from "~/routes/auth/login";
import * as verifyEmailRoute from "~/routes/auth/verify-email";
import * as portalLayout from "~/routes/portal/layout";
import * as deleteAccountRoute from "~/routes/portal/settings-delete-account";
import * as resetRequestRoute from "~/routes/portal/settings-reset-password";
import * as sendAgainRoute from "~/routes/portal/verify-email-send";
import * as authApi from "~/routes/resources/auth-api";
import { currentDialect, db } from "~/server/db/db.server";
import { createSmtpTransport } from "~/server/mail/mailer.server";
import { startMailWorker, type MailWorker } from "~/server/mail/worker.server";
import { createComplaint } from "~/server/models/support/complaints.server";
import { addStaffReply, setComplaintStatus } from "~/server/models/support/complaints-staff.server";
import { addStaff } from "~/server/models/accounts/staff.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { memberScope } from "../helpers/companies";
import { call, type Outcome } from "../helpers/routes";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const APP_URL = "http://localhost";
const PASSWORD = "correct-horse-battery-staple";
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
function decodeBody(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function verificationTokenIn(raw: string): string {
  const match = /\/verify-email\?token=([A-Za-z0-9._%-]+)/.exec(decodeBody(raw));
  if (!match) throw new Error(`no verification link in: ${raw.slice(0, 400)}`);
  return decodeURIComponent(match[1]!);
}

describe.each(testDatabases("verification"))("E-mail verification on $name", (database) => {
  let cleanup: () => Promise<void>;
  let smtp: TestSmtpServer;
  let worker: MailWorker;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL }));
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
    // An hour ahead: mails queued under a faked clock are due too.
    await worker.runOnce(Date.now() + HOUR);
    return smtp.messages.filter((m) => m.to.includes(email));
  }

  async function register(email: string, password = PASSWORD) {
    return call(loginRoute.action, "/login", { form: { intent: "register", email, password }, clientIp: nextIp() });
  }

  async function registered(email: string) {
    const outcome = await register(email);
    expect(outcome).toMatchObject({ status: 302, location: "/user-dashboard?notice=registered" });
    return sessionCookieOf(outcome);
  }

  async function isVerified(email: string) {
    const row = await db().selectFrom("users").select("emailVerified").where("email", "=", email).executeTakeFirstOrThrow();
    return Boolean(row.emailVerified);
  }

  const verify = (token: string, cookie?: string) => call(verifyEmailRoute.action, "/verify-email", { form: { token }, cookie });
  const portal = async (cookie: string) => (await call(portalLayout.loader, "/user-dashboard", { cookie })).data;

  test("Registering says 'Account created successfully!' and mails one link; opening it twice verifies nothing, its button does", async () => {
    const email = "verify.me@example.com";
    const cookie = await registered(email);
    expect(await portal(cookie)).toMatchObject({ email, emailVerified: false });
    const mails = await delivered(email);
    expect(mails.map((m) => m.subject)).toEqual(["Verify your e-mail address"]);
    const token = verificationTokenIn(mails[0]!.raw);

    // What a mail scanner does: GET the link, twice. The page only offers the button.
    for (let i = 0; i < 2; i++) {
      expect(await call(verifyEmailRoute.loader, `/verify-email?token=${encodeURIComponent(token)}`)).toMatchObject({
        status: 200,
        data: { token },
      });
    }
    expect(await isVerified(email)).toBe(false);

    expect(await verify(token, cookie)).toMatchObject({ status: 302, location: "/user-dashboard?notice=email-verified" });
    expect(await isVerified(email)).toBe(true);
    expect(await portal(cookie)).toMatchObject({ emailVerified: true });
  });

  test("A link works once: used again it says so with a 409 and changes nothing", async () => {
    const email = "verify.twice@example.com";
    await registered(email);
    const token = verificationTokenIn((await delivered(email))[0]!.raw);
    // Signed out: the link still verifies, then sends the visitor to sign in.
    expect(await verify(token)).toMatchObject({ status: 302, location: "/login?notice=email-verified" });
    const before = await db().selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    const again = await verify(token);
    expect(again).toMatchObject({ status: 409, data: { status: "error", message: VERIFY_LINK_USED } });
    expect(await db().selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow()).toEqual(before);
  });

  test("A link expires after 24 hours with a clear message, and the address stays unverified", async () => {
    const email = "verify.late@example.com";
    await registered(email);
    const token = verificationTokenIn((await delivered(email))[0]!.raw);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * HOUR + 60_000 });
    expect(await verify(token)).toMatchObject({ status: 400, data: { status: "error", message: VERIFY_LINK_EXPIRED } });
    vi.useRealTimers();
    expect(await isVerified(email)).toBe(false);
  });

  test("A link that is made up, or signed with another secret, is refused and verifies nothing", async () => {
    const email = "verify.forged@example.com";
    await registered(email);
    const forged = await createEmailVerificationToken("not-the-server-secret-0123456789abcdef", email, undefined, 3600);
    expect(await verify(forged)).toMatchObject({ status: 400, data: { message: VERIFY_LINK_INVALID } });
    expect(await verify("made-up")).toMatchObject({ status: 400, data: { message: VERIFY_LINK_INVALID } });
    expect((await verify("")).status).toBe(400);
    expect(await isVerified(email)).toBe(false);
  });

  test("Better Auth's own GET /api/auth/verify-email is not exposed: 404, and the link is not used up", async () => {
    const email = "verify.api@example.com";
    const cookie = await registered(email);
    const token = verificationTokenIn((await delivered(email))[0]!.raw);
    const outcome = await call(authApi.loader, `/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=/`, { cookie });
    expect(outcome.status).toBe(404);
    expect(await isVerified(email)).toBe(false);
    expect((await verify(token, cookie)).status).toBe(302);
  });

  test("'Send again' mails a new link to the client's own address, at most 3 an hour per address", async () => {
    const email = "verify.again@example.com";
    const cookie = await registered(email);
    const send = () =>
      call(sendAgainRoute.action, "/verify-email/send", {
        form: { returnTo: "/user-dashboard/projects" },
        cookie,
        headers: SAME_ORIGIN,
        clientIp: nextIp(),
      });
    // A link is signed with the second it was made in: a click in the same second repeats the same mail.
    const start = Date.now();
    for (let i = 1; i <= 4; i++) {
      vi.useFakeTimers({ toFake: ["Date"], now: start + i * 2_000 });
      expect(await send()).toMatchObject({ status: 302, location: "/user-dashboard/projects?notice=verification-sent" });
    }
    vi.useRealTimers();
    const mails = await delivered(email);
    // The sign-up's link and two more: the address's hourly allowance (mail-limits.server.ts).
    expect(mails.map((m) => m.subject)).toEqual(Array(3).fill("Verify your e-mail address"));
    // Every link works until one is used.
    const newest = verificationTokenIn(mails[2]!.raw);
    expect((await verify(newest, cookie)).status).toBe(302);
    expect(await send()).toMatchObject({ status: 302, location: "/user-dashboard/projects?notice=email-verified" });
  });

  test("'Send again' is limited per client IP across addresses, and refuses guests and other sites", async () => {
    const ip = "203.0.113.200";
    const cookies = [];
    for (let i = 0; i < 11; i++) cookies.push(await registered(`verify.spray${i}@example.com`));
    await clearTables("rateLimits");
    await db().deleteFrom("mailOutbox").execute();
    for (const cookie of cookies)
      await call(sendAgainRoute.action, "/verify-email/send", { form: {}, cookie, headers: SAME_ORIGIN, clientIp: ip });
    expect((await db().selectFrom("mailOutbox").select("id").execute()).length).toBe(10);

    expect(await call(sendAgainRoute.action, "/verify-email/send", { form: {} })).toMatchObject({ status: 302, location: "/login" });
    const crossSite = await call(sendAgainRoute.action, "/verify-email/send", {
      form: {},
      cookie: cookies[0],
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });

  test("An unverified client gets no mail but the verification link: resets, support replies and the deletion notice are held back", async () => {
    const email = "verify.quiet@example.com";
    const cookie = await registered(email);
    const user = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const staff = await addStaff(null, "support.desk@indigokite.dev", "staff-password-0123", "Support Desk");
    const complaint = await createComplaint(await memberScope({ id: user.id }), { subject: "Help", message: "Please" });

    expect(await call(forgotPasswordRoute.action, "/forgot-password", { form: { email }, clientIp: nextIp() })).toMatchObject({
      status: 200,
    });
    expect(
      await call(resetRequestRoute.action, "/settings/reset-password", {
        form: { intent: "reset-password" },
        cookie,
        headers: SAME_ORIGIN,
        clientIp: nextIp(),
      }),
    ).toMatchObject({
      status: 302,
      location: "/user-dashboard/settings?notice=verify-first",
    });
    await addStaffReply(staff, { complaintId: complaint.id, text: "We are on it." });
    await setComplaintStatus(staff, { complaintId: complaint.id, status: "Resolved" });

    // The sign-up's link, and the link again for the resets (one mail for both in the same second).
    const mails = await delivered(email);
    expect(mails.length).toBeGreaterThanOrEqual(2);
    expect(new Set(mails.map((m) => m.subject))).toEqual(new Set(["Verify your e-mail address"]));
    expect(mails.some((m) => decodeBody(m.raw).includes("/reset-password"))).toBe(false);
    expect(staff.email).toBe("support.desk@indigokite.dev");
    // Staff made by the CLI or console are verified already: no verification mail for them
    // (the support desk's alert of the new request is theirs).
    expect((await delivered(staff.email)).map((m) => m.subject)).toEqual(["New support request: Help"]);

    // Deleting the still-unverified account sends no confirmation either.
    await db()
      .updateTable("sessions")
      .set({ createdAt: (currentDialect() === "sqlite" ? new Date().toISOString() : new Date()) as never })
      .where("userId", "=", user.id)
      .execute();
    expect(
      await call(deleteAccountRoute.action, "/settings/delete-account", {
        form: { intent: "delete-account" },
        cookie,
        headers: SAME_ORIGIN,
        clientIp: nextIp(),
      }),
    ).toMatchObject({
      status: 302,
      location: "/?notice=deleted",
    });
    expect((await delivered(email)).length).toBe(mails.length);
  });

  test("Once verified, the same client gets the reset link and support mails", async () => {
    const email = "verify.loud@example.com";
    const cookie = await registered(email);
    const user = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const staff = await addStaff(null, "support.two@indigokite.dev", "staff-password-0123", "Support Two");
    const complaint = await createComplaint(await memberScope({ id: user.id }), { subject: "Help", message: "Please" });
    expect((await verify(verificationTokenIn((await delivered(email))[0]!.raw), cookie)).status).toBe(302);
    smtp.messages.length = 0;
    await clearTables("rateLimits");

    expect(
      await call(resetRequestRoute.action, "/settings/reset-password", {
        form: { intent: "reset-password" },
        cookie,
        headers: SAME_ORIGIN,
        clientIp: nextIp(),
      }),
    ).toMatchObject({
      location: "/user-dashboard/settings?notice=reset-sent",
    });
    await addStaffReply(staff, { complaintId: complaint.id, text: "We are on it." });
    await setComplaintStatus(staff, { complaintId: complaint.id, status: "Resolved" });
    const subjects = (await delivered(email)).map((m) => m.subject);
    expect(subjects).toHaveLength(3);
    expect(subjects).toContain("Reset your password");
    expect(subjects.filter((s) => /support request/.test(s))).toHaveLength(2);
  });
});
