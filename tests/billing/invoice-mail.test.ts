import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createDb, migrateToLatest, type Db } from "~/server/db/db.server";
import { renderInvoicePdf } from "~/server/documents/invoice-pdf.server";
import { enqueueInvoiceMail, invoiceMail } from "~/server/mail/invoice-mails.server";
import { createSmtpTransport } from "~/server/mail/mailer.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { startMailWorker, type MailWorker } from "~/server/mail/worker.server";
import { createLocalFileStore, type FileStore } from "~/server/storage/storage.server";
import { testDatabases } from "../helpers/databases";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../helpers/smtp";
import { tempDir } from "../helpers/temp-dirs";
import { invoiceDocument, line } from "./invoice-fixtures";

const FROM = "Indigo Kite Technologies <no-reply@indigokite.dev>";
const BRAND = { name: "Indigo Kite Technologies", domain: "indigokite.dev" };
const doc = invoiceDocument({ lines: [line("Design sprint", 2000, 60_000, 2000)], paid: 20_000 });

/** The bytes of the MIME part sent as `filename`, decoded from base64. */
function attachment(mail: ReceivedMail, filename: string): { type: string; bytes: Buffer } | null {
  const at =
    mail.raw.indexOf(`filename=${filename}`) >= 0 ? mail.raw.indexOf(`filename=${filename}`) : mail.raw.indexOf(`filename="${filename}"`);
  if (at < 0) return null;
  const head = mail.raw.lastIndexOf("Content-Type:", at);
  const type = /Content-Type:\s*([^;\r\n]+)/.exec(mail.raw.slice(head))?.[1] ?? "";
  const bodyStart = mail.raw.indexOf("\r\n\r\n", at) + 4;
  const body = mail.raw.slice(bodyStart, mail.raw.indexOf("\r\n--", bodyStart));
  return { type, bytes: Buffer.from(body.replace(/\s+/g, ""), "base64") };
}

test("The invoice mail names the invoice and the agency, says what is due by when and links to the portal", () => {
  const mail = invoiceMail(doc, "https://agency.example/portal/billing/inv_1", BRAND);
  expect(mail.subject).toBe("Invoice INV-2026-0042 from Indigo Kite Technologies");
  expect(mail.text).toContain("Balance due: €1,240.00");
  expect(mail.text).toContain("Due date: 13 Dec 2026");
  expect(mail.text).toContain("https://agency.example/portal/billing/inv_1");
  expect(mail.html).toContain('href="https://agency.example/portal/billing/inv_1"');
  const credit = invoiceMail(
    { ...doc, kind: "credit-note", number: "CN-2026-0001", correctsNumber: "INV-2026-0042" },
    "https://a.example/x",
    BRAND,
  );
  expect(credit.subject).toBe("Credit note CN-2026-0001 from Indigo Kite Technologies");
  expect(credit.text).toContain("Corrects: INV-2026-0042");
});

describe.each(testDatabases("invoice mail"))("The invoice mail on $name", (target) => {
  let db: Db;
  let smtp: TestSmtpServer;
  let store: FileStore;
  const workers: MailWorker[] = [];

  beforeAll(async () => {
    db = createDb(await target.setup());
    await migrateToLatest(db);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.stop();
    await db?.destroy();
    await target.teardown();
  });
  beforeEach(async () => {
    await db.deleteFrom("mailOutbox").execute();
    smtp.messages.length = 0;
    store = createLocalFileStore(tempDir("invoice-mail-"));
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });

  const worker = () => {
    const w = startMailWorker({ db, transport: createSmtpTransport(smtp.url), from: FROM, poll: false, files: store });
    workers.push(w);
    return w;
  };

  test("arrives at the SMTP server once, with the stored PDF attached byte for byte", async () => {
    const pdf = await renderInvoicePdf(doc);
    const temp = path.join(store.tempDir(), "upload.pdf");
    writeFileSync(temp, pdf);
    await store.putFromFile("invoices/inv_1/INV-2026-0042.pdf", temp, "application/pdf");
    const input = {
      invoiceId: "inv_1",
      sendKey: "issue",
      to: "accounts@zoe-mueller.example",
      document: doc,
      url: "https://agency.example/portal/billing/inv_1",
      pdfKey: "invoices/inv_1/INV-2026-0042.pdf",
      brand: BRAND,
    };
    await db.transaction().execute((trx) => enqueueInvoiceMail(trx, input));
    await db.transaction().execute((trx) => enqueueInvoiceMail(trx, input));
    expect(await worker().runOnce()).toBe(1);

    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail?.to).toEqual(["accounts@zoe-mueller.example"]);
    expect(mail?.subject).toBe("Invoice INV-2026-0042 from Indigo Kite Technologies");
    const sent = mail ? attachment(mail, "INV-2026-0042.pdf") : null;
    expect(sent?.type).toBe("application/pdf");
    expect(sent?.bytes.equals(pdf)).toBe(true);
  });

  test("A mail whose attachment is not in the store yet stays queued for a retry", async () => {
    await enqueueMail(db, {
      to: "someone@example.com",
      subject: "With a file",
      text: "See attached.",
      idempotencyKey: "missing-file",
      attachments: [{ key: "invoices/none.pdf", filename: "none.pdf", contentType: "application/pdf" }],
    });
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
    const row = await db.selectFrom("mailOutbox").selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    expect(row.lastError).toContain("No stored file");
  });

  test("An attachment with a path in its name or an unsafe key is refused when queued", async () => {
    const base = { to: "someone@example.com", subject: "s", text: "t", idempotencyKey: "bad" };
    await expect(
      enqueueMail(db, { ...base, attachments: [{ key: "../etc/passwd", filename: "a.pdf", contentType: "application/pdf" }] }),
    ).rejects.toThrow();
    await expect(
      enqueueMail(db, { ...base, attachments: [{ key: "a/b.pdf", filename: "../a.pdf", contentType: "application/pdf" }] }),
    ).rejects.toThrow(RangeError);
    expect(await db.selectFrom("mailOutbox").selectAll().execute()).toHaveLength(0);
  });
});
