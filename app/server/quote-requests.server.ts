import type { QuoteInput } from "~/lib/schemas/quote";
import { events } from "./events.server";
import { enqueueQuoteMails } from "./mail/notifications.server";
import { notifyMailEnqueued } from "./mail/outbox.server";
import { insertQuote, type Quote } from "./quotes.server";
import { writeTransaction } from "./write-transaction.server";

/** Stores the quote and queues its two e-mails in one transaction: a failed send never loses it. */
export async function submitQuote(input: QuoteInput, now = Date.now()): Promise<Quote> {
  const quote = await writeTransaction(async (trx) => {
    const stored = await insertQuote(trx, input, now);
    await enqueueQuoteMails(trx, stored);
    return stored;
  });
  events().publish({ type: "quote.created", id: quote.id });
  notifyMailEnqueued();
  return quote;
}
