import { createHash } from "node:crypto";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { getBrand } from "~/server/brand/brand.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { renderInvoicePdfOffThread } from "~/server/documents/render-off-thread.server";
import { absoluteUrl } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { enqueueInvoiceMail } from "~/server/mail/invoice-mails.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { onlinePaymentsEnabled } from "~/server/payments/stripe.server";
import { fileStore, FileNotFound } from "~/server/storage/storage.server";
import { storeBytesOnce } from "~/server/storage/store-once.server";
import { billingContacts } from "./billing-contacts.server";
import { invoiceDocument } from "./invoice-document.server";
import { issueInvoice, markInvoiceSent, recordInvoicePdf } from "./invoice-issue.server";
import { invoiceForChange, notFound } from "./invoice-views.server";
import type { WriteOptions } from "./invoices.server";

// an issued invoice's PDF is rendered once and stored, and the same bytes are
// downloaded and mailed forever after. Rendering takes tens of milliseconds, so it happens after the
// issuing transaction commits (the number is taken and frozen without waiting on it). The PDF shows
// the invoice as issued (no payments), and pdfkit's output is the same for the same document
// (decision 0083), so a PDF rendered later (a crash between the commit and the store) shows the
// same invoice. Sending files it if issuing did not; a download never writes.

/** The portal's page of an invoice: the mail's link, and the PDF's pay link when cards are on. */
export function invoicePortalUrl(id: string): string {
  return absoluteUrl(`/user-dashboard/billing/${encodeURIComponent(id)}`);
}

/** What the stored PDF shows: the invoice as issued, before any payment. */
function documentAsIssued(id: string) {
  return invoiceDocument(db(), id, { payUrl: onlinePaymentsEnabled() ? invoicePortalUrl(id) : null, asIssued: true, withLogo: true });
}

function pdfKey(id: string, number: string): string {
  return `invoices/${id}/${number.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`;
}

/** Renders the issued invoice's PDF and stores it once; returns the stored key. */
async function filePdf(id: string): Promise<string> {
  const row = await invoiceForChange(db(), id);
  if (row.status === "draft" || !row.number) throw new Refusal("conflict", "A draft has no PDF yet: issue it first.");
  if (row.pdfFileKey) return row.pdfFileKey;
  const bytes = await renderInvoicePdfOffThread(await documentAsIssued(id));
  const key = pdfKey(id, row.number);
  await storeBytesOnce(fileStore(), key, bytes, "application/pdf");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  await writeTransaction((trx) => recordInvoicePdf(trx, id, { fileKey: key, sha256 }));
  return key;
}

/** Issues a draft (the next number of its series, frozen in one transaction), then files its PDF. */
export async function issueAndFile(actor: Actor, id: string, version: number, options: WriteOptions = {}): Promise<{ number: string }> {
  const { number } = await issueInvoice(actor, id, version, options);
  await filePdf(id);
  return { number };
}

/**
 * Mails the issued invoice, its PDF attached, to each of the company's billing contacts (and the
 * address typed on the invoice), and marks it sent. A second send is a new mail to each.
 */
export async function sendInvoice(actor: Actor, id: string, now = Date.now()): Promise<{ sentTo: string[] }> {
  const row = await invoiceForChange(db(), id);
  if (row.status === "draft") throw new Refusal("conflict", "Issue the invoice before sending it.");
  if (row.status === "void") throw new Refusal("conflict", "A void invoice is not sent.");
  const contacts = (await billingContacts({ companyId: row.companyId })).map((c) => c.email);
  const to = [...new Set([...contacts, ...(row.billingEmail ? [row.billingEmail] : [])].map((e) => e.toLowerCase()))];
  if (to.length === 0)
    throw new Refusal(
      "conflict",
      "Nobody receives this client's invoices: add a billed-to e-mail, or choose a member who receives invoices.",
    );
  const key = await filePdf(id);
  const [document, brand] = await Promise.all([invoiceDocument(db(), id), getBrand()]);
  const sendKey = row.sentAt === null ? "issue" : `resend-${now}`;
  await writeTransaction(async (trx) => {
    for (const address of to)
      await enqueueInvoiceMail(trx, { invoiceId: id, sendKey, to: address, document, url: invoicePortalUrl(id), pdfKey: key, brand }, now);
    await markInvoiceSent(trx, actor, id, now);
  });
  notifyMailEnqueued();
  return { sentTo: to };
}

/**
 * The invoice's stored PDF. Unscoped: check access first. A download is a GET and writes nothing:
 * an invoice whose PDF was not filed (the server stopped between issuing and filing) gets the same
 * bytes rendered now, and the next send files them.
 */
export async function invoicePdf(id: string): Promise<{ bytes: Buffer; filename: string }> {
  const row = await invoiceForChange(db(), id).catch(() => null);
  if (!row || row.status === "draft" || !row.number) throw notFound();
  const filename = `${row.number}.pdf`;
  if (!row.pdfFileKey) return { bytes: await renderInvoicePdfOffThread(await documentAsIssued(id)), filename };
  try {
    const { stream } = await fileStore().read(row.pdfFileKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return { bytes: Buffer.concat(chunks), filename };
  } catch (error) {
    if (error instanceof FileNotFound) throw new Refusal("gone", "This invoice's PDF is missing from the file store.");
    throw error;
  }
}

/**
 * Files the PDF of every issued invoice that has none (the server stopped between the issuing
 * commit and the filing): the daily billing run's repair. Invoices issued in the last minute are
 * left to the request still filing them. Returns how many were filed.
 */
export async function fileMissingPdfs({ now = Date.now(), graceMs = 60_000 } = {}): Promise<number> {
  const rows = await db()
    .selectFrom("invoices")
    .select("id")
    .where("status", "!=", "draft")
    .where("number", "is not", null)
    .where("pdfFileKey", "is", null)
    .where("issuedAt", "<=", now - graceMs)
    .orderBy("issuedAt")
    .execute();
  let filed = 0;
  for (const { id } of rows) {
    try {
      await filePdf(id);
      filed++;
    } catch (error) {
      logger.error({ err: error, invoice: id }, "invoice PDF not filed; the next run tries again");
    }
  }
  return filed;
}

/** Whether an invoice still names this stored PDF (start-up recovery of purges cut short). */
export async function isInvoicePdfReferenced(key: string): Promise<boolean> {
  return Boolean(await db().selectFrom("invoices").select("id").where("pdfFileKey", "=", key).executeTakeFirst());
}
