import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { DEMO_BRAND } from "~/lib/brand";
import { createDb, migrateToLatest, type Db } from "~/server/db/db.server";
import { testDatabases } from "../helpers/databases";
import { setEnv, withEnv } from "../helpers/env";
import { events } from "~/server/events/bus.server";
import { mailRecipients } from "~/server/mail/config.server";
import { createFileTransport, createSmtpTransport, messageIdFor, type MailTransport } from "~/server/mail/mailer.server";
import { enqueueApplicationMails, enqueueQuoteMails } from "~/server/mail/notifications.server";
import { enqueueMail, notifyMailEnqueued } from "~/server/mail/outbox.server";
import { applicationAcknowledgement, applicationNotice, composeMail, quoteConfirmation, quoteNotice } from "~/server/mail/templates.server";
import { MAX_ATTEMPTS, retryDelayMs, startMailWorker, type MailWorker, type MailWorkerOptions } from "~/server/mail/worker.server";
import { closedPort, startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { tempDir } from "../helpers/temp-dirs";

const FROM = "Indigo Kite Technologies <no-reply@indigokite.dev>";
// The agency's own inboxes, as an operator sets them (no notice goes anywhere without one).
const SALES = "sales@agency.example";
const HR = "hr@agency.example";

// SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (a throw-away schema per run).
const targets = testDatabases("mail outbox");

const quote = {
  id: "q-1",
  name: "Mallory Spamsworth",
  email: "requester@example.com",
  phone: "+1 555 0100 77",
  country: "Atlantis",
  requirement: "Visit http://spam.example/buy-now <b>cheap</b> pills",
  submittedAt: Date.UTC(2026, 0, 2, 3, 4),
};

describe.each(targets)("The mail outbox on $name", (target) => {
  let url = "";
  let db: Db;
  let smtp: TestSmtpServer;
  const extraDbs: Db[] = [];
  const workers: MailWorker[] = [];

  const openDb = () => {
    const other = createDb(url);
    extraDbs.push(other);
    return other;
  };

  const worker = (transport: MailTransport, options: Partial<MailWorkerOptions> = {}) => {
    const w = startMailWorker({ db, transport, from: FROM, poll: false, ...options });
    workers.push(w);
    return w;
  };

  const rows = () => db.selectFrom("mailOutbox").selectAll().orderBy("createdAt").orderBy("idempotencyKey").execute();

  const mail = (key: string, to = "someone@example.com") => ({
    to,
    subject: `Subject ${key}`,
    text: `Body ${key}`,
    html: `<p>Body ${key}</p>`,
    idempotencyKey: key,
  });

  let restoreEnv = () => {};

  beforeAll(async () => {
    restoreEnv = setEnv({ MAIL_SALES_TO: SALES, MAIL_HR_TO: HR });
    url = await target.setup();
    db = createDb(url);
    await migrateToLatest(db);
    smtp = await startSmtpServer({ rejectRecipients: ["nobody@example.com"] });
  });

  afterAll(async () => {
    restoreEnv();
    await smtp?.stop();
    await Promise.all(extraDbs.map((d) => d.destroy()));
    await db?.destroy();
    await target.teardown();
  });

  beforeEach(async () => {
    await db.deleteFrom("mailOutbox").execute();
    smtp.messages.length = 0;
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });

  test("A queued mail is delivered exactly once, however often and by however many workers it runs", async () => {
    for (let i = 0; i < 5; i++) await enqueueMail(db, mail(`once-${i}`, `user${i}@example.com`));
    const a = worker(createSmtpTransport(smtp.url));
    const b = startMailWorker({ db: openDb(), transport: createSmtpTransport(smtp.url), from: FROM, poll: false });
    workers.push(b);

    const counts = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(5);
    expect(await a.runOnce()).toBe(0);
    expect(await b.runOnce(Date.now() + 3_600_000)).toBe(0);

    expect(smtp.messages).toHaveLength(5);
    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `user${i}@example.com`));
    const sent = await rows();
    expect(sent.every((r) => r.status === "sent" && r.sentAt !== null && r.attempts === 1 && r.lockedUntil === 0)).toBe(true);

    const first = smtp.messages.find((m) => m.to[0] === "user0@example.com");
    expect(first?.subject).toBe("Subject once-0");
    expect(first?.messageId).toBe(messageIdFor("once-0", FROM));
    expect(first?.messageId).toMatch(/^<[0-9a-f]{32}@indigokite\.dev>$/);
    expect(first?.headers.get("auto-submitted")).toBe("auto-generated");
  });

  test("Enqueueing the same idempotency key twice stores and sends one mail", async () => {
    await enqueueMail(db, mail("dup"));
    await db.transaction().execute((trx) => enqueueMail(trx, { ...mail("dup"), subject: "Second try" }));
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.subject).toBe("Subject dup");

    expect(await worker(createSmtpTransport(smtp.url)).runOnce()).toBe(1);
    await enqueueMail(db, mail("dup"));
    expect(await worker(createSmtpTransport(smtp.url)).runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  test("With SMTP down the mail stays pending with its error and is delivered once when SMTP is back", async () => {
    await enqueueMail(db, mail("down"));
    const before = Date.now();
    const down = worker(createSmtpTransport(`smtp://127.0.0.1:${await closedPort()}`));
    expect(await down.runOnce()).toBe(0);

    const [row] = await rows();
    expect(row?.status).toBe("pending");
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/ECONNREFUSED/);
    expect(row?.nextAttemptAt).toBeGreaterThanOrEqual(before + 5_000);
    expect(row?.lockedUntil).toBe(0);

    // Not due yet: nobody retries early.
    const up = worker(createSmtpTransport(smtp.url));
    expect(await down.runOnce()).toBe(0);
    expect(await up.runOnce()).toBe(0);
    expect((await rows())[0]?.attempts).toBe(1);

    // Time passes; SMTP is back.
    const due = row!.nextAttemptAt;
    expect(await up.runOnce(due)).toBe(1);
    expect(await up.runOnce(due + 3_600_000)).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null, sentAt: due });
  });

  test("Once a mail is sent its body is purged from the outbox, and the row stays to stop a second send", async () => {
    // A reset link's token must not outlive the delivery in the database.
    const reset = {
      ...mail("reset:purge", "forgetful@example.com"),
      text: "Reset: https://x.example/reset-password?token=SECRET-TOKEN-1",
      html: '<a href="https://x.example/reset-password?token=SECRET-TOKEN-1">Reset</a>',
    };
    await enqueueMail(db, reset);
    await enqueueMail(db, mail("kept-pending"));
    const down = worker(createSmtpTransport(`smtp://127.0.0.1:${await closedPort()}`));
    expect(await down.runOnce()).toBe(0);
    expect(
      (await rows()).every((r) => r.status === "pending" && r.textBody.startsWith(r.idempotencyKey === "reset:purge" ? "Reset:" : "Body")),
    ).toBe(true);

    expect(await worker(createSmtpTransport(smtp.url)).runOnce(Date.now() + 3_600_000)).toBe(2);
    expect(smtp.messages.find((m) => m.to[0] === "forgetful@example.com")?.raw).toContain("SECRET-TOKEN-1");
    const stored = await rows();
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row).toMatchObject({ status: "sent", textBody: "", htmlBody: null, lastError: null });
      expect(row.sentAt).not.toBeNull();
    }
    expect(stored.find((r) => r.idempotencyKey === "reset:purge")).toMatchObject({
      toAddress: "forgetful@example.com",
      subject: "Subject reset:purge",
      attempts: 2,
    });
    expect(JSON.stringify(stored)).not.toContain("SECRET-TOKEN");

    await enqueueMail(db, reset);
    expect(await worker(createSmtpTransport(smtp.url)).runOnce(Date.now() + 7_200_000)).toBe(0);
    expect(smtp.messages).toHaveLength(2);
  });

  test("A mail enqueued in a transaction that rolls back is never sent", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, mail("rolled-back"));
        throw new Error("submission failed");
      }),
    ).rejects.toThrow("submission failed");
    expect(await rows()).toHaveLength(0);
    expect(await worker(createSmtpTransport(smtp.url)).runOnce(Date.now() + 3_600_000)).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  test("Without SMTP_URL each mail is written as an .eml file and counts as sent", async () => {
    const dir = tempDir("mail-eml-");
    await enqueueMail(db, mail("eml", "reader@example.com"));
    expect(await worker(createFileTransport(dir)).runOnce()).toBe(1);
    const [row] = await rows();
    expect(row?.status).toBe("sent");
    expect(readdirSync(dir)).toEqual([`${row!.createdAt}-${row!.id}.eml`]);
    const eml = readFileSync(path.join(dir, readdirSync(dir)[0]!), "utf8");
    expect(eml).toContain("\r\n");
    expect(eml).toMatch(/^To: reader@example\.com\r$/m);
    expect(eml).toMatch(/^Subject: Subject eml\r$/m);
    expect(eml).toContain(`Message-ID: ${messageIdFor("eml", FROM)}`);
    expect(eml).toContain("From: Indigo Kite Technologies <no-reply@indigokite.dev>");
  });

  test("A recipient the server refuses for good is marked failed without retries", async () => {
    await enqueueMail(db, mail("refused", "nobody@example.com"));
    expect(await worker(createSmtpTransport(smtp.url)).runOnce()).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row?.lastError).toMatch(/550/);
  });

  test("A mail that fails on its last attempt is marked failed and never sent again", async () => {
    await enqueueMail(db, mail("last"));
    await db
      .updateTable("mailOutbox")
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .execute();
    const down = worker(createSmtpTransport(`smtp://127.0.0.1:${await closedPort()}`));
    expect(await down.runOnce()).toBe(0);
    expect((await rows())[0]).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(await worker(createSmtpTransport(smtp.url)).runOnce(Date.now() + 86_400_000)).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  test("A row already marked sent is never sent again, even with its lock expired", async () => {
    await enqueueMail(db, mail("already"));
    await db.updateTable("mailOutbox").set({ status: "sent", sentAt: Date.now() }).execute();
    expect(await worker(createSmtpTransport(smtp.url)).runOnce(Date.now() + 86_400_000)).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  test("A row locked by a crashed worker is sent again only after its lock expires", async () => {
    await enqueueMail(db, mail("crashed"));
    const now = Date.now();
    // What a worker leaves behind when it dies after claiming: locked, one attempt counted.
    await db
      .updateTable("mailOutbox")
      .set({ lockedUntil: now + 60_000, attempts: 1 })
      .execute();
    const w = worker(createSmtpTransport(smtp.url));
    expect(await w.runOnce(now)).toBe(0);
    expect(await w.runOnce(now + 60_001)).toBe(1);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.messages).toHaveLength(1);
  });

  test("A mail.enqueued event wakes a polling worker without waiting for the next poll", async () => {
    const w = worker(createSmtpTransport(smtp.url), { poll: true, intervalMs: 3_600_000 });
    // Let the start-up run (backlog) finish first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await db.transaction().execute((trx) => enqueueMail(trx, mail("wake")));
    notifyMailEnqueued();
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 3_000, interval: 20 });
    await w.stop();
    expect((await rows())[0]?.status).toBe("sent");
  });

  test("stop() waits for the batch in flight", async () => {
    await enqueueMail(db, mail("slow"));
    const delivered: string[] = [];
    const slow: MailTransport = {
      kind: "slow",
      send: async (m) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        delivered.push(m.id);
      },
      close: () => {},
    };
    const w = worker(slow);
    const run = w.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await w.stop();
    expect(delivered).toHaveLength(1);
    expect((await rows())[0]?.status).toBe("sent");
    expect(await run).toBe(1);
  });

  test("A quote queues a confirmation with none of the requester's text and a full notice to sales", async () => {
    await db.transaction().execute((trx) => enqueueQuoteMails(trx, quote, DEMO_BRAND));
    await enqueueQuoteMails(db, quote, DEMO_BRAND); // a retried action queues nothing new
    const stored = await rows();
    expect(stored).toHaveLength(2);

    const confirmation = stored.find((r) => r.toAddress === quote.email);
    const notice = stored.find((r) => r.toAddress === SALES);
    expect(confirmation?.idempotencyKey).toBe("quote:q-1:confirmation");
    const confirmationText = `${confirmation?.subject}\n${confirmation?.textBody}\n${confirmation?.htmlBody}`;
    for (const userText of [quote.name, "Mallory", quote.phone, quote.country, "spam.example", "cheap", quote.email]) {
      expect(confirmationText).not.toContain(userText);
    }
    expect(confirmation?.textBody).toContain("within 24 hours");

    for (const field of [quote.name, quote.email, quote.phone, quote.country, quote.requirement]) {
      expect(notice?.textBody).toContain(field);
    }
    expect(notice?.htmlBody).toContain("&lt;b&gt;cheap&lt;/b&gt;");
    expect(notice?.htmlBody).not.toContain("<b>cheap");

    expect(await worker(createSmtpTransport(smtp.url)).runOnce()).toBe(2);
    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual([quote.email, SALES].sort());
  });

  test("An application queues an acknowledgement without the candidate's text and a notice to HR", async () => {
    const application = {
      id: "a-1",
      name: "Candy Date",
      email: "candidate@example.com",
      message: "Please read my portfolio at http://spam.example",
      resume: "resumes/guest_1_cv.pdf",
      resumeName: "cv.pdf",
    };
    await db.transaction().execute((trx) => enqueueApplicationMails(trx, application, "Senior React Engineer", DEMO_BRAND));
    const stored = await rows();
    const ack = stored.find((r) => r.toAddress === application.email);
    const notice = stored.find((r) => r.toAddress === HR);
    const ackText = `${ack?.subject}\n${ack?.textBody}\n${ack?.htmlBody}`;
    expect(ackText).toContain("Senior React Engineer");
    for (const userText of ["Candy", "portfolio", "spam.example", "cv.pdf", application.email]) {
      expect(ackText).not.toContain(userText);
    }
    for (const field of [application.name, application.email, application.message, "Attached (cv.pdf)"]) {
      expect(notice?.textBody).toContain(field);
    }
    expect(notice?.textBody).not.toContain(application.resume);
  });
});

