import type { InvoiceDocument } from "~/lib/invoice-document";
import { documentDate, documentHeading, INVOICE_LABELS } from "~/lib/invoice-text";
import { formatMinorUnits } from "~/lib/money-format";
import type { Executor } from "~/server/db/db.server";
import { enqueueMail } from "./outbox.server";
import { composeMail, type MailBrand, type MailContent } from "./templates.server";

// The mail that sends an issued invoice (or credit note) to one of the company's billing contacts,
// with the PDF stored at issue attached: the same bytes the portal downloads (decision 0083).

/** "Invoice INV-2026-0042 from Indigo Kite": the amount due, the due date and the portal link. */
export function invoiceMail(doc: InvoiceDocument, url: string, brand: MailBrand): MailContent {
  const heading = documentHeading(doc);
  const due = formatMinorUnits(doc.balance, doc.currency, doc.locale);
  const fields: [string, string][] =
    doc.kind === "invoice"
      ? [
          [INVOICE_LABELS.balance, due],
          [INVOICE_LABELS.dueDate, documentDate(doc.dueDate, doc.locale)],
        ]
      : [
          [INVOICE_LABELS.total, formatMinorUnits(doc.total, doc.currency, doc.locale)],
          ...(doc.correctsNumber ? ([["Corrects", doc.correctsNumber]] as [string, string][]) : []),
        ];
  return composeMail(
    {
      subject: `${heading} from ${brand.name}`,
      heading,
      blocks: [
        doc.kind === "invoice"
          ? `${brand.name} has sent you ${heading.replace(/^Invoice/, "invoice")} for ${doc.client.name}.`
          : `${brand.name} has issued ${heading.replace(/^Credit note/, "credit note")} for ${doc.client.name}.`,
        { fields },
        { action: { label: doc.kind === "invoice" && doc.payUrl ? "View and pay online" : "View it in the portal", url } },
        { note: "The document is attached as a PDF." },
      ],
    },
    brand,
  );
}

export interface InvoiceMailInput {
  /** The invoice's (or credit note's) id. */
  invoiceId: string;
  /** Tells one sending from another: "issue" for the first, the resend's id after. */
  sendKey: string;
  /** One billing contact's address. */
  to: string;
  document: InvoiceDocument;
  /** The invoice's page in the portal. */
  url: string;
  /** The PDF stored at issue: its key in the file store. */
  pdfKey: string;
  brand: MailBrand;
}

/**
 * Queues the invoice mail to one contact in `executor` (the transaction that issues or sends the
 * invoice). Idempotent per invoice, sending and recipient: `invoice:{invoiceId}:{sendKey}:{to}`.
 * Call `notifyMailEnqueued()` after the commit.
 */
export async function enqueueInvoiceMail(executor: Executor, input: InvoiceMailInput, now: number = Date.now()): Promise<void> {
  const mail = invoiceMail(input.document, input.url, input.brand);
  const name = `${input.document.number ?? "draft"}.pdf`.replace(/[^A-Za-z0-9._-]/g, "_");
  await enqueueMail(
    executor,
    {
      ...mail,
      to: input.to,
      idempotencyKey: `invoice:${input.invoiceId}:${input.sendKey}:${input.to.toLowerCase()}`.slice(0, 200),
      attachments: [{ key: input.pdfKey, filename: name, contentType: "application/pdf" }],
    },
    now,
  );
}

/** A payment reminder: `days` from the due date (negative before it), what is still due, the link. */
export function invoiceReminderMail(doc: InvoiceDocument, days: number, url: string, brand: MailBrand): MailContent {
  const heading = documentHeading(doc);
  const due = formatMinorUnits(doc.balance, doc.currency, doc.locale);
  const when =
    days < 0
      ? `is due in ${-days} day${days === -1 ? "" : "s"}`
      : days === 0
        ? "is due today"
        : `is ${days} day${days === 1 ? "" : "s"} overdue`;
  return composeMail(
    {
      subject: days > 0 ? `Overdue: ${heading} from ${brand.name}` : `Reminder: ${heading} from ${brand.name}`,
      heading: days > 0 ? `${heading} is overdue` : `${heading} ${when}`,
      blocks: [
        `${heading} from ${brand.name} for ${doc.client.name} ${when}. If you have already paid, thank you: please ignore this reminder.`,
        {
          fields: [
            [INVOICE_LABELS.balance, due],
            [INVOICE_LABELS.dueDate, documentDate(doc.dueDate, doc.locale)],
          ],
        },
        { action: { label: doc.payUrl ? "View and pay online" : "View it in the portal", url } },
      ],
    },
    brand,
  );
}
