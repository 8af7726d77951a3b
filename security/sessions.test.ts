import { afterAll, describe, inject, test } from "vitest";
import { get, postForm, register, signIn, PASSWORD } from "./helpers/client";
import { clearRateLimits, database, markEmailVerified } from "./helpers/database";
import { sessionCookie, tokenOf } from "./helpers/http";
import { deliveredMail } from "./helpers/mail";
import { tally, type Tally } from "./helpers/tally";

const [world] = inject("worlds");
const server = world!.server;
const HOUR = 3_600_000;

afterAll(async () => clearRateLimits(server));

const freshEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

async function signedIn(cookie: string, path = "/user-dashboard"): Promise<boolean> {
  const reply = await get(server, path, cookie);
  return reply.status === 200;
}

function expectRefused(t: Tally, label: string, refused: boolean) {
  t.check(`${label} is refused (sent to /login)`, refused);
}

/** Moves a session's sign-in time into the past, as if that much time had gone by. */
async function ageSession(cookie: string, ms: number): Promise<void> {
  const createdAt = new Date(Date.now() - ms);
  await database(server)
    .updateTable("sessions")
    .set({ createdAt: server.backend === "sqlite" ? createdAt.toISOString() : createdAt })
    .where("token", "=", tokenOf(cookie))
    .execute();
}

async function sessionRows(cookie: string): Promise<number> {
  return (await database(server).selectFrom("sessions").select("id").where("token", "=", tokenOf(cookie)).execute()).length;
}

