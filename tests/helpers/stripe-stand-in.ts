import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// A local stand-in for the part of Stripe's API this app uses (decision 0084), which the official
// SDK talks to through STRIPE_API_BASE: Checkout sessions, refunds, idempotency keys and the secret
// key, answered in Stripe's shapes; and Stripe's side of the webhook, events signed exactly as
// Stripe signs them. A GET /pay/:id page lets a browser pay a session (e2e): its Pay button
// completes it, delivers checkout.session.completed to `webhookUrl` and redirects to success_url.

type Json = Record<string, unknown>;
type Session = Stripe.Checkout.Session;

interface Payment {
  paymentIntentId: string;
  chargeId: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  refunded: number;
}

export interface StripeStandIn {
  /** http://127.0.0.1:{port}: STRIPE_API_BASE. */
  url: string;
  /** Where the Pay page (and `deliverPending`) posts webhooks; set it once the app listens. */
  webhookUrl: string | undefined;
  sessions: Map<string, Session>;
  /** Events the API made (a refund through POST /v1/refunds), for the test to deliver. */
  pending: Stripe.Event[];
  /** Every API request, as received: method, path, headers and the parsed form. */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; form: Json }[];
  /** Marks a session paid (a new payment intent and charge) and returns its checkout.session.completed. */
  completeSession(id: string): Stripe.Event;
  /** Refunds `amount` (default: what is left) of a payment intent and returns its charge.refunded. */
  refund(paymentIntentId: string, amount?: number): Stripe.Event;
  /** The id of the refund the last `refund` made ("re_…"). */
  lastRefundId(): string;
  /** Lets an open session expire unpaid and returns its checkout.session.expired. */
  expireSession(id: string): Stripe.Event;
  /** The refund fails at the bank: its charge.refund.updated and refund.failed (one refund object, status failed). */
  failRefund(refundId: string, reason?: string): [Stripe.Event, Stripe.Event];
  /** A dispute on the payment intent's charge: charge.dispute.created for a new one, .closed for won or lost. */
  dispute(paymentIntentId: string, status: "needs_response" | "under_review" | "won" | "lost", disputeId?: string): Stripe.Event;
  /** The body and Stripe-Signature header of a delivery, signed as Stripe signs ("t=…,v1=…"). */
  signedDelivery(event: Stripe.Event, webhookSecret?: string, options?: { timestamp?: number }): { body: string; header: string };
  /** Posts a signed delivery of `event` to `url`, as Stripe's servers do (no Origin, JSON body). */
  deliver(url: string, event: Stripe.Event, options?: { secret?: string; timestamp?: number }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`line_items[0][price_data][currency]=eur`) back into objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Json = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Json;
    });
  }
  return root;
}

function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code && { code }) } } };
}

export interface StandInOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the Pay page delivers checkout.session.completed. */
  webhookUrl?: string;
  /** 0 (default): any free port. */
  port?: number;
}

