import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { answerInboundMail } from "~/routes/resources/inbound-mail.server";
import { db } from "~/server/db/db.server";
import { messageIdFor } from "~/server/mail/mailer.server";
import { claimInbound, getInbound, storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { processDueInbound, processInbound } from "~/server/models/inbound/inbound-routing.server";
import { createComplaint } from "~/server/models/support/complaints.server";
import { addStaffReply, setComplaintStatus } from "~/server/models/support/complaints-staff.server";
import { fileStore } from "~/server/storage/storage.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf, memberScope } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { withEnv } from "../helpers/env";
import { recordEvents } from "../helpers/events";
import { mailFixture } from "../helpers/inbound-mail";

// Decision 0096: the HTTP entry stores first and answers 202; processing threads a reply by its
// token, else its In-Reply-To, to the request it answers, and holds or ignores what it must.

const SECRET = "inbound-test-secret-0123456789abcdef0123456789";
const REPLY = "reply@in.example.com";

const post = (body: Buffer | string, headers: Record<string, string> = {}) =>
  answerInboundMail(
    new Request("http://localhost/api/inbound-mail", {
      method: "POST",
      body: typeof body === "string" ? body : new Uint8Array(body),
      headers: { Authorization: `Bearer ${SECRET}`, "Content-Type": "message/rfc822", ...headers },
    }),
    () => {},
  );

const stored = async (response: Response) => (await response.json()) as { id: string; duplicate: boolean };

describe.each(testDatabases("inbound-mail"))("Inbound mail on $name", (database) => {
  let cleanup: () => Promise<void>;
  let staff: TestUser;
  let asha: TestUser;
  let bo: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { INBOUND_MAIL_SECRET: SECRET, INBOUND_REPLY_ADDRESS: REPLY }));
    staff = await signInStaff("sana@indigokite.dev", { name: "Sana Support" });
    asha = await signUp("asha@kite.example", "Asha Rao");
    bo = await signUp("bo@other.example", "Bo");
    await companyOf(asha);
    await companyOf(bo);
  });
  afterAll(() => cleanup());
  beforeEach(() => clearTables("inboundMessages", "mailThreads", "attachments", "complaintReplies", "complaints", "mailOutbox"));

  /** A request of Asha's that staff answered: the reply mail's Reply-To and Message-ID. */
  async function answeredRequest() {
    const complaint = await createComplaint(await memberScope(asha), { subject: "Export fails", message: "The CSV export is empty." });
    await addStaffReply(
      { id: staff.id, email: staff.email, name: "Sana Support" },
      { complaintId: complaint.id, text: "Please clear the cache." },
    );
    const mail = await db()
      .selectFrom("mailOutbox")
      .select(["headers", "idempotencyKey"])
      .where("toAddress", "=", asha.email)
      .executeTakeFirstOrThrow();
    const replyTo = (JSON.parse(mail.headers ?? "{}") as Record<string, string>)["Reply-To"]!;
    return { complaint, replyTo, messageId: messageIdFor(mail.idempotencyKey, "Indigo Kite <no-reply@indigokite.dev>") };
  }

  const repliesOf = (complaintId: string) =>
    db()
      .selectFrom("complaintReplies")
      .select(["text", "sender", "channel", "senderId"])
      .where("complaintId", "=", complaintId)
      .orderBy("timestamp")
      .execute();

  async function deliver(raw: Buffer) {
    const response = await post(raw);
    expect(response.status).toBe(202);
    const { id } = await stored(response);
    expect(await processInbound(id)).toBe(true);
    return (await getInbound(id))!;
  }

  describe("The HTTP entry", () => {
    test("A message with the right secret is stored (bytes and row) and answered 202 before it is processed", async () => {
      const response = await post(mailFixture("gmail-reply.eml"));
      expect(response.status).toBe(202);
      const row = (await getInbound((await stored(response)).id))!;
      expect(row.status).toBe("stored");
      expect(row.messageId).toMatch(/^<CAFxyz123-gmail-/);
      expect(await fileStore().exists(row.rawKey)).toBe(true);
    });

    test("A missing or wrong secret is 401 with its reason, and nothing is stored", async () => {
      const missing = await post(mailFixture("gmail-reply.eml"), { Authorization: "" });
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ error: "Missing bearer secret." });
      const wrong = await post(mailFixture("gmail-reply.eml"), { Authorization: `Bearer ${SECRET}x` });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ error: "Wrong bearer secret." });
      expect(await db().selectFrom("inboundMessages").select("id").execute()).toEqual([]);
    });

    test("Another content type is 415", async () => {
      const response = await post(mailFixture("gmail-reply.eml"), { "Content-Type": "text/plain" });
      expect(response.status).toBe(415);
    });

    test("Without INBOUND_MAIL_SECRET the entry answers 404: inbound mail is off", async () => {
      await withEnv({ INBOUND_MAIL_SECRET: "" }, async () => {
        delete process.env.INBOUND_MAIL_SECRET;
        const response = await post(mailFixture("gmail-reply.eml"));
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: "Inbound mail is off." });
      });
    });

    test("A replayed Message-ID gets nothing new: the first message's id, no second row, no second reply", async () => {
      const { complaint, replyTo } = await answeredRequest();
      const raw = mailFixture("gmail-reply.eml", { to: replyTo, id: "replayed" });
      const first = await deliver(raw);
      expect(first.status).toBe("routed");
      const again = await post(mailFixture("gmail-reply.eml", { to: replyTo, id: "replayed" }));
      expect(await stored(again)).toEqual({ id: first.id, duplicate: true });
      expect(await db().selectFrom("inboundMessages").select("id").execute()).toHaveLength(1);
      expect((await repliesOf(complaint.id)).filter((r) => r.channel === "email")).toHaveLength(1);
    });
  });

  describe("Threading and routing", () => {
    test("Outgoing support mails carry a reply+TOKEN address within 64 characters of local part", async () => {
      const { replyTo } = await answeredRequest();
      expect(replyTo).toMatch(/^reply\+[a-z2-7]{48}@in\.example\.com$/);
      expect(replyTo.split("@")[0]!.length).toBeLessThanOrEqual(64);
    });

    test("A reply to the token address becomes the member's e-mail reply on the request, quote stripped, published live", async () => {
      const { complaint, replyTo } = await answeredRequest();
      const events = recordEvents();
      const row = await deliver(mailFixture("gmail-reply.eml", { to: replyTo }));
      events.stop();
      expect(row).toMatchObject({ status: "routed", routedKind: "reply", complaintId: complaint.id, fromAddress: asha.email });
      expect(JSON.parse(row.authResults!)).toEqual({ spf: "pass", dkim: "pass", dmarc: "pass" });
      const replies = await repliesOf(complaint.id);
      expect(replies.at(-1)).toEqual({
        text: "Thanks, that fixed it! The export works again.",
        sender: "user",
        channel: "email",
        senderId: asha.id,
      });
      expect(events.seen).toContainEqual(expect.objectContaining({ type: "complaint.changed", id: complaint.id }));
    });

    test("A reply without the token is threaded by its In-Reply-To to the mail it answers", async () => {
      const { complaint, messageId } = await answeredRequest();
      const row = await deliver(mailFixture("outlook-reply.eml", { to: REPLY, inReplyTo: messageId }));
      expect(row).toMatchObject({ status: "routed", complaintId: complaint.id });
      expect((await repliesOf(complaint.id)).at(-1)?.text).toBe(
        "Hi Sana,\n\nCould you send the invoice again? The link in the last mail has expired.",
      );
    });

    test("A valid token from someone outside the request's company is held, and nothing is added", async () => {
      const { complaint, replyTo } = await answeredRequest();
      const row = await deliver(mailFixture("apple-mail-reply.eml", { to: replyTo, from: bo.email }));
      expect(row).toMatchObject({ status: "held", reason: "The sender is not a member of the request's company." });
      expect((await repliesOf(complaint.id)).filter((r) => r.channel === "email")).toEqual([]);
    });

    test("A failing DKIM result from the trusted authserv-id holds the message", async () => {
      const { replyTo } = await answeredRequest();
      const raw = Buffer.from(
        mailFixture("gmail-reply.eml", { to: replyTo })
          .toString()
          .replace("dkim=pass header.d=kite.example", "dkim=fail header.d=kite.example"),
      );
      const row = await deliver(raw);
      expect(row).toMatchObject({ status: "held", reason: "Authentication failed: dkim=fail." });
    });

    test("An out-of-office reply is ignored and never answered", async () => {
      const { complaint, replyTo } = await answeredRequest();
      const outbox = await db().selectFrom("mailOutbox").select("id").execute();
      const row = await deliver(mailFixture("auto-reply.eml", { to: replyTo }));
      expect(row).toMatchObject({ status: "ignored", reason: "Auto-Submitted: auto-replied" });
      expect((await repliesOf(complaint.id)).filter((r) => r.channel === "email")).toEqual([]);
      expect(await db().selectFrom("mailOutbox").select("id").execute()).toHaveLength(outbox.length);
    });

    test("A reply to a resolved request reopens it, as a portal reply does", async () => {
      const { complaint, replyTo } = await answeredRequest();
      await setComplaintStatus({ id: staff.id, email: staff.email, name: "Sana" }, { complaintId: complaint.id, status: "Resolved" });
      await deliver(mailFixture("html-only.eml", { to: replyTo }));
      const after = await db()
        .selectFrom("complaints")
        .select(["status", "waitingSince"])
        .where("id", "=", complaint.id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe("Pending");
      expect(after.waitingSince).not.toBeNull();
    });

    test("A reply to a request its client closed reopens it within 30 days, and is held after", async () => {
      const { complaint, replyTo } = await answeredRequest();
      const close = (closedAt: number) =>
        db().updateTable("complaints").set({ status: "Closed", closedAt }).where("id", "=", complaint.id).execute();
      await close(Date.now() - 31 * 86_400_000);
      const late = await deliver(mailFixture("html-only.eml", { to: replyTo }));
      expect(late).toMatchObject({ status: "held", reason: "The request was closed more than 30 days ago." });
      await close(Date.now() - 86_400_000);
      const recent = await deliver(mailFixture("html-only.eml", { to: replyTo }));
      expect(recent.status).toBe("routed");
      const after = await db()
        .selectFrom("complaints")
        .select(["status", "closedAt"])
        .where("id", "=", complaint.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ status: "Pending", closedAt: null });
    });

    test("A new mail from a known client address opens a request; an accepted file is attached, a program refused with its reason", async () => {
      const row = await deliver(mailFixture("new-request.eml", { to: "support@indigokite.dev" }));
      expect(row).toMatchObject({ status: "routed", routedKind: "complaint" });
      const complaint = await db().selectFrom("complaints").selectAll().where("id", "=", row.complaintId!).executeTakeFirstOrThrow();
      expect(complaint).toMatchObject({ subject: "The staging site is down", channel: "email", createdBy: asha.id, status: "Pending" });
      expect(complaint.message).toBe("Since this morning staging.kite.example answers 502. Screenshot attached.");
      const files = await db().selectFrom("attachments").select(["name", "kind", "side"]).where("complaintId", "=", complaint.id).execute();
      expect(files).toEqual([{ name: "notes.txt", kind: "txt", side: "client" }]);
      expect(JSON.parse(row.refusedFiles!)).toEqual([
        { name: "setup.exe", reason: "“setup.exe” is a program; programs can't be shared here." },
      ]);
    });

    test("A mail from an unknown address is held for review", async () => {
      const row = await deliver(mailFixture("new-request.eml", { from: "stranger@nowhere.example" }));
      expect(row).toMatchObject({ status: "held", reason: "The sender is not a known client address." });
      expect(await db().selectFrom("complaints").select("id").execute()).toEqual([]);
    });
  });

  describe("Store first, process later", () => {
    test("A message stored but never processed (the process died) is routed by the start-up sweep", async () => {
      const { complaint, replyTo } = await answeredRequest();
      const { id } = await storeInbound(mailFixture("gmail-reply.eml", { to: replyTo }));
      expect((await getInbound(id))!.status).toBe("stored");
      expect(await processDueInbound()).toBe(1);
      expect((await getInbound(id))!.status).toBe("routed");
      expect((await repliesOf(complaint.id)).at(-1)?.channel).toBe("email");
    });

    test("A claim held by a process that died lapses, and the message is processed once after", async () => {
      const { replyTo } = await answeredRequest();
      const { id } = await storeInbound(mailFixture("gmail-reply.eml", { to: replyTo }));
      const now = Date.now();
      expect(await claimInbound(id, now)).not.toBeNull();
      expect(await processInbound(id, now + 1000)).toBe(false);
      expect(await processInbound(id, now + 6 * 60_000)).toBe(true);
      expect((await getInbound(id))!).toMatchObject({ status: "routed", attempts: 2 });
    });

    test("A failure is recorded with its reason and tried again after a backoff", async () => {
      const { id } = await storeInbound(mailFixture("gmail-reply.eml"));
      const row = (await getInbound(id))!;
      await fileStore().delete(row.rawKey);
      const now = Date.now();
      await processInbound(id, now);
      const failed = (await getInbound(id))!;
      expect(failed.status).toBe("failed");
      expect(failed.reason).toBeTruthy();
      expect(Number(failed.nextAttemptAt)).toBeGreaterThan(now);
      expect(await processDueInbound(now)).toBe(0);
    });
  });
});
