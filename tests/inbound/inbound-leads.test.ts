import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as page from "~/routes/console/inbound-mail";
import { db } from "~/server/db/db.server";
import { getInbound, storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { processInbound } from "~/server/models/inbound/inbound-routing.server";
import { updateSettings } from "~/server/models/shared/settings.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { mailFixture } from "../helpers/inbound-mail";
import { call } from "../helpers/routes";
import { complaintReplyAddress } from "../helpers/inbound-threads";

// Decision 0101: mail from an address no client has is held, or becomes a lead when the operator
// chose so; never a client's reply, never from machine mail or mail that failed authentication.

const REPLY = "reply@in.example.com";

describe.each(testDatabases("inbound-leads"))("Mail from unknown addresses on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let asha: TestUser;
  const actor = () => ({ id: admin.id, email: admin.email, name: "Ada Admin" });

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { INBOUND_REPLY_ADDRESS: REPLY }));
    admin = await signInStaff("ada@indigokite.dev", { name: "Ada Admin" });
    asha = await signUp("asha@kite.example", "Asha Rao");
    await companyOf(asha);
  });
  afterAll(() => cleanup());
  beforeEach(async () => {
    await clearTables("inboundMessages", "quotes", "complaints", "complaintReplies", "notifications", "mailOutbox");
    await updateSettings(actor(), { inboundLeads: false });
  });

  async function deliver(raw: Buffer) {
    const { id } = await storeInbound(raw);
    expect(await processInbound(id)).toBe(true);
    return (await getInbound(id))!;
  }
  const quotes = () =>
    db().selectFrom("quotes").select(["id", "name", "email", "phone", "country", "requirement", "consentVersion"]).execute();

  test("An admin chooses “Create a lead” on the Inbound mail page: saved, audited, shown", async () => {
    const PATH = "/employee-dashboard/settings/inbound-mail";
    const shown = async () => ((await call(page.loader, PATH, { cookie: admin.cookie })).data as { unknownSenders: string }).unknownSenders;
    expect(await shown()).toBe("hold");
    const saved = await call(page.action, PATH, {
      cookie: admin.cookie,
      headers: { Origin: "http://localhost", Host: "localhost" },
      form: { intent: "unknown-senders", unknownSenders: "lead" },
    });
    expect(saved.data).toMatchObject({ intent: "unknown-senders", status: "success" });
    expect(await shown()).toBe("lead");
    const audit = await db().selectFrom("auditLog").select(["action", "entityId"]).where("entityId", "=", "inboundLeads").execute();
    expect(audit).toContainEqual({ action: "settings.change", entityId: "inboundLeads" });
  });

  test("By default a stranger's mail is held for review and makes no lead", async () => {
    const row = await deliver(mailFixture("new-request.eml", { from: "stranger@nowhere.example" }));
    expect(row).toMatchObject({ status: "held", reason: "The sender is not a known client address." });
    expect(await quotes()).toEqual([]);
  });

  test("With “create a lead”, a stranger's mail becomes one lead named after the From, staff are notified, and the sender gets no mail", async () => {
    await updateSettings(actor(), { inboundLeads: true });
    const row = await deliver(mailFixture("new-request.eml", { from: "stranger@nowhere.example" }));
    expect(row).toMatchObject({ status: "routed", routedKind: "lead", routedId: row.id, complaintId: null });
    expect(await quotes()).toEqual([
      {
        id: row.id,
        name: "Asha Rao",
        email: "stranger@nowhere.example",
        phone: "",
        country: "",
        requirement: "Since this morning staging.kite.example answers 502. Screenshot attached.",
        consentVersion: null,
      },
    ]);
    const bell = await db().selectFrom("notifications").select(["type", "userId"]).where("type", "=", "new_lead").execute();
    expect(bell).toContainEqual({ type: "new_lead", userId: admin.id });
    const toSender = await db().selectFrom("mailOutbox").select("id").where("toAddress", "=", "stranger@nowhere.example").execute();
    expect(toSender).toEqual([]);
    expect(await db().selectFrom("complaints").select("id").execute()).toEqual([]);
  });

  test("A stranger's reply to a request's token address is never a client reply, even with “create a lead”", async () => {
    await updateSettings(actor(), { inboundLeads: true });
    const { complaint, replyTo } = await complaintReplyAddress(asha, admin);
    const row = await deliver(mailFixture("gmail-reply.eml", { to: replyTo, from: "stranger@nowhere.example" }));
    expect(row).toMatchObject({ status: "held", reason: "The sender is not a member of the request's company." });
    const replies = await db().selectFrom("complaintReplies").select("channel").where("complaintId", "=", complaint.id).execute();
    expect(replies.filter((r) => r.channel === "email")).toEqual([]);
    expect(await quotes()).toEqual([]);
  });

  test("With “create a lead”, a failing DMARC is still held and an auto-reply still ignored: neither makes a lead", async () => {
    await updateSettings(actor(), { inboundLeads: true });
    const failing = Buffer.from(
      mailFixture("gmail-reply.eml", { from: "stranger@nowhere.example" })
        .toString()
        .replace("dmarc=pass header.from=kite.example", "dmarc=fail header.from=kite.example"),
    );
    expect(await deliver(failing)).toMatchObject({ status: "held", reason: "Authentication failed: dmarc=fail." });
    expect(await deliver(mailFixture("auto-reply.eml", { from: "stranger@nowhere.example" }))).toMatchObject({ status: "ignored" });
    expect(await quotes()).toEqual([]);
  });

  test("A message processed twice makes one lead", async () => {
    await updateSettings(actor(), { inboundLeads: true });
    const row = await deliver(mailFixture("new-request.eml", { from: "stranger@nowhere.example" }));
    await db().updateTable("inboundMessages").set({ status: "stored", lockedUntil: 0 }).where("id", "=", row.id).execute();
    expect(await processInbound(row.id)).toBe(true);
    expect(await quotes()).toHaveLength(1);
    expect((await getInbound(row.id))!).toMatchObject({ status: "routed", routedKind: "lead" });
  });
});
