//, decision 0028: a verification link is used up by its page's POST alone (mail scanners
// open links with GET), and an unverified account is sent no mail but its verification link.
import { afterAll, beforeEach, describe, inject, test } from "vitest";
import { get, postForm, register, signIn } from "./helpers/client";
import { clearRateLimits, database } from "./helpers/database";
import { send } from "./helpers/http";
import { deliveredMail } from "./helpers/mail";
import { tally } from "./helpers/tally";

const [world] = inject("worlds");
const server = world!.server;

beforeEach(async () => clearRateLimits(server));
afterAll(async () => clearRateLimits(server));

async function verified(email: string): Promise<boolean> {
  const row = await database(server).selectFrom("users").select("emailVerified").where("email", "=", email).executeTakeFirst();
  return Boolean(row?.emailVerified);
}

async function subjectsTo(email: string): Promise<string[]> {
  return (await database(server).selectFrom("mailOutbox").select("subject").where("toAddress", "=", email).execute()).map((m) => m.subject);
}

describe("E-mail verification", () => {
  test("No GET verifies an address: not the link's page, not HEAD, not Better Auth's own endpoint; the page's POST does", async (context) => {
    const t = tally(context, "Exposure");
    const email = `verify-get-${Date.now()}@example.com`;
    const cookie = await register(server, email);
    const token = /\/verify-email\?token=([^\s&"<]+)/.exec(await deliveredMail(server, email))?.[1];
    t.check("the sign-up mail holds a verification link", token !== undefined);
    const link = `/verify-email?token=${token}`;
    const page = await get(server, link);
    t.check(
      "the link's page answers 200 with a button",
      page.status === 200 && page.body.includes("Verify my e-mail address"),
      `${page.status}`,
    );
    await get(server, link, cookie);
    await get(server, `${link.replace("?", ".data?")}`, cookie);
    await send(server.url, link, { method: "HEAD" });
    const api = await get(server, `/api/auth/verify-email?token=${token}&callbackURL=%2F`, cookie);
    t.check("Better Auth's GET /api/auth/verify-email is not exposed", api.status === 404, `${api.status}`);
    t.check("after every GET the address is still unverified", !(await verified(email)));
    const post = await postForm(server, "/verify-email", { token: decodeURIComponent(token ?? "") }, { cookie });
    t.check("the page's POST verifies", post.status === 302 && (await verified(email)), `${post.status} ${post.location}`);
    t.done();
  });

  test("An unverified account gets no mail but its verification link, whatever is asked for it", async (context) => {
    const t = tally(context, "Mail flooding");
    const email = `verify-quiet-${Date.now()}@example.com`;
    const cookie = await register(server, email);
    await postForm(server, "/forgot-password", { email });
    const settingsReset = await postForm(server, "/settings/reset-password", { intent: "reset-password" }, { cookie });
    t.check(
      "Settings → Reset Password says to verify first",
      settingsReset.location === "/user-dashboard/settings?notice=verify-first",
      String(settingsReset.location),
    );
    await postForm(
      server,
      "/user-dashboard/support",
      { intent: "create-complaint", subject: "Unverified help", message: "Hello" },
      { cookie },
    );
    const complaint = await database(server)
      .selectFrom("complaints as c")
      .innerJoin("users as u", "u.id", "c.createdBy")
      .select("c.id")
      .where("u.email", "=", email)
      .executeTakeFirstOrThrow();
    const staff = await signIn(server, world!.actors.staff.email!, world!.staffPassword, "/employee-login");
    const reply = await postForm(
      server,
      `/employee-dashboard/support/${complaint.id}`,
      { intent: "reply", text: "Staff answer" },
      { cookie: staff },
    );
    const status = await postForm(
      server,
      `/employee-dashboard/support/${complaint.id}`,
      { intent: "set-status", status: "Resolved" },
      { cookie: staff },
    );
    t.check("staff replied and resolved the request", reply.status === 200 && status.status === 200, `${reply.status} ${status.status}`);
    const subjects = await subjectsTo(email);
    t.check(
      "only verification mails were queued",
      subjects.length >= 1 && subjects.every((s) => s === "Verify your e-mail address"),
      subjects.join(", "),
    );
    t.done();
  });
});
