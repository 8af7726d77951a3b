import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { action as quoteAction } from "~/routes/marketing/quote";
import { action as applySubmit } from "~/routes/resources/apply-submit";
import { db } from "~/server/db/db.server";
import { issueFormToken } from "~/server/defence/spam-defence.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { createOpening } from "~/server/models/pipeline/openings.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";
import { startSmtpServer, type TestSmtpServer, type ReceivedMail } from "../helpers/smtp";

// Staff answer a lead or a candidate by replying to the notice: its Reply-To is the address the
// person typed, which the form schema has already checked, so it can carry nothing but an address.

const SALES = "sales@indigokite.dev";
const HR = "hr@indigokite.dev";

const spam = () => ({ formToken: issueFormToken(Date.now() - 5_000), website: "", consent: CURRENT_CONSENT_VERSION });

function postQuote(email: string) {
  const form = { name: "Asha Rao", email, phone: "+91 98200 12345", country: "India", requirement: "A delivery app.", ...spam() };
  return call(quoteAction, "/quote", { form, clientIp: "203.0.113.70" });
}

async function apply(jobId: string, email: string): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ name: "Ravi Kumar", email, message: "Hello.", ...spam() })) form.set(name, value);
  const request = new Request(`http://localhost/apply/${jobId}/submit`, {
    method: "POST",
    body: form,
    headers: { Origin: "http://localhost", Host: "localhost" },
  });
  const response = (await applySubmit({ request, params: { id: jobId }, context: { clientIp: "203.0.113.71" } } as never)) as Response;
  return response.status;
}

/** Header lines of a received message, unfolded, as [name, value] in order. */
function headerLines(mail: ReceivedMail): [string, string][] {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]);
}

describe.each(testDatabases("staff notice reply-to"))("Reply-To on staff notices on $name", (database) => {
  let smtp: TestSmtpServer;
  let cleanup: () => Promise<void>;

  async function deliver(): Promise<ReceivedMail[]> {
    const worker = startMailWorker({ poll: false });
    try {
      await worker.runOnce();
    } finally {
      await worker.stop();
    }
    return smtp.messages;
  }
  const sentTo = (address: string) => smtp.messages.find((m) => m.to.includes(address));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({ cleanup } = await useAppDatabase(database, { SMTP_URL: smtp.url, MAIL_SALES_TO: SALES, MAIL_HR_TO: HR }));
  });
  afterAll(async () => {
    await cleanup();
    await smtp.stop();
  });
  beforeEach(async () => {
    await clearTables("quotes", "jobApplications", "mailOutbox", "rateLimits");
    smtp.messages.length = 0;
  });

  test("A lead's notice to sales has Reply-To the requester, and the requester's confirmation has none", async () => {
    expect((await postQuote("lead@example.com")).status).toBe(200);
    await deliver();
    expect(sentTo(SALES)?.headers.get("reply-to")).toBe("lead@example.com");
    expect(sentTo("lead@example.com")?.headers.has("reply-to")).toBe(false);
  });

  test("An application's notice to HR has Reply-To the candidate", async () => {
    const opening = await createOpening(null, {
      title: "Backend Engineer",
      location: "Pune",
      type: "Full-time",
      description: "Build APIs.",
      salary: "₹20 LPA",
      requirements: ["Node.js"],
    });
    expect(await apply(opening.id, "candidate@example.com")).toBe(200);
    await deliver();
    expect(sentTo(HR)?.headers.get("reply-to")).toBe("candidate@example.com");
  });

  test("An address carrying a line break, a list or a display name is refused by the form, and no mail is queued", async () => {
    for (const hostile of [
      "lead@example.com\r\nBcc: victim@example.org",
      "lead@example.com\nBcc: victim@example.org",
      "lead@example.com, victim@example.org",
      '"Sales" <victim@example.org>',
    ]) {
      expect((await postQuote(hostile)).status, hostile).toBe(400);
    }
    expect(await db().selectFrom("mailOutbox").selectAll().execute()).toEqual([]);
  });

  test("The outbox itself refuses a Reply-To that is not one bare address, whoever calls it", async () => {
    const mail = { to: SALES, subject: "New lead", text: "…", idempotencyKey: "reply-to:hostile" };
    for (const replyTo of ["lead@example.com\r\nBcc: victim@example.org", "a@example.com, b@example.org", "Lead <a@example.com>"]) {
      await expect(enqueueMail(db(), { ...mail, replyTo })).rejects.toThrow("mail.replyTo must be a single e-mail address");
    }
    await expect(enqueueMail(db(), { ...mail, headers: { "Reply-To": "a@example.com" } })).rejects.toThrow(
      "mail header Reply-To is not allowed",
    );
    await enqueueMail(db(), { ...mail, replyTo: "lead+tag@example.com" });
    const [sent] = await deliver();
    const lines = headerLines(sent!);
    expect(lines.filter(([name]) => name === "reply-to")).toEqual([["reply-to", "lead+tag@example.com"]]);
    expect(lines.some(([name]) => name === "bcc")).toBe(false);
  });
});