describe("Sessions", () => {
  test("Every sign-in issues a new token, even when the browser already presents one (no fixation)", async (context) => {
    const t = tally(context, "Sessions");
    const email = freshEmail("fixation");
    const first = await register(server, email);
    const second = await signIn(server, email);
    t.check("a second sign-in gets another token", tokenOf(first) !== tokenOf(second));
    const planted = await postForm(server, "/login", { intent: "login", email, password: PASSWORD }, { cookie: first });
    const issued = sessionCookie(planted);
    t.check("signing in over an existing cookie sets a new one", issued !== null && tokenOf(issued) !== tokenOf(first));
    const staffA = await signIn(server, world!.actors.staff.email!, world!.staffPassword, "/employee-login");
    const staffB = await signIn(server, world!.actors.staff.email!, world!.staffPassword, "/employee-login");
    t.check("staff get a new token per sign-in too", tokenOf(staffA) !== tokenOf(staffB));
    t.done();
  });

  test("After logout the old cookie is refused everywhere and its session is gone", async (context) => {
    const t = tally(context, "Sessions");
    const cookie = await register(server, freshEmail("logout"));
    t.check("signed in before", await signedIn(cookie));
    const reply = await postForm(server, "/logout", { intent: "logout" }, { cookie });
    t.check(
      "logout clears the cookie",
      reply.cookies.some((c) => c.includes("session_token=") && /Max-Age=0/i.test(c)),
    );
    expectRefused(t, "the old cookie on /user-dashboard", !(await signedIn(cookie)));
    expectRefused(t, "the old cookie on /events/portal", (await get(server, "/events/portal", cookie)).location === "/login");
    t.check("the session row is deleted", (await sessionRows(cookie)) === 0);

    const staff = await signIn(server, world!.actors.staff.email!, world!.staffPassword, "/employee-login");
    await postForm(server, "/logout", { intent: "logout" }, { cookie: staff });
    expectRefused(
      t,
      "a logged-out staff cookie on /employee-dashboard",
      (await get(server, "/employee-dashboard", staff)).location === "/login",
    );
    t.done();
  });

  test("A password reset ends every session of the account; the new password works and the old one does not", async (context) => {
    const t = tally(context, "Sessions");
    const email = freshEmail("reset");
    const phone = await register(server, email);
    await markEmailVerified(server, email);
    const laptop = await signIn(server, email);
    const asked = await postForm(server, "/settings/reset-password", { intent: "reset-password" }, { cookie: phone });
    t.check("the reset link is sent", asked.location === "/user-dashboard/settings?notice=reset-sent", String(asked.location));
    const mail = await deliveredMail(server, email);
    const token = /reset-password\?token=([^\s&"<]+)/.exec(mail)?.[1];
    t.check("the mail holds a reset link", token !== undefined);
    const reset = await postForm(server, "/reset-password", {
      token: decodeURIComponent(token ?? ""),
      password: "brand-new-password-1",
      confirm: "brand-new-password-1",
    });
    t.check("the reset succeeds", reset.location === "/login?notice=password-changed", `${reset.status} ${reset.location}`);
    expectRefused(t, "the phone's old cookie", !(await signedIn(phone)));
    expectRefused(t, "the laptop's old cookie", !(await signedIn(laptop)));
    t.check(
      "the old password no longer signs in",
      sessionCookie(await postForm(server, "/login", { intent: "login", email, password: PASSWORD })) === null,
    );
    t.check(
      "the new password signs in",
      sessionCookie(await postForm(server, "/login", { intent: "login", email, password: "brand-new-password-1" })) !== null,
    );
    const again = await postForm(server, "/reset-password", {
      token: decodeURIComponent(token ?? ""),
      password: "third-password-123",
      confirm: "third-password-123",
    });
    t.check("the link works once only", again.status === 400, String(again.status));
    t.done();
  });

  test("Deleting the account ends every session of it", async (context) => {
    const t = tally(context, "Sessions");
    const email = freshEmail("delete");
    const phone = await register(server, email);
    await markEmailVerified(server, email);
    const laptop = await signIn(server, email);
    const reply = await postForm(server, "/settings/delete-account", { intent: "delete-account" }, { cookie: phone });
    t.check("the account is deleted", reply.location === "/?notice=deleted", String(reply.location));
    expectRefused(t, "the deleting device's cookie", !(await signedIn(phone)));
    expectRefused(t, "another device's cookie", !(await signedIn(laptop)));
    t.check("no session rows remain", (await sessionRows(phone)) + (await sessionRows(laptop)) === 0);
    t.done();
  });

  test("Sessions end a fixed time after sign-in however active they are: 30 days for clients, 12 hours for staff", async (context) => {
    const t = tally(context, "Sessions");
    const client = await register(server, freshEmail("lifetime"));
    await ageSession(client, 29 * 24 * HOUR);
    t.check("a client session signed in 29 days ago still works", await signedIn(client));
    await ageSession(client, 30 * 24 * HOUR + 60_000);
    expectRefused(t, "a client session signed in 30 days ago", !(await signedIn(client)));
    t.check("the expired client session is revoked", (await sessionRows(client)) === 0);

    const staff = await signIn(server, world!.actors.staff.email!, world!.staffPassword, "/employee-login");
    await ageSession(staff, 11 * HOUR);
    t.check("a staff session signed in 11 hours ago still works", await signedIn(staff, "/employee-dashboard"));
    await ageSession(staff, 12 * HOUR + 60_000);
    expectRefused(t, "a staff session signed in 12 hours ago", (await get(server, "/employee-dashboard", staff)).location === "/login");
    t.done();
  });

  test("A link to /login?google=done or /employee-login?google=done signs nobody out", async (context) => {
    // Only the landing right after a real Google callback may end a refused session.
    const t = tally(context, "Sessions");
    const clearsSession = (cookies: string[]) => cookies.some((c) => c.includes("session_token=") && /Max-Age=0/i.test(c));
    const staff = await signIn(server, world!.actors.staff.email!, world!.staffPassword, "/employee-login");
    const staffVisit = await get(server, "/login?google=done", staff);
    t.check("staff following a link to /login?google=done keep their cookie", !clearsSession(staffVisit.cookies));
    t.check("and stay signed in", await signedIn(staff, "/employee-dashboard"));
    const client = await register(server, freshEmail("google-done"));
    const clientVisit = await get(server, "/employee-login?google=done", client);
    t.check("a client following a link to /employee-login?google=done keeps the cookie", !clearsSession(clientVisit.cookies));
    t.check("and stays signed in", await signedIn(client));
    t.done();
  });

  test("A session past its sliding expiry is refused", async (context) => {
    const t = tally(context, "Sessions");
    const client = await register(server, freshEmail("expiry"));
    const past = new Date(Date.now() - 60_000);
    await database(server)
      .updateTable("sessions")
      .set({ expiresAt: server.backend === "sqlite" ? past.toISOString() : past })
      .where("token", "=", tokenOf(client))
      .execute();
    expectRefused(t, "a session whose expiry has passed", !(await signedIn(client)));
    t.done();
  });
});
