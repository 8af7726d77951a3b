import { afterAll, beforeAll, describe, test } from "vitest";
import { nextTotpCode, totpCode } from "../tests/helpers/totp";
import { get, postForm, register, signIn } from "./helpers/client";
import { database } from "./helpers/database";
import { sessionCookie, tokenOf } from "./helpers/http";
import { exportsAction, routeTable } from "./route-table";
import { addStaffWithCli, startServer, type RunningServer } from "./helpers/server";
import { tally } from "./helpers/tally";

//, decision 0029, on a server of its own with STAFF_2FA=required (the shared one runs
// with optional): no console page, resource or form answers staff before they enrol, and parallel
// wrong codes against one sign-in challenge are counted before any is checked.

const STAFF_PASSWORD = "staff-password-0123456789";
const SETUP = "/account/two-factor";
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ env: { STAFF_2FA: "required" } });
});
afterAll(async () => server?.stop());

const consoleRoutes = () => routeTable().filter((r) => /^\/(employee-dashboard|events\/console)(\/|$)/.test(r.pattern));
const portalRoutes = () => routeTable().filter((r) => /^\/(user-dashboard|events\/portal)(\/|$)/.test(r.pattern));
const STEP_UP = "/two-factor/step-up";

/**
 * Marks the cookie's session as the OAuth callback does for an account with two-factor on
 * (decision 0029): this harness has no identity provider (tests/accounts/two-factor-step-up.test.ts drives
 * the real Google flow), so the row is marked in the server's own database.
 */
async function markPending(cookie: string): Promise<void> {
  const pending = server.backend === "sqlite" ? 1 : true;
  await database(server).updateTable("sessions").set({ secondFactorPending: pending }).where("token", "=", tokenOf(cookie)).execute();
}

/** Enrols the cookie's client as a browser without JavaScript would; returns the key and the new session's cookie. */
async function enrolClient(cookie: string, password: string): Promise<{ key: string; cookie: string }> {
  const started = await postForm(server, SETUP, { intent: "start", password }, { cookie });
  const key = /data-testid="manual-key"[^>]*>([A-Z2-7 ]+)</.exec(started.body)?.[1] ?? "";
  const uri = /name="uri" value="([^"]+)"/.exec(started.body)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const confirmed = await postForm(server, SETUP, { intent: "confirm", uri, code: totpCode(key) }, { cookie });
  return { key, cookie: sessionCookie(confirmed) ?? cookie };
}
const filled = (pattern: string) => pattern.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000");

/** The challenge cookie Better Auth sets after a right password, as `name=value`. */
function challengeCookie(cookies: string[]): string {
  const set = cookies.find((c) => c.includes("two_factor=") && !/Max-Age=0/i.test(c));
  if (!set) throw new Error("no two-factor challenge cookie");
  return set.split(";")[0]!;
}

