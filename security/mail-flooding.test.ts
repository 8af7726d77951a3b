//, part 1 "Mail flooding and address squatting": anyone can register someone else's
// address, so every mail such an account can make us send is limited per address and per client
// IP (docs/security.md "Rate limits"). The answer stays the one SPEC §8 gives on success.
import { afterAll, beforeAll, beforeEach, describe, inject, test } from "vitest";
import { postForm, register } from "./helpers/client";
import { clearRateLimits, closeDatabase, database, markEmailVerified } from "./helpers/database";
import { startServer, type RunningServer } from "./helpers/server";
import { tally } from "./helpers/tally";

const [world] = inject("worlds");
const server = world!.server;
let proxied: RunningServer;

beforeAll(async () => {
  proxied = await startServer({ env: { TRUSTED_PROXIES: "loopback" } });
});
afterAll(async () => {
  await clearRateLimits(server);
  await closeDatabase(proxied);
  await proxied?.stop();
});
beforeEach(async () => {
  await clearRateLimits(server);
  await clearRateLimits(proxied);
});

/** A registered client with a verified address (unverified ones get only the verification mail,
 *  decision 0028), its sign-up mail left out of the counts. */
async function registerVerified(target: RunningServer | typeof server, email: string): Promise<string> {
  const cookie = await register(target, email);
  await markEmailVerified(target, email);
  await database(target).deleteFrom("mailOutbox").where("toAddress", "=", email).execute();
  return cookie;
}

async function mailsTo(db: ReturnType<typeof database>, address: string): Promise<number> {
  const rows = await db.selectFrom("mailOutbox").select("id").where("toAddress", "=", address).execute();
  return rows.length;
}

