import { mailRecipients } from "./config.server";
import { enqueueMail } from "./outbox.server";
import {
  applicationAcknowledgement,
  applicationNotice,
  quoteConfirmation,
  quoteNotice,
  type ApplicationForMail,
  type MailBrand,
  type QuoteForMail,
} from "./templates.server";
import type { Executor } from "~/server/db/db.server";
import { readPlace } from "~/server/brand/locale.server";

/**
 * Queues the two quote mails (confirmation to the requester, notice to sales with Reply-To the
 * requester, when there is a sales inbox: config.server.ts) inside the caller's transaction. Keys derive from the quote id, so a retried action
 * queues nothing twice.
 * `confirm: false` (the address's mail limit, mail-limits.server.ts) leaves out the confirmation.
 */
export async function enqueueQuoteMails(
  executor: Executor,
  quote: QuoteForMail & { id: string },
  brand: MailBrand,
  confirm = true,
): Promise<void> {
  const { sales } = await mailRecipients(executor);
  // The inboxes are no accounts: the agency's zone.
  const place = (await readPlace(executor)).value;
  if (confirm)
    await enqueueMail(executor, { to: quote.email, ...quoteConfirmation(brand), idempotencyKey: `quote:${quote.id}:confirmation` });
  // No inbox entered: the lead stays in the console, and no address the operator did not give gets it.
  if (!sales) return;
  // Reply-To: answering the notice answers the person who asked (the form checked the address).
  await enqueueMail(executor, {
    to: sales,
    replyTo: quote.email,
    ...quoteNotice(quote, brand, place),
    idempotencyKey: `quote:${quote.id}:sales`,
  });
}

/**
 * Queues the acknowledgement to the candidate and the notice to HR (Reply-To the candidate)
 * inside the caller's transaction (the caller reads the brand before it); `acknowledge: false` (the address's mail limit) leaves out the
 * acknowledgement.
 */
export async function enqueueApplicationMails(
  executor: Executor,
  application: ApplicationForMail & { id: string },
  jobTitle: string,
  brand: MailBrand,
  acknowledge = true,
): Promise<void> {
  const { hr } = await mailRecipients(executor);
  const place = (await readPlace(executor)).value;
  if (acknowledge) {
    await enqueueMail(executor, {
      to: application.email,
      ...applicationAcknowledgement(jobTitle, brand),
      idempotencyKey: `application:${application.id}:acknowledgement`,
    });
  }
  if (!hr) return;
  await enqueueMail(executor, {
    to: hr,
    replyTo: application.email,
    ...applicationNotice(application, jobTitle, brand, place),
    idempotencyKey: `application:${application.id}:hr`,
  });
}