export async function startStripeStandIn(options: StandInOptions): Promise<StripeStandIn> {
  const sessions = new Map<string, Session>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, { paymentIntentId: string; amount: number; chargeId: string; currency: string }>();
  let lastRefund = "";
  const idempotent = new Map<string, { request: string; status: number; body: unknown }>();
  const requests: StripeStandIn["requests"] = [];
  const pending: Stripe.Event[] = [];
  let base = "";

  function event(type: string, object: unknown, previous?: Json): Stripe.Event {
    return {
      id: id("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object, ...(previous && { previous_attributes: previous }) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
  }

  function createSession(form: Json) {
    const lines = (form.line_items ?? []) as Json[];
    const prices = lines.map((line) => line.price_data as Json | undefined);
    if (form.mode !== "payment" || lines.length === 0 || prices.some((p) => !p?.currency || !p.unit_amount))
      return stripeError(400, "invalid_request_error", "This stand-in takes mode=payment with price_data line items.");
    if (!form.success_url) return stripeError(400, "invalid_request_error", "Missing required param: success_url.");
    const currency = String(prices[0]!.currency);
    const total = lines.reduce((sum, line, i) => sum + Number(prices[i]!.unit_amount) * Number(line.quantity ?? 1), 0);
    const sessionId = id("cs_test");
    const session = {
      id: sessionId,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: (form.client_reference_id as string) ?? null,
      customer_email: (form.customer_email as string) ?? null,
      metadata: (form.metadata as Json) ?? {},
      payment_intent: null,
      success_url: form.success_url,
      cancel_url: form.cancel_url ?? null,
      url: `${base}/pay/${sessionId}`,
      created: now(),
      expires_at: now() + 86_400,
      livemode: false,
      // Kept for the payment intent it makes once paid; Stripe does not show it on the session.
      _intentMetadata: ((form.payment_intent_data as Json | undefined)?.metadata as Json) ?? {},
    };
    sessions.set(sessionId, session as unknown as Session);
    return { status: 200, body: publicSession(session as unknown as Session) };
  }

  function publicSession(session: Session): Json {
    const { _intentMetadata, ...shown } = session as unknown as Json;
    void _intentMetadata;
    return shown;
  }

  function completeSession(sessionId: string): Stripe.Event {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (session.payment_status === "paid") throw new Error(`checkout session ${sessionId} is already paid`);
    const payment: Payment = {
      paymentIntentId: id("pi"),
      chargeId: id("ch"),
      amount: session.amount_total!,
      currency: session.currency!,
      metadata: (session as unknown as { _intentMetadata: Record<string, string> })._intentMetadata,
      refunded: 0,
    };
    payments.set(payment.paymentIntentId, payment);
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: payment.paymentIntentId });
    return event("checkout.session.completed", publicSession(session));
  }

  function refundEvent(paymentIntentId: string, amount?: number): Stripe.Event {
    const payment = payments.get(paymentIntentId);
    if (!payment) throw new Error(`no payment intent ${paymentIntentId}`);
    const refunding = amount ?? payment.amount - payment.refunded;
    if (refunding <= 0 || payment.refunded + refunding > payment.amount) throw new Error("refund larger than what is left");
    const before = payment.refunded;
    payment.refunded += refunding;
    lastRefund = id("re");
    refunds.set(lastRefund, { paymentIntentId, amount: refunding, chargeId: payment.chargeId, currency: payment.currency });
    const charge = {
      id: payment.chargeId,
      object: "charge",
      amount: payment.amount,
      amount_captured: payment.amount,
      amount_refunded: payment.refunded,
      captured: true,
      paid: true,
      refunded: payment.refunded === payment.amount,
      currency: payment.currency,
      payment_intent: payment.paymentIntentId,
      metadata: payment.metadata,
      status: "succeeded",
      created: now(),
      livemode: false,
    };
    return event("charge.refunded", charge, { amount_refunded: before, refunded: before === payment.amount });
  }

  function expireSession(sessionId: string): Stripe.Event {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (session.status !== "open") throw new Error(`checkout session ${sessionId} is ${session.status}`);
    Object.assign(session, { status: "expired" });
    return event("checkout.session.expired", publicSession(session));
  }

  function failRefund(refundId: string, reason = "expired_or_canceled_card"): [Stripe.Event, Stripe.Event] {
    const refund = refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    const object = {
      id: refundId,
      object: "refund",
      amount: refund.amount,
      charge: refund.chargeId,
      currency: refund.currency,
      payment_intent: refund.paymentIntentId,
      status: "failed",
      failure_reason: reason,
      metadata: {},
      created: now(),
    };
    return [event("charge.refund.updated", object, { status: "succeeded" }), event("refund.failed", object)];
  }

  const disputes = new Map<string, string>();
  function disputeEvent(paymentIntentId: string, status: string, disputeId?: string): Stripe.Event {
    const payment = payments.get(paymentIntentId);
    if (!payment) throw new Error(`no payment intent ${paymentIntentId}`);
    const dispute = disputeId ?? disputes.get(paymentIntentId) ?? id("dp");
    disputes.set(paymentIntentId, dispute);
    const object = {
      id: dispute,
      object: "dispute",
      amount: payment.amount,
      charge: payment.chargeId,
      currency: payment.currency,
      payment_intent: paymentIntentId,
      reason: "fraudulent",
      status,
      created: now(),
      livemode: false,
    };
    return event(status === "won" || status === "lost" ? "charge.dispute.closed" : "charge.dispute.created", object);
  }

  function signedDelivery(ev: Stripe.Event, webhookSecret = options.webhookSecret, at: { timestamp?: number } = {}) {
    // Stripe sends its events pretty-printed; the signature covers these exact bytes.
    const body = JSON.stringify(ev, null, 2);
    const timestamp = at.timestamp ?? now();
    const signature = createHmac("sha256", webhookSecret).update(`${timestamp}.${body}`, "utf8").digest("hex");
    return { body, header: `t=${timestamp},v1=${signature}` };
  }

  async function deliver(url: string, ev: Stripe.Event, at: { secret?: string; timestamp?: number } = {}) {
    const { body, header } = signedDelivery(ev, at.secret, at);
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": header,
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body,
    });
    return { status: response.status, body: await response.text() };
  }

  function api(method: string, path: string, form: Json, headers: http.IncomingHttpHeaders) {
    if (headers.authorization !== `Bearer ${options.secretKey}`)
      return stripeError(401, "invalid_request_error", "Invalid API Key provided.");
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(form);
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (method === "GET" && sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      return session
        ? { status: 200, body: publicSession(session) }
        : stripeError(404, "invalid_request_error", `No such checkout.session: '${sessionMatch[1]}'`, "resource_missing");
    }
    if (method === "POST" && path === "/v1/refunds") {
      const paymentIntent = String(form.payment_intent ?? "");
      if (!payments.has(paymentIntent))
        return stripeError(404, "invalid_request_error", `No such payment_intent: '${paymentIntent}'`, "resource_missing");
      try {
        const ev = refundEvent(paymentIntent, form.amount === undefined ? undefined : Number(form.amount));
        pending.push(ev);
        const charge = ev.data.object as Stripe.Charge;
        const refunded = charge.amount_refunded - Number((ev.data.previous_attributes as Json).amount_refunded);
        return {
          status: 200,
          body: {
            id: id("re"),
            object: "refund",
            amount: refunded,
            currency: charge.currency,
            charge: charge.id,
            payment_intent: paymentIntent,
            status: "succeeded",
            created: now(),
          },
        };
      } catch (error) {
        return stripeError(400, "invalid_request_error", (error as Error).message);
      }
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  async function payPage(req: http.IncomingMessage, res: http.ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) return send(res, 404, "text/plain", "No such session.");
    if (req.method === "GET") {
      const amount = `${session.amount_total} ${session.currency?.toUpperCase()} (minor units)`;
      return send(
        res,
        200,
        "text/html; charset=utf-8",
        `<!doctype html><title>Stripe stand-in Checkout</title><h1>Pay ${(session.metadata?.invoiceNumber ?? "").replace(/[<&]/g, "")}</h1>` +
          `<p>Amount: <output>${amount}</output></p><form method="post"><button>Pay</button></form>` +
          (session.cancel_url ? `<p><a href="${session.cancel_url.replace(/"/g, "&quot;")}">Cancel</a></p>` : ""),
      );
    }
    const completed = completeSession(sessionId);
    if (standIn.webhookUrl) await deliver(standIn.webhookUrl, completed);
    res.writeHead(303, { Location: session.success_url!.replace("{CHECKOUT_SESSION_ID}", sessionId) }).end();
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", base);
        const text = Buffer.concat(chunks).toString("utf8");
        if (url.pathname === "/healthz") return send(res, 200, "text/plain", "ok");
        const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
        if (pay) return payPage(req, res, pay[1]!);
        const form = parseStripeForm(req.method === "GET" ? url.search.slice(1) : text);
        requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, form });
        const key = req.headers["idempotency-key"];
        const remembered = typeof key === "string" ? idempotent.get(key) : undefined;
        if (remembered && remembered.request !== `${url.pathname}?${text}`) {
          const refused = stripeError(
            400,
            "idempotency_error",
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          );
          return send(res, refused.status, "application/json", JSON.stringify(refused.body));
        }
        if (remembered)
          return send(res, remembered.status, "application/json", JSON.stringify(remembered.body), { "Idempotent-Replayed": "true" });
        const answer = api(req.method ?? "", url.pathname, form, req.headers);
        if (typeof key === "string" && req.method === "POST") idempotent.set(key, { request: `${url.pathname}?${text}`, ...answer });
        send(res, answer.status, "application/json", JSON.stringify(answer.body), { "Request-Id": id("req") });
      })().catch((error: unknown) => send(res, 500, "text/plain", String(error)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    url: base,
    webhookUrl: options.webhookUrl,
    sessions,
    requests,
    pending,
    completeSession,
    refund: refundEvent,
    lastRefundId: () => lastRefund,
    expireSession,
    failRefund,
    dispute: disputeEvent,
    signedDelivery,
    deliver: (url, ev, at) => deliver(url, ev, at),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}

function send(res: http.ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) {
  if (res.headersSent) return;
  res.writeHead(status, { "Content-Type": type, ...headers }).end(body);
}
