import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { action } from "~/routes/marketing/quote";
import { db } from "~/server/db/db.server";
import { issueFormToken, SUBMISSION_LIMITS } from "~/server/defence/spam-defence.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { validQuote } from "../helpers/quotes";
import { call, type Outcome } from "../helpers/routes";

type Fields = Record<string, string>;

const SALES = "sales@agency.example";

function post(fields: Fields, ip = "203.0.113.7") {
  return call(action, "/quote", { form: fields, clientIp: ip });
}

async function statusOf(outcome: Outcome): Promise<{ status: number; body: { status: string } }> {
  return { status: outcome.status, body: outcome.data as { status: string } };
}

const counts = async () => ({
  quotes: (await db().selectFrom("quotes").selectAll().execute()).length,
  mails: (await db().selectFrom("mailOutbox").selectAll().execute()).length,
});

describe.each(testDatabases("quote action"))("Quote requests on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    // The operator's sales inbox: without one, no notice is mailed (tests/pipeline/notice-inboxes.test.ts).
    ({ cleanup } = await useAppDatabase(database, { MAIL_SALES_TO: SALES }));
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("quotes", "mailOutbox", "rateLimits");
  });

  test("A valid quote is stored once with submittedAt and queues a confirmation and a sales notice", async () => {
    const before = Date.now();
    const { status, body } = await statusOf(await post(validQuote({ email: "lead@example.com" })));
    expect(status).toBe(200);
    expect(body.status).toBe("success");
    const rows = await db().selectFrom("quotes").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Asha Rao", email: "lead@example.com", country: "India" });
    expect(rows[0]!.submittedAt).toBeGreaterThanOrEqual(before);
    const mails = await db().selectFrom("mailOutbox").select(["toAddress", "textBody"]).execute();
    expect(mails.map((m) => m.toAddress).sort()).toEqual(["lead@example.com", SALES]);
    const confirmation = mails.find((m) => m.toAddress === "lead@example.com");
    expect(confirmation?.textBody).not.toContain("Asha");
    expect(confirmation?.textBody).not.toContain("React Native");
  });

  test("Two identical submissions make two records", async () => {
    const fields = validQuote();
    await post(fields);
    await post(fields);
    expect((await counts()).quotes).toBe(2);
  });

  test("A quote without a requirement is refused with field errors and stores nothing", async () => {
    const { status, body } = await statusOf(await post(validQuote({ requirement: "   " })));
    expect(status).toBe(400);
    expect(body.status).toBe("invalid");
    expect(await counts()).toEqual({ quotes: 0, mails: 0 });
  });

  test("A filled honeypot gets a neutral answer and stores nothing", async () => {
    const { status, body } = await statusOf(await post(validQuote({ website: "http://spam.example" })));
    expect(status).toBe(200);
    expect(body.status).toBe("success");
    expect(await counts()).toEqual({ quotes: 0, mails: 0 });
  });

  test("A submission faster than a person can fill the form stores nothing", async () => {
    await post(validQuote({ formToken: issueFormToken(Date.now() - 500) }));
    expect((await counts()).quotes).toBe(0);
  });

  test("A forged or missing form token stores nothing", async () => {
    await post(validQuote({ formToken: `${Date.now() - 10_000}.forged` }));
    await post(validQuote({ formToken: "" }));
    expect((await counts()).quotes).toBe(0);
  });

  test("One e-mail address is limited in quotes per hour, from any IP", async () => {
    const limit = SUBMISSION_LIMITS.quote.perEmail.limit;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      statuses.push((await statusOf(await post(validQuote({ email: "same@example.com" }), `198.51.100.${i}`))).status);
    }
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
    expect((await counts()).quotes).toBe(limit);
  });

  test("Quotes naming one address are all stored and sent to sales, but that address gets at most three confirmations an hour", async () => {
    for (let i = 0; i < 6; i++) expect((await post(validQuote({ email: "Victim@example.com" }), `198.51.100.${100 + i}`)).status).toBe(200);
    const mails = await db().selectFrom("mailOutbox").select("toAddress").execute();
    expect(mails.filter((m) => m.toAddress.toLowerCase() === "victim@example.com")).toHaveLength(3);
    expect(mails.filter((m) => m.toAddress === SALES)).toHaveLength(6);
    expect((await counts()).quotes).toBe(6);
  });

  test("One IP address is limited in quotes per hour, whatever the e-mail", async () => {
    const limit = SUBMISSION_LIMITS.quote.perIp.limit;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await statusOf(await post(validQuote(), "192.0.2.50"))).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses[limit]).toBe(429);
    expect((await counts()).quotes).toBe(limit);
  });
});
