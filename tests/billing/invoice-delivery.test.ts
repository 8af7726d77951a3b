import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { invoicePdf, issueAndFile, sendInvoice } from "~/server/models/billing/invoice-delivery.server";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { recordPayment } from "~/server/models/billing/invoice-payments.server";
import { getInvoice } from "~/server/models/billing/invoices-read.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { readBrand } from "~/server/brand/brand.server";
import { storeImage } from "~/server/images/images.server";
import { setLogo } from "~/server/models/site/logo.server";
import { png } from "../fixtures/project-files";
import { signUp } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { draftInput, FINANCE, insertCompany } from "./helpers";
import { refusalOf } from "../helpers/refusals";

// The PDF is filed once at issue and the same bytes are downloaded and mailed after.

describe.each(testDatabases("invoice delivery"))("Issuing files the PDF once and sending mails it, on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  }, 60_000);
  afterAll(async () => cleanup());

  test("An issued invoice's PDF is stored at issue, its hash recorded, and every download is those bytes", async () => {
    const company = await insertCompany(`Kestrel ${database.name}`);
    const draft = await createInvoiceDraft(FINANCE, company, draftInput());
    const { number } = await issueAndFile(FINANCE, draft.id, draft.version);
    const issued = await getInvoice({ scope: "all", id: draft.id });
    expect(issued.pdfFileKey).toBe(`invoices/${draft.id}/${number}.pdf`);
    const first = await invoicePdf(draft.id);
    const second = await invoicePdf(draft.id);
    expect(first.filename).toBe(`${number}.pdf`);
    expect(first.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(createHash("sha256").update(first.bytes).digest("hex")).toBe(issued.pdfSha256);
  });

  test("An invoice whose PDF was never filed is downloaded without writing anything, as issued, and the next send files those bytes", async () => {
    const company = await insertCompany(`Unfiled ${database.name}`);
    const draft = await createInvoiceDraft(FINANCE, company, draftInput());
    // Issued, then the server stopped before filing: no PDF on record; a payment came in since.
    await issueInvoice(FINANCE, draft.id, draft.version);
    await recordPayment(FINANCE, draft.id, { amount: 10_000, currency: "EUR", method: "cash", paidOn: "2026-11-20", reference: "" });
    const downloaded = await invoicePdf(draft.id);
    expect(downloaded.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await getInvoice({ scope: "all", id: draft.id })).pdfFileKey).toBeNull();
    await sendInvoice(FINANCE, draft.id);
    const filed = await getInvoice({ scope: "all", id: draft.id });
    expect(filed.pdfFileKey).not.toBeNull();
    expect((await invoicePdf(draft.id)).bytes.equals(downloaded.bytes)).toBe(true);
  });

  test("The light logo in force at issue heads the PDF, and a logo changed after issue does not change that invoice", async () => {
    const company = await insertCompany(`Logo ${database.name}`);
    const { id: logoId } = await storeImage({
      bytes: await png(400, 100),
      filename: "logo.png",
      alt: "Kite",
      actor: FINANCE,
      kind: "logo",
    });
    await setLogo(FINANCE, { variant: "light", imageId: logoId, version: (await readBrand()).version });
    const before = await createInvoiceDraft(FINANCE, company, draftInput());
    const withoutFiling = await createInvoiceDraft(FINANCE, company, draftInput());
    await issueAndFile(FINANCE, before.id, before.version);
    await issueInvoice(FINANCE, withoutFiling.id, withoutFiling.version);
    await setLogo(FINANCE, { variant: "light", imageId: null, version: (await readBrand()).version });
    const after = await createInvoiceDraft(FINANCE, company, draftInput());
    await issueAndFile(FINANCE, after.id, after.version);
    const hasImage = (bytes: Buffer) => bytes.includes("/Subtype /Image");
    expect(hasImage((await invoicePdf(before.id)).bytes)).toBe(true);
    // Rendered now, from the logo frozen at issue, though the brand has none any more.
    expect(hasImage((await invoicePdf(withoutFiling.id)).bytes)).toBe(true);
    expect(hasImage((await invoicePdf(after.id)).bytes)).toBe(false);
  });

  test("A draft has no PDF and cannot be sent", async () => {
    const company = await insertCompany(`Draft ${database.name}`);
    const draft = await createInvoiceDraft(FINANCE, company, draftInput());
    expect(await refusalOf(invoicePdf(draft.id))).toMatchObject({ kind: "not-found" });
    expect(await refusalOf(sendInvoice(FINANCE, draft.id))).toMatchObject({ kind: "conflict" });
  });

  test("Sending queues one mail per billing contact with the stored PDF attached, and marks the invoice sent", async () => {
    const admin = await signUp(`ada-${database.name}@kestrel.example`, "Ada Admin");
    const company = await companyOf(admin);
    const draft = await createInvoiceDraft(FINANCE, company, draftInput({ billingEmail: `accounts-${database.name}@kestrel.example` }));
    await issueAndFile(FINANCE, draft.id, draft.version);
    const { sentTo } = await sendInvoice(FINANCE, draft.id);
    expect(sentTo.sort()).toEqual([`accounts-${database.name}@kestrel.example`, `ada-${database.name}@kestrel.example`]);
    const mails = await db()
      .selectFrom("mailOutbox")
      .select(["toAddress", "attachments"])
      .where("idempotencyKey", "like", `invoice:${draft.id}:%`)
      .execute();
    expect(mails).toHaveLength(2);
    const { pdfFileKey } = await getInvoice({ scope: "all", id: draft.id });
    for (const mail of mails)
      expect(JSON.parse(String(mail.attachments))).toMatchObject([{ key: pdfFileKey, contentType: "application/pdf" }]);
    expect(await getInvoice({ scope: "all", id: draft.id })).toMatchObject({ status: "sent" });
  });

  test("An invoice nobody receives is refused with the reason, and stays unsent", async () => {
    const company = await insertCompany(`Nobody ${database.name}`);
    const draft = await createInvoiceDraft(FINANCE, company, draftInput({ billingEmail: "" }));
    await issueAndFile(FINANCE, draft.id, draft.version);
    expect(await refusalOf(sendInvoice(FINANCE, draft.id))).toMatchObject({
      kind: "conflict",
      message: expect.stringMatching(/^Nobody receives/),
    });
    expect(await getInvoice({ scope: "all", id: draft.id })).toMatchObject({ status: "issued" });
  });
});
