import type { Selectable, Transaction } from "kysely";
import { newId } from "~/lib/ids";
import type { QuoteInput } from "~/lib/schemas/quotes";
import type { Database, QuoteTable } from "~/server/db/schema";
import { events } from "~/server/events/bus.server";
import { enqueueQuoteMails } from "~/server/mail/notifications.server";
import { getBrand } from "~/server/brand/brand.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { notifyNewLead } from "../notifications/events.server";
import { publishNotified } from "../notifications/notifications.server";
import { privacyVersionIn } from "../site/legal.server";

/** A stored quote request (SPEC §3): the row as it is. */
export type Quote = Selectable<QuoteTable>;

/** Stores one quote request (SPEC §3: one new record per submission) inside the caller's transaction. */
async function insertQuote(trx: Transaction<Database>, input: QuoteInput, now = Date.now()): Promise<Quote> {
  const quote = {
    id: newId(),
    name: input.name,
    email: input.email,
    phone: input.phone,
    country: input.country ?? "",
    requirement: input.requirement,
    submittedAt: now,
    companyId: null,
    statusChangedAt: now,
    consentVersion: input.consent,
    consentedAt: now,
    privacyVersion: await privacyVersionIn(trx),
  };
  await trx.insertInto("quotes").values(quote).execute();
  return { ...quote, status: "new" };
}

/** Stores the quote and queues its two e-mails in one transaction: a failed send never loses it. */
export async function submitQuote(input: QuoteInput, options: { confirm?: boolean; now?: number } = {}): Promise<Quote> {
  const now = options.now ?? Date.now();
  // Read before the transaction: on SQLite a read of db() inside it would wait on it.
  const brand = await getBrand();
  const { quote, notified } = await writeTransaction(async (trx) => {
    const stored = await insertQuote(trx, input, now);
    await enqueueQuoteMails(trx, stored, brand, options.confirm ?? true);
    return { quote: stored, notified: await notifyNewLead(trx, stored, now) };
  });
  events().publish({ type: "quote.created", id: quote.id });
  publishNotified(notified);
  notifyMailEnqueued();
  return quote;
}