describe("Mail flooding", () => {
  test("Posting Reset Password ten times queues at most three mails for the address, and every post is answered alike", async (context) => {
    const t = tally(context, "Mail flooding");
    const victim = `reset-flood-${Date.now()}@example.com`;
    const cookie = await registerVerified(server, victim);
    const replies = [];
    for (let i = 0; i < 10; i++) replies.push(await postForm(server, "/settings/reset-password", { intent: "reset-password" }, { cookie }));
    const mails = await mailsTo(database(server), victim);
    t.check("at most three reset mails were queued", mails <= 3 && mails >= 1, `${mails} mails`);
    t.check(
      "every post answers the SPEC's success redirect",
      replies.every((r) => r.status === 302 && r.location === "/user-dashboard/settings?notice=reset-sent"),
      replies.map((r) => `${r.status} ${r.location}`).join(", "),
    );
    t.done();
  });

  test("One client address asking resets for many accounts queues at most ten mails an hour", async (context) => {
    const t = tally(context, "Mail flooding");
    const ip = "198.18.200.7";
    const stamp = Date.now();
    const emails = Array.from({ length: 14 }, (_, i) => `reset-spray-${i}-${stamp}@example.com`);
    const cookies = [];
    for (const email of emails) cookies.push(await registerVerified(proxied, email));
    await clearRateLimits(proxied);
    for (const cookie of cookies)
      await postForm(proxied, "/settings/reset-password", { intent: "reset-password" }, { cookie, headers: { "X-Forwarded-For": ip } });
    let mails = 0;
    for (const email of emails) mails += await mailsTo(database(proxied), email);
    t.check("at most ten reset mails were queued from one address", mails <= 10 && mails >= 1, `${mails} mails`);
    t.done();
  });

  test("Forgot password answers an existing and an unknown address alike, and ten posts for one address queue at most three mails", async (context) => {
    const t = tally(context, "Mail flooding");
    const stamp = Date.now();
    const victim = `forgot-flood-${stamp}@example.com`;
    const unknown = `forgot-nobody-${stamp}@example.com`;
    await register(server, victim);
    const sent = "If an account exists for that address, we have sent a link.";
    const answer = (reply: { status: number; body: string }, address: string) =>
      `${reply.status} ${reply.body.includes(sent) ? "sent" : "no message"} ${reply.body.includes(address) ? "echoes the address" : "form cleared"}`;
    const known = await postForm(server, "/forgot-password", { email: victim });
    const stranger = await postForm(server, "/forgot-password", { email: unknown });
    t.check("an existing address gets the one answer", answer(known, victim) === "200 sent form cleared", answer(known, victim));
    t.check("an unknown address gets the same answer", answer(stranger, unknown) === answer(known, victim), answer(stranger, unknown));
    t.check("nothing is queued for an unknown address", (await mailsTo(database(server), unknown)) === 0);
    const replies = [];
    for (let i = 0; i < 9; i++) replies.push(await postForm(server, "/forgot-password", { email: victim }));
    const mails = await mailsTo(database(server), victim);
    t.check("at most three reset mails were queued for the address", mails <= 3 && mails >= 1, `${mails} mails`);
    t.check(
      "every post past the limit is answered alike",
      replies.every((r) => answer(r, victim) === "200 sent form cleared"),
      replies.map((r) => answer(r, victim)).join(", "),
    );
    const invalid = await postForm(server, "/forgot-password", { email: "not-an-address" });
    t.check(
      "an invalid address is a 400 with its field error",
      invalid.status === 400 && invalid.body.includes("Enter a valid email address."),
      `${invalid.status}`,
    );
    t.done();
  });

  test("Registering and deleting an account on someone else's address again and again mails them at most three times an hour", async (context) => {
    const t = tally(context, "Mail flooding");
    const victim = `squatted-${Date.now()}@example.com`;
    for (let i = 0; i < 6; i++) {
      const cookie = await register(server, victim);
      const reply = await postForm(server, "/settings/delete-account", { intent: "delete-account" }, { cookie });
      t.check(
        `deletion ${i + 1} goes through`,
        reply.status === 302 && reply.location === "/?notice=deleted",
        `${reply.status} ${reply.location}`,
      );
    }
    const mails = await mailsTo(database(server), victim);
    t.check("at most three mails reached the address", mails <= 3, `${mails} mails`);
    t.done();
  });
  test("A just-registered client cannot have us mail a stranger: unverified, invitations are refused; verified, ten invitations to one address from two companies queue at most three mails, none with the typed name", async (context) => {
    const t = tally(context, "Mail flooding");
    const stamp = Date.now();
    const victim = `invited-${stamp}@example.com`;
    const spam = "Cheap pills at spam.example";
    const fresh = await register(server, `fresh-admin-${stamp}@example.com`);
    const early = [];
    for (let i = 0; i < 3; i++)
      early.push(
        await postForm(server, "/user-dashboard/team", { intent: "invite", name: `${spam} ${i}`, email: victim }, { cookie: fresh }),
      );
    t.check(
      "an unverified client admin's invitations are refused",
      early.every((r) => r.status === 403 && r.body.includes("Verify your e-mail address before inviting people.")),
      early.map((r) => r.status).join(", "),
    );
    t.check(
      "nothing was queued for the address while unverified",
      (await mailsTo(database(server), victim)) === 0,
      `${await mailsTo(database(server), victim)} mails`,
    );

    await markEmailVerified(server, `fresh-admin-${stamp}@example.com`);
    const other = await registerVerified(server, `other-admin-${stamp}@example.com`);
    const replies = [];
    for (let i = 0; i < 10; i++)
      replies.push(
        await postForm(
          server,
          "/user-dashboard/team",
          { intent: "invite", name: `${spam} ${i}`, email: victim },
          { cookie: i % 2 ? other : fresh },
        ),
      );
    const mails = await database(server).selectFrom("mailOutbox").select(["subject", "textBody"]).where("toAddress", "=", victim).execute();
    t.check("at most three invitation mails were queued for the address", mails.length >= 1 && mails.length <= 3, `${mails.length} mails`);
    t.check(
      "past the limit the inviter is told in place",
      replies.slice(3).every((r) => r.status === 409 && r.body.includes("We have sent this address several e-mails recently")),
      replies.map((r) => r.status).join(", "),
    );
    t.check(
      "no mail carries the name the inviter typed",
      mails.every((m) => !m.subject.includes("spam.example") && !m.textBody.includes("spam.example")),
      mails.map((m) => m.subject).join(" | "),
    );
    t.done();
  });
});
