import type http from "node:http";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { isRefusal, Refusal } from "~/lib/refusal";
import { answerStripeWebhook, type ApplyCardEvent } from "~/routes/resources/stripe-webhook.server";
import { createDb, db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { claimStripeEvent } from "~/server/models/billing/stripe-events.server";
import { cardPaymentFromEvent } from "~/server/payments/card-events.server";
import { createCheckoutSession, onlinePaymentsEnabled, stripeClient, verifyStripeWebhook } from "~/server/payments/stripe.server";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { listPayments } from "~/server/models/billing/invoice-payments.server";
import { getInvoice } from "~/server/models/billing/invoices-read.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { setEnv } from "../helpers/env";
import { serveOnLoopback, type TestHttpServer } from "../helpers/http";
import { startStripeStandIn, type StripeStandIn } from "../helpers/stripe-stand-in";
import { draftInput, FINANCE, insertCompany } from "./helpers";

const SECRET_KEY = "sk_test_standin0123456789";
const WEBHOOK_SECRET = "whsec_standin0123456789abcdef";

const checkout = (invoiceId: string, amount: number, currency = "EUR", attempt?: string) =>
  createCheckoutSession({
    invoiceId,
    invoiceNumber: `INV-2026-${invoiceId.slice(-4)}`,
    amount,
    currency,
    customerEmail: "billing@client-a.example",
    successUrl: "http://localhost/user-dashboard/billing/paid?session={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://localhost/user-dashboard/billing",
    attempt,
  });

async function refusalOf(work: () => unknown): Promise<Refusal> {
  try {
    await work();
  } catch (error) {
    if (isRefusal(error)) return error;
    throw error;
  }
  throw new Error("no refusal");
}

describe("Stripe Checkout and signed webhooks against the local stand-in", () => {
  let standIn: StripeStandIn;
  let restoreEnv: () => void;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    restoreEnv = setEnv({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: standIn.url });
  });
  afterAll(async () => {
    restoreEnv();
    await standIn.close();
  });

  test("The SDK opens a Checkout session for the balance with the invoice's amount, currency and metadata", async () => {
    const session = await checkout("inv-0001", 12_345);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${standIn.url}/pay/${session.id}`);
    const sent = standIn.requests.at(-1)!;
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.headers["idempotency-key"]).toMatch(/^checkout:inv-0001:EUR:12345:/);
    expect(sent.headers["x-stripe-client-telemetry"]).toBeUndefined();
    expect(sent.form).toMatchObject({
      mode: "payment",
      client_reference_id: "inv-0001",
      customer_email: "billing@client-a.example",
      metadata: { invoiceId: "inv-0001", invoiceNumber: "INV-2026-0001" },
      payment_intent_data: { metadata: { invoiceId: "inv-0001" } },
      line_items: [
        { quantity: "1", price_data: { currency: "eur", unit_amount: "12345", product_data: { name: "Invoice INV-2026-0001" } } },
      ],
    });
    const stored = await (await stripeClient()).checkout.sessions.retrieve(session.id);
    expect(stored).toMatchObject({ amount_total: 12_345, currency: "eur", payment_status: "unpaid", payment_intent: null });
  });

  test("Pressing Pay twice for the same balance reuses one session; a new balance or attempt opens another", async () => {
    const before = standIn.sessions.size;
    const first = await checkout("inv-0002", 5_000);
    const again = await checkout("inv-0002", 5_000);
    expect(again).toEqual(first);
    expect(standIn.sessions.size).toBe(before + 1);
    expect((await checkout("inv-0002", 4_000)).id).not.toBe(first.id);
    expect((await checkout("inv-0002", 5_000, "EUR", "retry-2")).id).not.toBe(first.id);
    expect(standIn.sessions.size).toBe(before + 3);
  });

  test("A wrong secret key is refused by the stand-in as Stripe refuses it", async () => {
    const restore = setEnv({ STRIPE_SECRET_KEY: "sk_test_notthekey" });
    try {
      await expect(checkout("inv-0003", 100)).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    } finally {
      restore();
    }
  });

  test("Currencies whose minor unit Stripe counts differently from ours are refused before Stripe is asked", async () => {
    const asked = standIn.requests.length;
    // Stripe's special cases; and currencies our amounts (Intl's unit) hold in whole units where
    // Stripe takes two decimals (COP, IDR, PKR, IQD), or three where Stripe takes two (LYD).
    for (const currency of ["HUF", "ISK", "TWD", "UGX", "IQD", "LYD", "CLF", "COP", "IDR", "PKR"]) {
      const refusal = await refusalOf(() => checkout("inv-0004", 10_000, currency));
      expect(refusal.kind).toBe("invalid");
      expect(refusal.message).toContain(currency);
    }
    // Three-decimal currencies go in steps of ten at Stripe.
    expect((await refusalOf(() => checkout("inv-0004", 12_345, "KWD"))).kind).toBe("invalid");
    expect(standIn.requests.length).toBe(asked);
    for (const [currency, amount] of [
      ["JPY", 1_500],
      ["MGA", 15_000],
      ["KWD", 12_340],
      ["INR", 99_999],
    ] as const) {
      await checkout("inv-0005", amount, currency);
      expect(standIn.requests.at(-1)!.form).toMatchObject({
        line_items: [{ price_data: { currency: currency.toLowerCase(), unit_amount: String(amount) } }],
      });
    }
  });

  test("The stand-in signs a delivery exactly as the SDK's test header does", async () => {
    const session = await checkout("inv-0006", 2_500);
    const event = standIn.completeSession(session.id);
    const { body, header } = standIn.signedDelivery(event, WEBHOOK_SECRET, { timestamp: 1_764_400_000 });
    expect(header).toBe(Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, timestamp: 1_764_400_000 }));
  });

  test("A valid signature is accepted; forged, altered, replayed and unsigned deliveries are refused with their reason", async () => {
    const session = await checkout("inv-0007", 2_500);
    const event = standIn.completeSession(session.id);
    const valid = standIn.signedDelivery(event);
    expect((await verifyStripeWebhook(Buffer.from(valid.body), valid.header)).id).toBe(event.id);

    const forged = standIn.signedDelivery(event, "whsec_someoneelse");
    expect((await refusalOf(() => verifyStripeWebhook(forged.body, forged.header))).message).toMatch(/does not match/);
    const altered = valid.body.replace('"amount_total": 2500', '"amount_total": 1');
    expect(altered).not.toBe(valid.body);
    expect((await refusalOf(() => verifyStripeWebhook(altered, valid.header))).message).toMatch(/does not match/);
    const reformatted = JSON.stringify(JSON.parse(valid.body));
    expect((await refusalOf(() => verifyStripeWebhook(reformatted, valid.header))).message).toMatch(/does not match/);
    const old = standIn.signedDelivery(event, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect((await refusalOf(() => verifyStripeWebhook(old.body, old.header))).message).toMatch(/too old/);
    const recent = standIn.signedDelivery(event, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 200 });
    expect((await verifyStripeWebhook(recent.body, recent.header)).id).toBe(event.id);
    expect((await refusalOf(() => verifyStripeWebhook(valid.body, null))).message).toMatch(/missing/);
    expect((await refusalOf(() => verifyStripeWebhook(valid.body, "v1=abc"))).message).toMatch(/cannot be read/);
  });

  test("A paid session is a payment in upper-case ISO currency; unpaid, foreign and other events are ignored", async () => {
    const session = await checkout("inv-0008", 7_700, "JPY");
    const payment = cardPaymentFromEvent(standIn.completeSession(session.id));
    expect(payment).toMatchObject({ kind: "payment", invoiceId: "inv-0008", amount: 7_700, currency: "JPY" });
    expect(payment).toMatchObject({ paymentIntentId: standIn.sessions.get(session.id)!.payment_intent });
    if (payment.kind === "payment") expect(Math.abs(payment.paidAt.getTime() - Date.now())).toBeLessThan(5_000);

    const asyncSucceeded = {
      ...standIn.completeSession((await checkout("inv-0009", 100)).id),
      type: "checkout.session.async_payment_succeeded",
    };
    expect(cardPaymentFromEvent(asyncSucceeded as Stripe.Event).kind).toBe("payment");
    const pending = standIn.completeSession((await checkout("inv-0010", 100)).id);
    (pending.data.object as Stripe.Checkout.Session).payment_status = "unpaid";
    expect(cardPaymentFromEvent(pending)).toMatchObject({ kind: "ignored", reason: "payment status unpaid", ours: false });
    const foreign = standIn.completeSession((await checkout("inv-0011", 100)).id);
    (foreign.data.object as Stripe.Checkout.Session).metadata = {};
    expect(cardPaymentFromEvent(foreign)).toMatchObject({ kind: "ignored", ours: false });
    expect(cardPaymentFromEvent({ ...foreign, type: "customer.created" } as Stripe.Event)).toMatchObject({
      kind: "ignored",
      reason: "event type customer.created is not used",
    });
  });

  test("Each partial refund is its own amount, and the amounts add up to what was refunded in any order", async () => {
    const session = await checkout("inv-0012", 10_000);
    standIn.completeSession(session.id);
    const paymentIntent = standIn.sessions.get(session.id)!.payment_intent as string;
    const refund = await (await stripeClient()).refunds.create({ payment_intent: paymentIntent, amount: 3_000 });
    expect(refund).toMatchObject({ amount: 3_000, payment_intent: paymentIntent, status: "succeeded" });
    const first = standIn.pending.at(-1)!;
    const second = standIn.refund(paymentIntent);
    const outcomes = [second, first].map(cardPaymentFromEvent);
    expect(outcomes).toMatchObject([
      { kind: "refund", invoiceId: "inv-0012", paymentIntentId: paymentIntent, amount: 7_000, refundedTotal: 10_000, currency: "EUR" },
      { kind: "refund", amount: 3_000, refundedTotal: 3_000 },
    ]);
    const withoutBefore = { ...second, data: { object: second.data.object } } as Stripe.Event;
    expect(cardPaymentFromEvent(withoutBefore)).toMatchObject({ kind: "ignored", ours: true });
  });

  test("Online payment is on only with both secrets; the stand-in's base is warned about at boot and never gets a live key", async () => {
    const { parseEnv } = await import("~/server/env.server");
    const base = { AUTH_SECRET: "x".repeat(32), DATABASE_URL: "file:./data/x.sqlite" };
    expect(() => parseEnv({ ...base, STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(/must be set together/);
    expect(() => parseEnv({ ...base, STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(/sk_test_/);
    expect(() => parseEnv({ ...base, STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/whsec_/);
    expect(() =>
      parseEnv({ ...base, STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: standIn.url }),
    ).toThrow(/never receives a live key/);
    expect(() => parseEnv({ ...base, STRIPE_API_BASE: "ftp://127.0.0.1" })).toThrow(/STRIPE_API_BASE/);
    const { configurationWarnings } = await import("~/server/env-check.server");
    const { KNOWN_VARIABLES } = await import("~/server/env.server");
    expect(configurationWarnings({ STRIPE_API_BASE: standIn.url }, KNOWN_VARIABLES)).toEqual([
      `STRIPE_API_BASE is set: card payments go to ${standIn.url}, not to Stripe. It is meant for tests; unset it in production.`,
    ]);
    expect(configurationWarnings({ STRIPE_SECRET_KEY: SECRET_KEY }, KNOWN_VARIABLES)).toEqual([]);
    expect(onlinePaymentsEnabled()).toBe(true);
    const restore = setEnv({ STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
    try {
      expect(onlinePaymentsEnabled()).toBe(false);
    } finally {
      restore();
    }
  });

  test("Stripe's post (no Origin) passes the cross-site check; a browser's cross-site post to the webhook does not", () => {
    const url = "https://agency.example/api/stripe/webhook";
    expect(isSameOrigin(new Request(url, { method: "POST", headers: { "Stripe-Signature": "t=1,v1=x" } }))).toBe(true);
    expect(isSameOrigin(new Request(url, { method: "POST", headers: { Origin: "https://evil.example" } }))).toBe(false);
    expect(isSameOrigin(new Request(url, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } }))).toBe(false);
  });
});

/** The books as the lead's billing models will keep them, reduced to what the webhook needs. */
function testLedger() {
  const payments = new Map<string, { invoiceId: string; amount: number; refunded: number }>();
  const events = new Set<string>();
  const voidInvoices = new Set<string>();
  const apply: ApplyCardEvent = async (_trx, outcome) => {
    if (events.has(outcome.eventId)) return "duplicate";
    if (outcome.kind === "payment") {
      if (voidInvoices.has(outcome.invoiceId)) throw new Refusal("conflict", "The invoice is void.");
      payments.set(outcome.paymentIntentId, { invoiceId: outcome.invoiceId, amount: outcome.amount, refunded: 0 });
    } else if (outcome.kind === "refund") {
      const payment = payments.get(outcome.paymentIntentId);
      if (!payment) throw new Refusal("not-found", "No card payment with this payment intent yet.");
      payment.refunded += outcome.amount;
    } else return "duplicate";
    events.add(outcome.eventId);
    return "recorded";
  };
  return { payments, voidInvoices, apply };
}

/** The webhook's server half on a real port, as server.ts hands it a request. */
function serveWebhook(apply: () => ApplyCardEvent | undefined): Promise<TestHttpServer> {
  return serveOnLoopback((req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
      void answerStripeWebhook(request, apply())
        .catch((error: unknown) => (error instanceof Response ? error : new Response(String(error), { status: 599 })))
        .then(async (response) => res.writeHead(response.status, { "Content-Type": "application/json" }).end(await response.text()));
    });
  });
}

describe.each(testDatabases("stripe-webhooks"))("Stripe webhooks are recorded once on $name", (database) => {
  let cleanup: () => Promise<void>;
  let standIn: StripeStandIn;
  let server: TestHttpServer;
  let ledger = testLedger();
  let applier: ApplyCardEvent | undefined = ledger.apply;
  let hook: string;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    ({ cleanup } = await useAppDatabase(database, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
    }));
    server = await serveWebhook(() => applier);
    hook = `${server.url}/api/stripe/webhook`;
    standIn.webhookUrl = hook;
  });
  afterEach(() => {
    ledger = testLedger();
    applier = ledger.apply;
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
    await cleanup();
  });

  const stored = (id: string) => db().selectFrom("stripeEvents").selectAll().where("id", "=", id).executeTakeFirst();
  const paidEvent = async (invoiceId: string, amount = 4_200) => standIn.completeSession((await checkout(invoiceId, amount)).id);

  test("An event delivered twice is claimed once", async () => {
    const event = { id: `evt_twice_${database.name}`, type: "checkout.session.completed" };
    expect(await writeTransaction((trx) => claimStripeEvent(trx, event))).toBe(true);
    expect(await writeTransaction((trx) => claimStripeEvent(trx, event))).toBe(false);
  });

  test("Concurrent claims of one event id from two instances: exactly one wins", async () => {
    const other = createDb(process.env.DATABASE_URL);
    try {
      const event = { id: `evt_race_${database.name}`, type: "checkout.session.completed" };
      const claims = await Promise.all(
        Array.from({ length: 6 }, (_, i) => writeTransaction((trx) => claimStripeEvent(trx, event), i % 2 ? other : db())),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    } finally {
      await other.destroy();
    }
  });

  test("A bad signature is answered 400 with its reason and keeps nothing", async () => {
    const event = await paidEvent("inv-0101");
    const forged = await standIn.deliver(hook, event, { secret: "whsec_forger" });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({ error: "The signature does not match the body: forged or altered." });
    const replayed = await standIn.deliver(hook, event, { timestamp: Math.floor(Date.now() / 1000) - 3_600 });
    expect(replayed.status).toBe(400);
    const unsigned = await fetch(hook, { method: "POST", body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    expect(await stored(event.id)).toBeUndefined();
    expect(ledger.payments.size).toBe(0);
  });

  test("An event type the books do not use is answered 200 and kept as ignored", async () => {
    const event = { ...(await paidEvent("inv-0102")), id: `evt_other_${database.name}`, type: "customer.created" } as Stripe.Event;
    const reply = await standIn.deliver(hook, event);
    expect(reply.status).toBe(200);
    expect(await stored(event.id)).toMatchObject({ type: "customer.created", outcome: "ignored: event type customer.created is not used" });
  });

  test("A paid session is recorded once, however often Stripe delivers it", async () => {
    const event = await paidEvent("inv-0103", 4_200);
    const replies = [await standIn.deliver(hook, event), await standIn.deliver(hook, event)];
    expect(replies.map((r) => [r.status, JSON.parse(r.body).status])).toEqual([
      [200, "processed"],
      [200, "duplicate"],
    ]);
    expect([...ledger.payments.values()]).toEqual([{ invoiceId: "inv-0103", amount: 4_200, refunded: 0 }]);
    expect(await stored(event.id)).toMatchObject({ outcome: "recorded" });
  });

  test("With the real books, a paid session settles its invoice once and a refund is recorded on the payment", async () => {
    applier = undefined;
    const company = await insertCompany(`Kestrel ${database.name}`);
    const draft = await createInvoiceDraft(FINANCE, company, draftInput());
    await issueInvoice(FINANCE, draft.id, draft.version);
    const { total } = await getInvoice({ scope: "all", id: draft.id });
    const paid = await paidEvent(draft.id, total);
    const replies = [await standIn.deliver(hook, paid), await standIn.deliver(hook, paid)];
    expect(replies.map((r) => JSON.parse(r.body).status)).toEqual(["processed", "duplicate"]);
    expect(await getInvoice({ scope: "all", id: draft.id })).toMatchObject({ status: "paid", paid: total, balance: 0 });
    expect(await listPayments({ invoiceId: draft.id })).toMatchObject([{ amount: total, method: "card", refunded: 0 }]);

    const paymentIntent = (paid.data.object as Stripe.Checkout.Session).payment_intent as string;
    const refund = standIn.refund(paymentIntent, 10_000);
    expect((await standIn.deliver(hook, refund)).status).toBe(200);
    expect(await listPayments({ invoiceId: draft.id })).toMatchObject([{ amount: total, refunded: 10_000 }]);
    expect(await getInvoice({ scope: "all", id: draft.id })).toMatchObject({ status: "partially-paid", balance: 10_000 });
  });

  test("A refund that overtakes its payment is answered 503 and recorded when Stripe retries after the payment", async () => {
    const paid = await paidEvent("inv-0105", 9_000);
    const paymentIntent = (paid.data.object as Stripe.Checkout.Session).payment_intent as string;
    const refund = standIn.refund(paymentIntent, 2_500);
    expect((await standIn.deliver(hook, refund)).status).toBe(503);
    expect(await stored(refund.id)).toBeUndefined();
    expect((await standIn.deliver(hook, paid)).status).toBe(200);
    expect((await standIn.deliver(hook, refund)).status).toBe(200);
    expect(ledger.payments.get(paymentIntent)).toMatchObject({ amount: 9_000, refunded: 2_500 });
    expect(await stored(refund.id)).toMatchObject({ type: "charge.refunded", outcome: "recorded" });
  });

  test("A payment the books refuse for good is kept as refused and not recorded again", async () => {
    ledger.voidInvoices.add("inv-0106");
    const event = await paidEvent("inv-0106");
    const reply = await standIn.deliver(hook, event);
    expect([reply.status, JSON.parse(reply.body)]).toEqual([200, { received: true, status: "refused", reason: "The invoice is void." }]);
    expect(await stored(event.id)).toMatchObject({ outcome: "refused: The invoice is void." });
    expect(JSON.parse((await standIn.deliver(hook, event)).body).status).toBe("duplicate");
    expect(ledger.payments.size).toBe(0);
  });

  test("The stand-in's Pay page completes the session, delivers the webhook and returns to the success URL", async () => {
    const session = await checkout("inv-0107", 1_234);
    const page = await fetch(session.url);
    expect(await page.text()).toContain("<button>Pay</button>");
    const paid = await fetch(session.url, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://localhost/user-dashboard/billing/paid?session=${session.id}`);
    expect([...ledger.payments.values()]).toEqual([{ invoiceId: "inv-0107", amount: 1_234, refunded: 0 }]);
  });

  test("A body over the limit is refused with 413, and with online payment off the webhook is not found", async () => {
    const huge = await fetch(hook, { method: "POST", headers: { "Stripe-Signature": "t=1,v1=x" }, body: "x".repeat(1024 * 1024 + 1) });
    expect(huge.status).toBe(413);
    const event = await paidEvent("inv-0108");
    const restore = setEnv({ STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
    try {
      expect((await standIn.deliver(hook, event)).status).toBe(404);
      expect(await stored(event.id)).toBeUndefined();
    } finally {
      restore();
    }
  });
});
