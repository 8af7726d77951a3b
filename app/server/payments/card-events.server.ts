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
        eventId: event.id,
        paidAt: new Date(event.created * 1000),
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
