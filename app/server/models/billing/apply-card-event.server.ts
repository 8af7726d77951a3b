import { db, type Executor, type Trx } from "~/server/db/db.server";
import type { CardEventOutcome } from "~/server/payments/card-events.server";
import { recordCardPayment, recordCardRefund } from "./invoice-payments.server";

// The one place where a verified Stripe payment or refund reaches the books (decision 0084). It runs
// inside the webhook's transaction, after the event's id was claimed (stripe-events.server.ts).
// Returns "recorded" or "duplicate"; a Refusal "conflict" / "invalid" refuses for good (kept as
// refused, not retried); Refusal("not-found") or any other error has Stripe deliver it again: a
// refund that overtook its payment is retried until the payment is in.

export type CardEvent = Exclude<CardEventOutcome, { kind: "ignored" }>;

/** Records a card payment or refund in the transaction `trx`. */
export async function applyCardEvent(trx: Trx, outcome: CardEvent): Promise<"recorded" | "duplicate"> {
  if (outcome.kind === "payment")
    return recordCardPayment(trx, {
      invoiceId: outcome.invoiceId,
      amount: outcome.amount,
      currency: outcome.currency,
      stripeEventId: outcome.eventId,
      paymentIntentId: outcome.paymentIntentId,
      paidAt: outcome.paidAt,
    });
  // The refund model takes the total refunded so far on the payment, so a late or repeated event
  // changes nothing; the event's own share (`amount`) is only for the log.
  return recordCardRefund(trx, { paymentIntentId: outcome.paymentIntentId, amount: outcome.refundedTotal, stripeEventId: outcome.eventId });
}

/** The invoice (and its company) a card event touched, for the event published after commit. */
export async function invoiceOfCardEvent(
  outcome: CardEvent,
  executor: Executor = db(),
): Promise<{ id: string; companyId: string } | undefined> {
  const query = executor.selectFrom("invoices").select(["invoices.id", "invoices.companyId"]);
  if (outcome.kind === "payment") return query.where("invoices.id", "=", outcome.invoiceId).executeTakeFirst();
  return query
    .innerJoin("invoicePayments", "invoicePayments.invoiceId", "invoices.id")
    .where("invoicePayments.stripePaymentIntentId", "=", outcome.paymentIntentId)
    .executeTakeFirst();
}
