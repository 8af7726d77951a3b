import type Stripe from "stripe";

// What a verified Stripe event means for our books (decision 0084), decided without touching them:
// the webhook route claims the event and hands this outcome to the billing model.

export type CardEventOutcome =
  | {
      kind: "payment";
      invoiceId: string;
      /** Minor units (Stripe's equal ISO's for every currency we send: stripe-currencies.server.ts). */
      amount: number;
      /** ISO 4217, upper case. */
      currency: string;
      paymentIntentId: string;
      /** The Checkout session paid, marked complete. */
      sessionId: string;
      eventId: string;
      paidAt: Date;
    }
  | {
      kind: "refund";
      invoiceId: string;
      paymentIntentId: string;
      /**
       * What this event refunded: the charge's `amount_refunded` less its value before the event
       * (`previous_attributes`). Each partial refund is its own `charge.refunded` event, so the
       * amounts of a payment's refund events add up to what was refunded, in any order.
       */
      amount: number;
      /** Everything refunded on the charge so far, for a check (never more than was paid). */
      refundedTotal: number;
      currency: string;
      eventId: string;
    }
  | {
      /** A Checkout session of ours that Stripe let expire unpaid: Pay opens a new one. */
      kind: "checkout-expired";
      invoiceId: string;
      sessionId: string;
      amount: number;
      currency: string;
      eventId: string;
    }
  | {
      /** A refund Stripe reports failed: its amount is back with the agency. */
      kind: "refund-failed";
      refundId: string;
      paymentIntentId: string;
      amount: number;
      reason: string;
      eventId: string;
    }
  | {
      /** A dispute (chargeback) on a card payment, opened, changed or closed. */
      kind: "dispute";
      disputeId: string;
      paymentIntentId: string;
      amount: number;
      currency: string;
      /** Stripe's status: needs_response, under_review, won, lost, warning_closed… */
      status: string;
      reason: string;
      eventId: string;
    }
  | {
      kind: "ignored";
      eventId: string;
      reason: string;
      /** It names one of our invoices but cannot be read as a payment or refund: worth an alarm. */
      ours: boolean;
    };

/** The payment, refund or nothing that a verified event stands for. */
export function cardPaymentFromEvent(event: Stripe.Event): CardEventOutcome {
  const ignored = (reason: string, ours = false): CardEventOutcome => ({ kind: "ignored", eventId: event.id, reason, ours });
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const invoiceId = session.metadata?.invoiceId;
      if (session.mode !== "payment" || !invoiceId) return ignored("a Checkout session this app did not open");
      // "unpaid": a delayed method (a bank debit) whose outcome comes as async_payment_succeeded.
      if (session.payment_status !== "paid") return ignored(`payment status ${session.payment_status}`);
      const paymentIntentId = idOf(session.payment_intent);
      if (!paymentIntentId || !isAmount(session.amount_total) || !session.currency)
        return ignored("a paid session without payment intent, amount or currency", true);
      return {
        kind: "payment",
        invoiceId,
        amount: session.amount_total,
        currency: session.currency.toUpperCase(),
        paymentIntentId,
        sessionId: session.id,
        eventId: event.id,
        paidAt: new Date(event.created * 1000),
      };
    }
    case "checkout.session.expired": {
      const session = event.data.object;
      const invoiceId = session.metadata?.invoiceId;
      if (session.mode !== "payment" || !invoiceId) return ignored("a Checkout session this app did not open");
      return {
        kind: "checkout-expired",
        invoiceId,
        sessionId: session.id,
        amount: isAmount(session.amount_total) ? session.amount_total : 0,
        currency: (session.currency ?? "").toUpperCase(),
        eventId: event.id,
      };
    }
    // One failure may come as all three (charge.refund.updated is sent for some payment methods
    // only, refund.* for all since API 2024-10-28): keyed by the refund's id, it counts once.
    case "charge.refund.updated":
    case "refund.updated":
    case "refund.failed": {
      const refund = event.data.object as Stripe.Refund;
      if (refund.status !== "failed") return ignored(`refund status ${refund.status}`);
      const paymentIntentId = idOf(refund.payment_intent);
      if (!paymentIntentId) return ignored("a failed refund without a payment intent");
      if (!isAmount(refund.amount) || refund.amount === 0) return ignored("a failed refund without an amount", true);
      return {
        kind: "refund-failed",
        refundId: refund.id,
        paymentIntentId,
        amount: refund.amount,
        reason: refund.failure_reason ?? "unknown",
        eventId: event.id,
      };
    }
    case "charge.dispute.created":
    case "charge.dispute.updated":
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const paymentIntentId = idOf(dispute.payment_intent);
      if (!paymentIntentId) return ignored("a dispute without a payment intent");
      if (!isAmount(dispute.amount) || dispute.amount === 0) return ignored("a dispute without an amount", true);
      return {
        kind: "dispute",
        disputeId: dispute.id,
        paymentIntentId,
        amount: dispute.amount,
        currency: dispute.currency.toUpperCase(),
        status: dispute.status,
        reason: dispute.reason ?? "",
        eventId: event.id,
      };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const invoiceId = charge.metadata?.invoiceId;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!invoiceId || !paymentIntentId) return ignored("a refund of a charge this app did not take");
      const before = event.data.previous_attributes?.amount_refunded;
      if (!isAmount(before) || !isAmount(charge.amount_refunded) || charge.amount_refunded <= before)
        return ignored("a refund event without the amount refunded before it", true);
      return {
        kind: "refund",
        invoiceId,
        paymentIntentId,
        amount: charge.amount_refunded - before,
        refundedTotal: charge.amount_refunded,
        currency: charge.currency.toUpperCase(),
        eventId: event.id,
      };
    }
    default:
      return ignored(`event type ${event.type} is not used`);
  }
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  return typeof value === "string" ? value : value?.id;
}

function isAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