describe("Two-factor sign-in (STAFF_2FA=required)", () => {
  test("Staff without a second factor are sent to enrolment by every console page, resource and form", async (context) => {
    const t = tally(context, "Authorization matrix");
    const email = `held-${Date.now()}@indigokite.dev`;
    addStaffWithCli(server, email, STAFF_PASSWORD);
    const cookie = await signIn(server, email, STAFF_PASSWORD, "/employee-login");
    for (const route of consoleRoutes()) {
      const path = filled(route.pattern) + (route.index ? "?index" : "");
      const page = await get(server, path, cookie);
      t.check(`GET ${route.pattern} goes to enrolment`, page.status === 302 && page.location === SETUP, `${page.status} ${page.location}`);
      if (!(await exportsAction(route))) continue;
      const post = await postForm(server, path, { intent: "anything", id: "x" }, { cookie });
      t.check(`POST ${route.pattern} goes to enrolment`, post.status === 302 && post.location === SETUP, `${post.status} ${post.location}`);
    }
    const setup = await get(server, SETUP, cookie);
    t.check("the enrolment page itself answers", setup.status === 200, String(setup.status));
    t.done();
  });

  test("Thirty parallel wrong codes against one sign-in challenge: at most five are checked, and the right code is then refused", async (context) => {
    const t = tally(context, "Brute force");
    const email = `two-factor-${Date.now()}@example.com`;
    const cookie = await register(server, email);
    // Enrol as a browser without JavaScript would: the key from the page, then a code.
    const started = await postForm(server, SETUP, { intent: "start", password: "correct-horse-battery-staple-9" }, { cookie });
    const key = /data-testid="manual-key"[^>]*>([A-Z2-7 ]+)</.exec(started.body)?.[1] ?? "";
    const uri = /name="uri" value="([^"]+)"/.exec(started.body)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const confirmed = await postForm(server, SETUP, { intent: "confirm", uri, code: totpCode(key) }, { cookie });
    const renewed = sessionCookie(confirmed);
    t.check(
      "enrolment confirmed, with a new session",
      confirmed.location === `${SETUP}?done=on` && renewed !== null,
      `${confirmed.status} ${confirmed.location}`,
    );
    const shown = await get(server, `${SETUP}?done=on`, renewed ?? cookie);
    t.check("the recovery codes are shown", shown.status === 200 && shown.body.includes("Your recovery codes"), String(shown.status));
    const again = await get(server, `${SETUP}?done=on`, renewed ?? cookie);
    t.check("and only once", again.status === 200 && !again.body.includes("Your recovery codes"), String(again.status));

    const password = await postForm(server, "/login", { intent: "login", email, password: "correct-horse-battery-staple-9" });
    t.check(
      "the right password opens the challenge only",
      password.location === "/two-factor" && !sessionCookie(password),
      `${password.status} ${password.location}`,
    );
    const challenge = challengeCookie(password.cookies);
    const stale = totpCode(key, Date.now() - 10 * 60_000);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => postForm(server, "/two-factor", { intent: "totp", code: stale }, { cookie: challenge })),
    );
    const checked = replies.filter((r) => r.status === 400).length;
    t.check("at most five wrong codes were checked", checked <= 5, `${checked} answered "wrong code"`);
    t.check(
      "the rest were refused unchecked",
      replies.every((r) => r.status === 400 || r.status === 429),
      replies.map((r) => r.status).join(","),
    );
    // The app's next code: the enrolment's own was spent (decision 0053), and must not be the reason.
    const right = await postForm(server, "/two-factor", { intent: "totp", code: nextTotpCode(key) }, { cookie: challenge });
    t.check("the right code on the spent challenge opens no session", !sessionCookie(right), `${right.status} ${right.location}`);
    t.done();
  });

  test("A session still owing its second factor (Google sign-in, two-factor on) opens no console or portal page, resource, form or stream", async (context) => {
    const t = tally(context, "Authorization matrix");
    const email = `pending-${Date.now()}@indigokite.dev`;
    addStaffWithCli(server, email, STAFF_PASSWORD);
    const staff = await signIn(server, email, STAFF_PASSWORD, "/employee-login");
    await markPending(staff);
    for (const route of consoleRoutes()) {
      const path = filled(route.pattern) + (route.index ? "?index" : "");
      const page = await get(server, path, staff);
      t.check(
        `staff GET ${route.pattern} goes to the step-up`,
        page.status === 302 && page.location === STEP_UP,
        `${page.status} ${page.location}`,
      );
      if (!(await exportsAction(route))) continue;
      const post = await postForm(server, path, { intent: "anything", id: "x" }, { cookie: staff });
      t.check(
        `staff POST ${route.pattern} goes to the step-up`,
        post.status === 302 && post.location === STEP_UP,
        `${post.status} ${post.location}`,
      );
    }
    const client = await register(server, `pending-${Date.now()}@example.com`);
    await markPending(client);
    for (const route of portalRoutes()) {
      const path = filled(route.pattern) + (route.index ? "?index" : "");
      const page = await get(server, path, client);
      t.check(
        `client GET ${route.pattern} goes to the step-up`,
        page.status === 302 && page.location === STEP_UP,
        `${page.status} ${page.location}`,
      );
    }
    const stepUp = await get(server, STEP_UP, client);
    t.check("the step-up page itself answers", stepUp.status === 200, String(stepUp.status));
    t.done();
  });

  test("Thirty parallel wrong step-up codes for one pending session: at most five are checked, and the right code is then refused", async (context) => {
    const t = tally(context, "Brute force");
    const password = "correct-horse-battery-staple-9";
    const enrolled = await enrolClient(await register(server, `step-up-${Date.now()}@example.com`), password);
    await markPending(enrolled.cookie);
    const stale = totpCode(enrolled.key, Date.now() - 10 * 60_000);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => postForm(server, STEP_UP, { intent: "totp", code: stale }, { cookie: enrolled.cookie })),
    );
    const checked = replies.filter((r) => r.status === 400).length;
    t.check("at most five wrong codes were checked", checked <= 5, `${checked} answered "wrong code"`);
    t.check(
      "the rest were refused unchecked",
      replies.every((r) => r.status === 400 || r.status === 429),
      replies.map((r) => r.status).join(","),
    );
    const right = await postForm(server, STEP_UP, { intent: "totp", code: nextTotpCode(enrolled.key) }, { cookie: enrolled.cookie });
    t.check("the right code after the burst is refused too", right.status === 429, `${right.status} ${right.location}`);
    const portal = await get(server, "/user-dashboard", enrolled.cookie);
    t.check(
      "and the session still opens nothing",
      portal.status === 302 && portal.location === STEP_UP,
      `${portal.status} ${portal.location}`,
    );
    t.done();
  });
});
