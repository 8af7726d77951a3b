import { db, type Executor, type Trx } from "~/server/db/db.server";
import type { CardEventOutcome } from "~/server/payments/card-events.server";
import { recordCardRefund, recordDispute, recordRefundFailure } from "./card-reversals.server";
import { markCheckout } from "./invoice-checkout.server";
import { recordCardPayment } from "./invoice-payments.server";

// The one place where a verified Stripe event reaches the books (decisions 0084, 0090): a payment,
// a refund, a refund that failed, a dispute, a Checkout session that expired. It runs
// inside the webhook's transaction, after the event's id was claimed (stripe-events.server.ts).
// Returns "recorded" or "duplicate"; a Refusal "conflict" / "invalid" refuses for good (kept as
// refused, not retried); Refusal("not-found") or any other error has Stripe deliver it again: a
// refund that overtook its payment is retried until the payment is in.

export type CardEvent = Exclude<CardEventOutcome, { kind: "ignored" }>;

/** Records what a card event means for the books in the transaction `trx`. */
export async function applyCardEvent(trx: Trx, outcome: CardEvent): Promise<"recorded" | "duplicate"> {
  switch (outcome.kind) {
    case "payment": {
      const result = await recordCardPayment(trx, {
        invoiceId: outcome.invoiceId,
        amount: outcome.amount,
        currency: outcome.currency,
        stripeEventId: outcome.eventId,
        paymentIntentId: outcome.paymentIntentId,
        paidAt: outcome.paidAt,
      });
      await markCheckout(trx, { ...outcome, status: "complete" });
      return result;
    }
    case "checkout-expired":
      return markCheckout(trx, { ...outcome, status: "expired" });
    case "refund":
      // This event's own share, keyed by the event: partial refunds add up in any order.
      return recordCardRefund(trx, {
        paymentIntentId: outcome.paymentIntentId,
        amount: outcome.amount,
        refundedTotal: outcome.refundedTotal,
        stripeEventId: outcome.eventId,
      });
    case "refund-failed":
      return recordRefundFailure(trx, { ...outcome, stripeEventId: outcome.eventId });
    case "dispute":
      return recordDispute(trx, { ...outcome, stripeEventId: outcome.eventId });
  }
}

/** The invoice (and its company) a card event touched, for the event published after commit. */
export async function invoiceOfCardEvent(
  outcome: CardEvent,
  executor: Executor = db(),
): Promise<{ id: string; companyId: string } | undefined> {
  const query = executor.selectFrom("invoices").select(["invoices.id", "invoices.companyId"]);
  if (outcome.kind === "payment" || outcome.kind === "checkout-expired")
    return query.where("invoices.id", "=", outcome.invoiceId).executeTakeFirst();
  return query
    .innerJoin("invoicePayments", "invoicePayments.invoiceId", "invoices.id")
    .where("invoicePayments.stripePaymentIntentId", "=", outcome.paymentIntentId)
    .executeTakeFirst();
}
