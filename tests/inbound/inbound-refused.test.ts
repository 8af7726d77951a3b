import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as requestPage from "~/routes/console/complaint";
import { db } from "~/server/db/db.server";
import { getInbound, storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { processInbound } from "~/server/models/inbound/inbound-routing.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { mailFixture } from "../helpers/inbound-mail";
import { call } from "../helpers/routes";

// Decision 0101: the sender of a routed mail whose files were refused is told once, through the
// outbox, with each file and why; the request shows them to staff. Held or machine mail: no answer.

const REFUSED = "“setup.exe” is a program; programs can't be shared here.";

describe.each(testDatabases("inbound-refused"))("Refused attachments on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let asha: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { INBOUND_REPLY_ADDRESS: "reply@in.example.com" }));
    admin = await signInStaff("ada@indigokite.dev", { name: "Ada Admin" });
    asha = await signUp("asha@kite.example", "Asha Rao");
    await companyOf(asha);
  });
  afterAll(() => cleanup());
  beforeEach(() => clearTables("inboundMessages", "attachments", "complaintReplies", "complaints", "mailOutbox"));

  async function deliver(raw: Buffer) {
    const { id } = await storeInbound(raw);
    expect(await processInbound(id)).toBe(true);
    return (await getInbound(id))!;
  }
  const notices = () =>
    db()
      .selectFrom("mailOutbox")
      .select(["toAddress", "subject", "textBody", "idempotencyKey"])
      .where("idempotencyKey", "like", "inbound-refused:%")
      .execute();

  test("The sender is told once, through the outbox, which file was refused and why, even if the message is processed twice", async () => {
    const row = await deliver(mailFixture("new-request.eml"));
    expect(row.status).toBe("routed");
    await db().updateTable("inboundMessages").set({ status: "stored", lockedUntil: 0 }).where("id", "=", row.id).execute();
    await processInbound(row.id);
    const sent = await notices();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ toAddress: asha.email, idempotencyKey: `inbound-refused:${row.id}` });
    expect(sent[0]!.subject).toMatch(/^Some of your files were not attached/);
    expect(sent[0]!.textBody).toContain("setup.exe");
    expect(sent[0]!.textBody).toContain(REFUSED);
    expect(sent[0]!.textBody).not.toContain("notes.txt");
  });

  test("The request shows the refused files to staff", async () => {
    const row = await deliver(mailFixture("new-request.eml"));
    const seen = await call(requestPage.loader, `/employee-dashboard/support/${row.complaintId}`, {
      cookie: admin.cookie,
      params: { id: row.complaintId! },
    });
    expect(seen.status).toBe(200);
    const data = seen.data as unknown as Awaited<ReturnType<typeof requestPage.loader>>;
    expect(data.complaint.refusedByMail).toEqual([{ receivedAt: Number(row.receivedAt), name: "setup.exe", reason: REFUSED }]);
  });

  test("A held stranger's mail with a refused file gets no answer", async () => {
    const row = await deliver(mailFixture("new-request.eml", { from: "stranger@nowhere.example" }));
    expect(row.status).toBe("held");
    expect(await notices()).toEqual([]);
    expect(await db().selectFrom("mailOutbox").select("id").where("toAddress", "=", "stranger@nowhere.example").execute()).toEqual([]);
  });
});
