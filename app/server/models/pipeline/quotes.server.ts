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
import { recordAudit } from "../shared/audit.server";
import type { Actor } from "~/server/auth/actor.server";

/** A stored quote request (SPEC §3): the row as it is. */
export type Quote = Selectable<QuoteTable>;

/** What a lead is made of: the form's fields; `consent` is null for a lead from e-mail (no form, no box). */
type LeadInput = Omit<QuoteInput, "consent"> & { consent: string | null };

/** Stores one quote request (SPEC §3: one new record per submission) inside the caller's transaction. */
async function insertQuote(trx: Transaction<Database>, input: LeadInput, now = Date.now(), id = newId()): Promise<Quote> {
  const quote = {
    id,
    name: input.name,
    email: input.email,
    phone: input.phone,
    country: input.country ?? "",
    requirement: input.requirement,
    submittedAt: now,
    companyId: null,
    statusChangedAt: now,
    consentVersion: input.consent,
    consentedAt: input.consent ? now : null,
    privacyVersion: await privacyVersionIn(trx),
  };
  await trx.insertInto("quotes").values(quote).execute();
  return { ...quote, status: "new" };
}

/**
 * Stores the quote and queues its two e-mails in one transaction: a failed send never loses it.
 * `actor`: who made it when not the person on the site (an API token, decision 0104): audited.
 */
export async function submitQuote(input: QuoteInput, options: { confirm?: boolean; now?: number; actor?: Actor } = {}): Promise<Quote> {
  const now = options.now ?? Date.now();
  // Read before the transaction: on SQLite a read of db() inside it would wait on it.
  const brand = await getBrand();
  const { quote, notified } = await writeTransaction(async (trx) => {
    const stored = await insertQuote(trx, input, now);
    if (options.actor)
      await recordAudit(
        trx,
        options.actor,
        { action: "lead.create", entity: "lead", entityId: stored.id, detail: { name: stored.name } },
        now,
      );
    await enqueueQuoteMails(trx, stored, brand, options.confirm ?? true);
    return { quote: stored, notified: await notifyNewLead(trx, stored, now) };
  });
  events().publish({ type: "quote.created", id: quote.id });
  publishNotified(notified);
  notifyMailEnqueued();
  return quote;
}

/**
 * Decision 0101: a mail from an unknown address made a lead (when the operator chose it). The same
 * row and the same staff notice as the quote form's, without the confirmation to the sender (an
 * unverified address is never answered). The lead's id is the inbound message's, so a message
 * processed twice makes one lead; `mark` writes the message's outcome in the same transaction.
 */
export async function submitMailLead(
  id: string,
  input: { name: string; email: string; requirement: string },
  mark: (trx: Transaction<Database>, created: boolean) => Promise<void>,
  now = Date.now(),
): Promise<boolean> {
  const brand = await getBrand();
  const result = await writeTransaction(async (trx) => {
    const seen = await trx.selectFrom("quotes").select("id").where("id", "=", id).executeTakeFirst();
    if (seen) {
      await mark(trx, false);
      return null;
    }
    const stored = await insertQuote(trx, { ...input, phone: "", country: "", consent: null }, now, id);
    await enqueueQuoteMails(trx, stored, brand, false);
    const notified = await notifyNewLead(trx, stored, now);
    await mark(trx, true);
    return { quote: stored, notified };
  });
  if (!result) return false;
  events().publish({ type: "quote.created", id: result.quote.id });
  publishNotified(result.notified);
  notifyMailEnqueued();
  return true;
}
