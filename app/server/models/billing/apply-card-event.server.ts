import type { Trx } from "~/server/db/db.server";
import type { CardEventOutcome } from "~/server/payments/card-events.server";

// THE ONE PLACE where a verified Stripe payment or refund reaches the books (decision 0084). It runs
// inside the webhook's transaction, after the event's id was claimed (stripe-events.server.ts).
// Return "recorded" or "duplicate"; throw a Refusal to refuse for good ("conflict", "invalid": kept
// as refused, not retried), or Refusal("not-found") / any error to have Stripe deliver it again.
//
// TO WIRE (lead): with models/billing/payments.server.ts on the branch, replace the throw with
//   if (outcome.kind === "payment")
//     return recordCardPayment(trx, { invoiceId: outcome.invoiceId, amount: outcome.amount,
//       currency: outcome.currency, stripeEventId: outcome.eventId,
//       paymentIntentId: outcome.paymentIntentId, paidAt: outcome.paidAt });
//   return recordCardRefund(trx, { paymentIntentId: outcome.paymentIntentId, amount: outcome.amount,
//     stripeEventId: outcome.eventId });
// recordCardRefund must throw Refusal("not-found") for a payment intent it does not know yet: a
// refund that overtook its payment is then retried by Stripe until the payment is in.

export type CardEvent = Exclude<CardEventOutcome, { kind: "ignored" }>;

/** Records a card payment or refund in the transaction `trx`. Not wired yet: it throws, so the webhook answers 500 and Stripe retries. */
export async function applyCardEvent(trx: Trx, outcome: CardEvent): Promise<"recorded" | "duplicate"> {
  void trx;
  throw new Error(`card ${outcome.kind} of event ${outcome.eventId} not recorded: applyCardEvent is not wired to the billing models yet`);
}
