import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as page from "~/routes/console/inbound-mail";
import { db } from "~/server/db/db.server";
import { getInbound, storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { processInbound } from "~/server/models/inbound/inbound-routing.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { mailFixture } from "../helpers/inbound-mail";
import { call } from "../helpers/routes";

// Decision 0097: the console's Inbound mail page lists what arrived with its status and reason,
// and "Try again" puts a held message back, processed again from its stored bytes.

const PATH = "/employee-dashboard/settings/inbound-mail";
const same = { Origin: "http://localhost", Host: "localhost" };

async function settled(id: string) {
  for (let i = 0; i < 100; i++) {
    const row = (await getInbound(id))!;
    if (row.status !== "stored") return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the message was not processed");
}

describe.each(testDatabases("inbound-console"))("The Inbound mail page on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let delivery: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { INBOUND_REPLY_ADDRESS: "reply@in.example.com" }));
    admin = await signInStaff("ada@indigokite.dev", { name: "Ada Admin" });
    delivery = await signInStaff("dev@indigokite.dev", { name: "Dev", staffRole: "delivery" });
  });
  afterAll(() => cleanup());

  test("A held message from an unknown address is listed with its reason, and after the sender becomes a client “Try again” opens their request", async () => {
    const { id } = await storeInbound(mailFixture("new-request.eml", { from: "newcomer@kite2.example" }));
    await processInbound(id);
    const listed = await call(page.loader, `${PATH}?status=held`, { cookie: admin.cookie });
    expect(listed.status).toBe(200);
    const messages = (listed.data as unknown as Awaited<ReturnType<typeof page.loader>>).messages;
    expect(messages).toEqual([
      expect.objectContaining({
        id,
        status: "held",
        reason: "The sender is not a known client address.",
        fromAddress: "newcomer@kite2.example",
      }),
    ]);

    const newcomer = await signUp("newcomer@kite2.example", "Nia");
    await companyOf(newcomer);
    const retried = await call(page.action, PATH, { cookie: admin.cookie, headers: same, form: { intent: "retry", messageId: id } });
    expect(retried.data).toMatchObject({ intent: "retry", status: "success", targetId: id });
    const row = await settled(id);
    expect(row).toMatchObject({ status: "routed", routedKind: "complaint" });
    const audit = await db().selectFrom("auditLog").select(["action", "entityId"]).where("action", "=", "inbound.retry").execute();
    expect(audit).toEqual([{ action: "inbound.retry", entityId: id }]);
  });

  test("A routed message cannot be tried again, and an unknown one is not found", async () => {
    const [routed] = await db().selectFrom("inboundMessages").select("id").where("status", "=", "routed").execute();
    const again = await call(page.action, PATH, { cookie: admin.cookie, headers: same, form: { intent: "retry", messageId: routed!.id } });
    expect(again.status).toBe(409);
    const unknown = await call(page.action, PATH, {
      cookie: admin.cookie,
      headers: same,
      form: { intent: "retry", messageId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status).toBe(404);
  });

  test("Staff without Settings (delivery) are refused the page and the retry", async () => {
    const seen = await call(page.loader, PATH, { cookie: delivery.cookie });
    expect(seen.status).toBeGreaterThanOrEqual(403);
    const posted = await call(page.action, PATH, { cookie: delivery.cookie, headers: same, form: { intent: "retry", messageId: "x" } });
    expect(posted.status).toBeGreaterThanOrEqual(403);
  });
});
