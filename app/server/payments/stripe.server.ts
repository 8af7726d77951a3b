import type Stripe from "stripe";
import { Refusal } from "~/lib/refusal";
import { getEnv } from "~/server/env.server";
import { stripeCurrencyProblem } from "./stripe-currencies.server";

// Online card payment through Stripe Checkout (decision 0084). The app never sees a card: it opens
// a Checkout session for an invoice's balance, and a payment counts only when Stripe's signed
// webhook says so (routes/resources/stripe-webhook.ts). STRIPE_API_BASE points the SDK at a local
// stand-in in tests (tests/helpers/stripe-stand-in.ts).

/** Online payment is on when both the secret key and the webhook's signing secret are set. */
export function onlinePaymentsEnabled(): boolean {
  const env = getEnv();
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
}

let client: { key: string; base: string | undefined; stripe: Stripe } | undefined;

/**
 * The SDK, loaded on first use: an install that takes no card payments never evaluates it (it was
 * the largest library a start evaluated; decision 0108's cold start).
 */
async function stripeSdk(): Promise<typeof Stripe> {
  return (await import("stripe")).default;
}

/** The SDK's client, made on first use (and again when the key or base changed, as in tests). */
export async function stripeClient(): Promise<Stripe> {
  const env = getEnv();
  const key = env.STRIPE_SECRET_KEY;
  if (!key || !env.STRIPE_WEBHOOK_SECRET) throw new Refusal("refused", "Online card payment is not set up.");
  if (client?.key === key && client.base === env.STRIPE_API_BASE) return client.stripe;
  const StripeSdk = await stripeSdk();
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === "http:" ? "http" : "https";
  const stripe = new StripeSdk(key, {
    apiVersion: StripeSdk.API_VERSION,
    telemetry: false,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base && { host: base.hostname, port: base.port || (protocol === "http" ? 80 : 443), protocol }),
  });
  client = { key, base: env.STRIPE_API_BASE, stripe };
  return stripe;
}

export interface CheckoutRequest {
  invoiceId: string;
  /** "INV-2026-0001": the line Checkout shows. */
  invoiceNumber: string;
  /** The balance to pay, an integer in the currency's minor unit (ISO 4217). */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  customerEmail?: string | null;
  successUrl: string;
  cancelUrl: string;
  /**
   * Part of the idempotency key: the same invoice, amount and attempt give the same session.
   * Default: the UTC day, so pressing Pay twice reuses one session (Checkout keeps one open 24 h).
   */
  attempt?: string;
}

/** A Checkout session for one invoice's balance; the client is sent to `url`. */
export async function createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }> {
  const currency = request.currency.toUpperCase();
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
    throw new Refusal("invalid", "The amount to pay must be a positive whole number of minor units.");
  const problem = stripeCurrencyProblem(currency, request.amount);
  if (problem) throw new Refusal("invalid", problem);
  const attempt = request.attempt ?? new Date().toISOString().slice(0, 10);
  const metadata = { invoiceId: request.invoiceId, invoiceNumber: request.invoiceNumber };
  const session = await (
    await stripeClient()
  ).checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: currency.toLowerCase(),
            unit_amount: request.amount,
            product_data: { name: `Invoice ${request.invoiceNumber}` },
          },
        },
      ],
      client_reference_id: request.invoiceId,
      metadata,
      // Copied onto the charge when the payment intent is confirmed: refunds find their invoice.
      payment_intent_data: { metadata },
      ...(request.customerEmail && { customer_email: request.customerEmail }),
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    },
    { idempotencyKey: `checkout:${request.invoiceId}:${currency}:${request.amount}:${attempt}` },
  );
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
  return { id: session.id, url: session.url };
}

/**
 * The event a webhook carries, once its `Stripe-Signature` matches the raw body as sent and its
 * timestamp is within the SDK's default tolerance (300 s). Anything else is a Refusal ("invalid")
 * whose message says why: a missing header, a forged or altered delivery, or a replayed one.
 */
export async function verifyStripeWebhook(rawBody: string | Buffer, signatureHeader: string | null): Promise<Stripe.Event> {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Refusal("refused", "Online card payment is not set up.");
  if (!signatureHeader) throw new Refusal("invalid", "The Stripe-Signature header is missing.");
  const stripe = await stripeClient();
  try {
    return stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch (error) {
    if (!(error instanceof (await stripeSdk()).errors.StripeSignatureVerificationError)) {
      throw new Refusal("invalid", "The webhook body is not a Stripe event.");
    }
    throw new Refusal("invalid", signatureReason(error.message));
  }
}

function signatureReason(message: string): string {
  if (message.includes("tolerance")) return "The signature is too old: a replayed or delayed delivery.";
  if (message.includes("No signatures found matching")) return "The signature does not match the body: forged or altered.";
  return "The Stripe-Signature header cannot be read.";
}
