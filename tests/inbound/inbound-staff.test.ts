import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { replyAddressFor } from "~/server/mail/reply-token.server";
import { getInbound, storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { processInbound } from "~/server/models/inbound/inbound-routing.server";
import { addReply, createComplaint } from "~/server/models/support/complaints.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf, memberScope } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";

// Decision 0102: staff answer a desk alert from their own mail program. Only with the reply address
// that alert gave them, from their own address, while they are active staff with Support; "#note"
// on the first line makes an internal note that never reaches the client.

const SECRET = "inbound-test-secret-0123456789abcdef0123456789";
const REPLY = "reply@in.example.com";

function staffMail(from: string, to: string, text: string, id = crypto.randomUUID()): Buffer {
  return Buffer.from(
    [
      `From: Desk <${from}>`,
      `To: ${to}`,
      "Subject: Re: Client reply",
      `Message-ID: <${id}@indigokite.dev>`,
      "Date: Mon, 30 Nov 2026 12:00:00 +0000",
      "Content-Type: text/plain; charset=utf-8",
      "",
      text,
      "",
      "On Mon, 30 Nov 2026 at 11:00, Indigo Kite wrote:",
      "> Asha Rao replied: still broken.",
      "",
    ].join("\r\n"),
  );
}

describe.each(testDatabases("inbound staff"))("Staff answering by e-mail on $name", (database) => {
  let cleanup: () => Promise<void>;
  let sana: TestUser;
  let dev: TestUser;
  let asha: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { INBOUND_MAIL_SECRET: SECRET, INBOUND_REPLY_ADDRESS: REPLY }));
    await signInStaff("owner@indigokite.dev", { name: "Olga Owner" });
    sana = await signInStaff("sana@indigokite.dev", { name: "Sana Support", staffRole: "delivery" });
    dev = await signInStaff("dev@indigokite.dev", { name: "Dev Delivery", staffRole: "delivery" });
    asha = await signUp("asha@kite.example", "Asha Rao");
    await companyOf(asha);
  });
  afterAll(() => cleanup());
  beforeEach(() =>
    clearTables("inboundMessages", "mailThreads", "complaintNotes", "complaintReplies", "complaints", "mailOutbox", "notifications"),
  );

  /** A request Asha answered in the portal: the alert mailed to `staff` and its reply address. */
  async function alertedRequest(staff: TestUser) {
    const scope = await memberScope(asha);
    const complaint = await createComplaint(scope, { subject: "Export fails", message: "The CSV export is empty." });
    await addReply(
      { complaintId: complaint.id, companyId: scope.companyId, member: { id: asha.id, email: asha.email, name: "Asha Rao" } },
      "Still broken.",
    );
    const mail = await db()
      .selectFrom("mailOutbox")
      .select("headers")
      .where("toAddress", "=", staff.email)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    return { complaint, replyTo: (JSON.parse(mail.headers ?? "{}") as Record<string, string>)["Reply-To"]! };
  }

  const arrive = async (raw: Buffer) => {
    const { id } = await storeInbound(raw);
    await processInbound(id);
    return getInbound(id);
  };

  test("A staff reply by mail lands on the request as theirs, quote cut, and the client is mailed it; a second run adds nothing", async () => {
    const { complaint, replyTo } = await alertedRequest(sana);
    expect(replyTo).toMatch(/^reply\+[a-z2-7]+@in\.example\.com$/);
    const raw = staffMail(sana.email, replyTo, "We deployed a fix, please try again.");
    const message = await arrive(raw);
    expect(message).toMatchObject({ status: "routed", routedKind: "staff-reply", complaintId: complaint.id });
    const replies = await db()
      .selectFrom("complaintReplies")
      .select(["sender", "senderId", "text", "channel"])
      .where("complaintId", "=", complaint.id)
      .orderBy("timestamp")
      .execute();
    expect(replies.at(-1)).toEqual({ sender: "staff", senderId: sana.id, text: "We deployed a fix, please try again.", channel: "email" });
    const toClient = await db()
      .selectFrom("mailOutbox")
      .select("textBody")
      .where("toAddress", "=", asha.email)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    expect(toClient.textBody).toContain("We deployed a fix, please try again.");
    // The same message again (a crash before its outcome was written): nothing new.
    await db().updateTable("inboundMessages").set({ status: "stored", lockedUntil: 0 }).where("id", "=", message!.id).execute();
    await processInbound(message!.id);
    expect(await db().selectFrom("complaintReplies").select("id").where("complaintId", "=", complaint.id).execute()).toHaveLength(
      replies.length,
    );
  });

  test("#note on the first line makes an internal note: no reply, no mail and no notification for the client", async () => {
    const { complaint, replyTo } = await alertedRequest(sana);
    const clientMailsBefore = await db().selectFrom("mailOutbox").select("id").where("toAddress", "=", asha.email).execute();
    const message = await arrive(staffMail(sana.email, replyTo, "#note\nThey still owe two invoices."));
    expect(message).toMatchObject({ status: "routed", routedKind: "note" });
    const notes = await db().selectFrom("complaintNotes").select(["authorId", "text"]).where("complaintId", "=", complaint.id).execute();
    expect(notes).toEqual([{ authorId: sana.id, text: "They still owe two invoices." }]);
    const replies = await db().selectFrom("complaintReplies").select("text").where("complaintId", "=", complaint.id).execute();
    expect(replies.map((r) => r.text)).toEqual(["Still broken."]);
    expect(await db().selectFrom("mailOutbox").select("id").where("toAddress", "=", asha.email).execute()).toHaveLength(
      clientMailsBefore.length,
    );
    const all = JSON.stringify(await db().selectFrom("notifications").selectAll().where("userId", "=", asha.id).execute());
    expect(all).not.toContain("owe two invoices");
  });

  test("Another staff member's reply address, a client's reply address, or a disabled account is held", async () => {
    const { complaint, replyTo } = await alertedRequest(sana);
    expect(await arrive(staffMail(dev.email, replyTo, "Dev answering with Sana's address."))).toMatchObject({ status: "held" });
    // The address a mail to Asha about this request carries: hers, not Sana's.
    const ashas = replyAddressFor({ complaintId: complaint.id, userId: asha.id })!;
    expect(await arrive(staffMail(sana.email, ashas, "Sana with Asha's address."))).toMatchObject({ status: "held" });
    await db().updateTable("users").set({ staffDisabledAt: Date.now() }).where("id", "=", sana.id).execute();
    try {
      expect(await arrive(staffMail(sana.email, replyTo, "Written after leaving."))).toMatchObject({ status: "held" });
    } finally {
      await db().updateTable("users").set({ staffDisabledAt: null }).where("id", "=", sana.id).execute();
    }
    const replies = await db().selectFrom("complaintReplies").select("sender").where("complaintId", "=", complaint.id).execute();
    expect(replies.map((r) => r.sender)).toEqual(["user"]);
  });
});
