import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { clearRateLimit, hitRateLimit } from "~/server/defence/rate-limit.server";
import { COMPANY_LIMIT, companyKey, senderKey } from "~/server/models/inbound/inbound-limits.server";
import { getInbound, storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { processInbound } from "~/server/models/inbound/inbound-routing.server";
import { signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { mailFixture } from "../helpers/inbound-mail";

// Decision 0101: at most 20 messages an hour per sender address and 100 per company; beyond that a
// message is held with the reason, never dropped.

describe.each(testDatabases("inbound-limits"))("Inbound mail limits on $name", (database) => {
  let cleanup: () => Promise<void>;
  let asha: TestUser;
  let companyId: string;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { INBOUND_REPLY_ADDRESS: "reply@in.example.com" }));
    asha = await signUp("asha@kite.example", "Asha Rao");
    companyId = await companyOf(asha);
  });
  afterAll(() => cleanup());
  beforeEach(async () => {
    await clearTables("inboundMessages", "attachments", "complaints", "complaintReplies", "mailOutbox", "notifications");
    await clearRateLimit(senderKey(asha.email));
    await clearRateLimit(companyKey(companyId));
  });

  async function deliver(raw: Buffer) {
    const { id } = await storeInbound(raw);
    expect(await processInbound(id)).toBe(true);
    return (await getInbound(id))!;
  }

  test("The 21st message within the hour from one address is held with the reason “rate limit”, its bytes kept", async () => {
    for (let i = 0; i < 20; i++) expect((await deliver(mailFixture("html-only.eml"))).status).toBe("routed");
    const row = await deliver(mailFixture("html-only.eml"));
    expect(row).toMatchObject({ status: "held", reason: "Rate limit: more than 20 messages an hour from this address." });
    expect(await db().selectFrom("complaints").select("id").execute()).toHaveLength(20);
    expect(row.rawKey).toBeTruthy();
  });

  test("Past 100 messages within the hour from one company, the next is held", async () => {
    for (let i = 0; i < COMPANY_LIMIT.limit; i++) await hitRateLimit(companyKey(companyId), COMPANY_LIMIT);
    const row = await deliver(mailFixture("html-only.eml"));
    expect(row).toMatchObject({ status: "held", reason: "Rate limit: more than 100 messages an hour from this company." });
    expect(await db().selectFrom("complaints").select("id").execute()).toEqual([]);
  });

  test("Auto-replies do not count against the sender", async () => {
    for (let i = 0; i < 25; i++) expect((await deliver(mailFixture("auto-reply.eml"))).status).toBe("ignored");
    expect((await deliver(mailFixture("html-only.eml"))).status).toBe("routed");
  });
});
