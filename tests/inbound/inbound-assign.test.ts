import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as page from "~/routes/console/inbound-mail";
import { db } from "~/server/db/db.server";
import { getInbound, storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { processInbound } from "~/server/models/inbound/inbound-routing.server";
import { createComplaint } from "~/server/models/support/complaints.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf, memberScope } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { mailFixture } from "../helpers/inbound-mail";
import { call } from "../helpers/routes";

// Decision 0101: "Assign by hand" on the Inbound mail page: a held message to a request of its
// sender's company, or a new request for a company its sender belongs to; routed as if matched, audited.

const PATH = "/employee-dashboard/settings/inbound-mail";
const same = { Origin: "http://localhost", Host: "localhost" };

/** A mail whose DKIM failed at our border: held whatever it answers. */
const failingDkim = (fill: Parameters<typeof mailFixture>[1] = {}) =>
  Buffer.from(
    mailFixture("gmail-reply.eml", fill).toString().replace("dkim=pass header.d=kite.example", "dkim=fail header.d=kite.example"),
  );

describe.each(testDatabases("inbound-assign"))("Assigning held mail by hand on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let delivery: TestUser;
  let asha: TestUser;
  let bo: TestUser;
  let ashaCompany: string;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { INBOUND_REPLY_ADDRESS: "reply@in.example.com" }));
    admin = await signInStaff("ada@indigokite.dev", { name: "Ada Admin" });
    delivery = await signInStaff("dev@indigokite.dev", { name: "Dev", staffRole: "delivery" });
    asha = await signUp("asha@kite.example", "Asha Rao");
    bo = await signUp("bo@other.example", "Bo");
    ashaCompany = await companyOf(asha);
    await companyOf(bo);
  });
  afterAll(() => cleanup());
  beforeEach(() => clearTables("inboundMessages", "complaintReplies", "complaints", "auditLog"));

  async function held(raw: Buffer) {
    const { id } = await storeInbound(raw);
    await processInbound(id);
    expect((await getInbound(id))!.status).toBe("held");
    return id;
  }
  const assign = (form: Record<string, string>, cookie = admin.cookie) => call(page.action, PATH, { cookie, headers: same, form });

  test("A held reply is added to a request of its sender's company by the request's id, audited", async () => {
    const complaint = await createComplaint(await memberScope(asha), { subject: "Export fails", message: "Empty CSV." });
    const id = await held(failingDkim());
    const answer = await assign({ intent: "assign-request", messageId: id, complaintId: complaint.id });
    expect(answer.data).toMatchObject({ intent: "assign-request", status: "success", targetId: id });
    expect((await getInbound(id))!).toMatchObject({ status: "routed", routedKind: "reply", complaintId: complaint.id });
    const replies = await db()
      .selectFrom("complaintReplies")
      .select(["text", "channel", "senderId"])
      .where("complaintId", "=", complaint.id)
      .execute();
    expect(replies).toEqual([{ text: "Thanks, that fixed it! The export works again.", channel: "email", senderId: asha.id }]);
    const audit = await db()
      .selectFrom("auditLog")
      .select(["action", "entityId", "actorId"])
      .where("action", "=", "inbound.assign")
      .execute();
    expect(audit).toEqual([{ action: "inbound.assign", entityId: id, actorId: admin.id }]);
  });

  test("A held message opens a new request for its sender's company", async () => {
    const id = await held(failingDkim());
    const answer = await assign({ intent: "assign-company", messageId: id, companyId: ashaCompany });
    expect(answer.data).toMatchObject({ status: "success" });
    const row = (await getInbound(id))!;
    expect(row).toMatchObject({ status: "routed", routedKind: "complaint" });
    const complaint = await db()
      .selectFrom("complaints")
      .select(["companyId", "createdBy", "channel"])
      .where("id", "=", row.complaintId!)
      .executeTakeFirstOrThrow();
    expect(complaint).toEqual({ companyId: ashaCompany, createdBy: asha.id, channel: "email" });
  });

  test("Another company's request, or a stranger's mail, is refused and the message stays held", async () => {
    const bosRequest = await createComplaint(await memberScope(bo), { subject: "Other", message: "Not Asha's." });
    const id = await held(failingDkim());
    const wrong = await assign({ intent: "assign-request", messageId: id, complaintId: bosRequest.id });
    expect(wrong.status).toBe(422);
    const stranger = await held(mailFixture("new-request.eml", { from: "stranger@nowhere.example" }));
    const refused = await assign({ intent: "assign-company", messageId: stranger, companyId: ashaCompany });
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({
      message: "stranger@nowhere.example is not a member of that company; invite them first, then try again.",
    });
    expect((await getInbound(stranger))!.status).toBe("held");
    expect(await db().selectFrom("complaintReplies").select("id").where("complaintId", "=", bosRequest.id).execute()).toEqual([]);
    expect(await db().selectFrom("auditLog").select("id").where("action", "=", "inbound.assign").execute()).toEqual([]);
  });

  test("An unknown request id is not found; a routed message cannot be assigned", async () => {
    const id = await held(failingDkim());
    const unknown = await assign({ intent: "assign-request", messageId: id, complaintId: "00000000-0000-4000-8000-000000000009" });
    expect(unknown.status).toBe(404);
    await assign({ intent: "assign-company", messageId: id, companyId: ashaCompany });
    const again = await assign({ intent: "assign-company", messageId: id, companyId: ashaCompany });
    expect(again.status).toBe(409);
  });

  test("Staff without Settings (delivery) are refused", async () => {
    const id = await held(failingDkim());
    const posted = await assign({ intent: "assign-company", messageId: id, companyId: ashaCompany }, delivery.cookie);
    expect(posted.status).toBeGreaterThanOrEqual(403);
    expect((await getInbound(id))!.status).toBe("held");
  });
});