describe("Mail templates and policies", () => {
  test("The quote confirmation is the same fixed text for every requester", () => {
    const mail = quoteConfirmation(DEMO_BRAND);
    expect(mail).toEqual(quoteConfirmation(DEMO_BRAND));
    expect(mail.text).toContain("call you back within 24 hours");
    expect(mail.subject).toBe("We received your request - Indigo Kite Technologies");
  });

  test("Interpolated text is escaped in HTML and cannot break a header", () => {
    const notice = quoteNotice({ ...quote, name: 'Eve <img src=x onerror="alert(1)">\r\nBcc: victim@example.com' }, DEMO_BRAND);
    expect(notice.html).not.toContain("<img");
    expect(notice.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(notice.subject).not.toMatch(/[\r\n]/);
    expect(notice.subject).toContain("Bcc: victim@example.com"); // harmless text on one line
  });

  test("The HR notice says whether a resume was attached and the acknowledgement names only the job", () => {
    const base = { name: "A", email: "a@example.com", message: "" };
    expect(applicationNotice({ ...base, resume: "" }, "QA Lead", DEMO_BRAND).text).toContain("Resume: None");
    expect(applicationNotice({ ...base, resume: "resumes/x" }, "QA Lead", DEMO_BRAND).text).toContain("Resume: Attached");
    expect(applicationAcknowledgement("QA Lead", DEMO_BRAND).subject).toBe("Your application for QA Lead - Indigo Kite Technologies");
  });

  test("Generic blocks render links only for http(s) URLs", () => {
    const reset = composeMail(
      {
        subject: "Reset your password",
        blocks: ["Use the link below.", { action: { label: "Reset password", url: "https://indigokite.dev/reset?t=a&b" } }],
      },
      DEMO_BRAND,
    );
    expect(reset.html).toContain('href="https://indigokite.dev/reset?t=a&amp;b"');
    expect(reset.text).toContain("Reset password: https://indigokite.dev/reset?t=a&b");
    const bad = composeMail({ subject: "x", blocks: [{ action: { label: "Go", url: "javascript:alert(1)" } }] }, DEMO_BRAND);
    expect(bad.html).not.toContain("href=");
  });

  test("Sales and HR inboxes follow MAIL_SALES_TO / MAIL_HR_TO and never default to the demo site's addresses", async () => {
    await withEnv({ MAIL_SALES_TO: "sales@example.com", MAIL_HR_TO: "hr@example.com" }, async () => {
      expect(await mailRecipients()).toEqual({ sales: "sales@example.com", hr: "hr@example.com" });
    });
  });

  test("Retries back off exponentially from 5 s to a 15 min cap with bounded jitter", () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, noJitter))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(MAX_ATTEMPTS, noJitter)).toBe(900_000);
    expect(retryDelayMs(1, () => 0.999)).toBeLessThanOrEqual(6_000);
  });

  test("Only a single bare address is accepted as a recipient", async () => {
    const executor = { insertInto: () => ({}) } as never;
    for (const to of ["a@example.com, b@example.com", "Eve <eve@example.com>", "no-at-sign", "a@b@example.com"]) {
      await expect(enqueueMail(executor, { to, subject: "s", text: "t", idempotencyKey: "k" })).rejects.toThrow(RangeError);
    }
  });

  test("The bus carries mail.enqueued to subscribers", () => {
    const seen: string[] = [];
    const off = events().subscribe((e) => seen.push(e.type));
    notifyMailEnqueued();
    off();
    expect(seen).toEqual(["mail.enqueued"]);
  });
});
