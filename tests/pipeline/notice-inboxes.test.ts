import { DEMO_BRAND } from "~/lib/brand";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { action as quoteAction } from "~/routes/marketing/quote";
import { forgetBrand, MAIL_IDENTITY_KEY } from "~/server/brand/brand.server";
import { db } from "~/server/db/db.server";
import { mailFrom, mailRecipients } from "~/server/mail/config.server";
import { enqueueApplicationMails } from "~/server/mail/notifications.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { withEnv } from "../helpers/env";
import { validQuote } from "../helpers/quotes";
import { call } from "../helpers/routes";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

// An install that only set SMTP_URL must never mail a lead or a resume to the demo agency's domain
// (or any address the operator did not enter): MAIL_SALES_TO / MAIL_HR_TO, else the inboxes saved
// at setup or in the brand settings, else no notice at all (the record stays in the console).

const application = { id: "a-1", name: "Candy Date", email: "candidate@example.com", message: "Hello", resume: "", resumeName: "" };

const outbox = () => db().selectFrom("mailOutbox").select("toAddress").orderBy("toAddress").execute();

async function saveInboxes(leadsInbox: string | null, applicationsInbox: string | null): Promise<void> {
  await db()
    .insertInto("appSettings")
    .values({ key: MAIL_IDENTITY_KEY, value: JSON.stringify({ leadsInbox, applicationsInbox }), updatedAt: Date.now(), updatedBy: null })
    .execute();
  forgetBrand();
}

describe.each(testDatabases("notice inboxes"))("Notice inboxes on $name", (database) => {
  let cleanup: () => Promise<void>;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Only SMTP_URL, as a new operator would start.
    ({ cleanup } = await useAppDatabase(database, { SMTP_URL: smtp.url }));
  });
  afterAll(async () => {
    await cleanup();
    await smtp.stop();
  });
  beforeEach(async () => {
    await clearTables("quotes", "mailOutbox", "rateLimits", "appSettings");
    forgetBrand();
  });

  test("With only SMTP_URL set, a quote is stored and confirmed but no mail goes to any @indigokite.dev address", async () => {
    const fields = validQuote();
    expect((await call(quoteAction, "/quote", { form: fields, clientIp: "203.0.113.50" })).status).toBe(200);
    expect(await db().selectFrom("quotes").select("email").execute()).toEqual([{ email: fields.email }]);
    const to = (await outbox()).map((m) => m.toAddress);
    expect(to).toEqual([fields.email]);
    expect(to.filter((address) => address.endsWith("@indigokite.dev"))).toEqual([]);
  });

  test("With only SMTP_URL set, an application's notice is not mailed to anyone but the candidate", async () => {
    await writeTransaction((trx) => enqueueApplicationMails(trx, application, "QA Lead", DEMO_BRAND));
    expect((await outbox()).map((m) => m.toAddress)).toEqual([application.email]);
  });

  test("The inboxes entered at setup (or in the brand settings) receive the notices", async () => {
    await saveInboxes("leads@agency.example", "jobs@agency.example");
    expect(await mailRecipients()).toEqual({ sales: "leads@agency.example", hr: "jobs@agency.example" });
    const fields = validQuote();
    await call(quoteAction, "/quote", { form: fields, clientIp: "203.0.113.51" });
    await writeTransaction((trx) => enqueueApplicationMails(trx, application, "QA Lead", DEMO_BRAND));
    expect((await outbox()).map((m) => m.toAddress).sort()).toEqual(
      [fields.email, "leads@agency.example", application.email, "jobs@agency.example"].sort(),
    );
  });

  test("MAIL_SALES_TO and MAIL_HR_TO win over the saved inboxes", async () => {
    await saveInboxes("leads@agency.example", null);
    await withEnv({ MAIL_SALES_TO: "env-sales@agency.example", MAIL_HR_TO: "env-hr@agency.example" }, async () => {
      expect(await mailRecipients()).toEqual({ sales: "env-sales@agency.example", hr: "env-hr@agency.example" });
    });
  });

  test("The sender is MAIL_FROM when set, else the saved sender name at no-reply@ the company domain", async () => {
    expect(await mailFrom()).toBe('"Indigo Kite Technologies" <no-reply@indigokite.dev>');
    await db()
      .insertInto("appSettings")
      .values({
        key: MAIL_IDENTITY_KEY,
        value: JSON.stringify({ senderName: 'Acme "Dev" Co', senderAddress: "hello@acme.example" }),
        updatedAt: 1,
        updatedBy: null,
      })
      .execute();
    forgetBrand();
    expect(await mailFrom()).toBe('"Acme \\"Dev\\" Co" <hello@acme.example>');
    await withEnv({ MAIL_FROM: "Ops <ops@acme.example>" }, async () => expect(await mailFrom()).toBe("Ops <ops@acme.example>"));
  });
});
