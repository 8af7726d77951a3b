import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { answerStripeWebhook } from "~/routes/resources/stripe-webhook.server";
import { db } from "~/server/db/db.server";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { listPayments } from "~/server/models/billing/invoice-payments.server";
import { getInvoice } from "~/server/models/billing/invoices-read.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { createCheckoutSession } from "~/server/payments/stripe.server";
import { signInStaff, type TestUser } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { startStripeStandIn, type StripeStandIn } from "../helpers/stripe-stand-in";
import { draftInput, FINANCE, insertCompany } from "./helpers";

// Stripe beyond the happy path (decision 0090), with the real books and signed events from the
// stand-in: a refund that fails is reversed, disputes are recorded and heard by finance, and the
// final state is the same whatever order Stripe delivers the events in.

const SECRET_KEY = "sk_test_standin0123456789";
const WEBHOOK_SECRET = "whsec_standin0123456789abcdef";

describe.each(testDatabases("stripe-reversals"))("Failed refunds and disputes reach the books on $name", (database) => {
  let cleanup: () => Promise<void>;
  let standIn: StripeStandIn;
  let admin: TestUser;
  let finance: TestUser;
  let sales: TestUser;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    ({ cleanup } = await useAppDatabase(database, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
    }));
    admin = await signInStaff(`admin-${database.name}@indigokite.dev`);
    finance = await signInStaff(`fin-${database.name}@indigokite.dev`, { staffRole: "finance" });
    sales = await signInStaff(`sales-${database.name}@indigokite.dev`, { staffRole: "sales" });
  }, 60_000);
  afterAll(async () => {
    await standIn.close();
    await cleanup();
  });

  const deliver = async (event: Stripe.Event) => {
    const { body, header } = standIn.signedDelivery(event);
    const reply = await answerStripeWebhook(
      new Request("http://localhost/api/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } }),
    );
    return { status: reply.status, body: (await reply.json()) as { status?: string } };
  };

  /** An issued invoice paid in full by card; returns its id, total and payment intent. */
  async function paidByCard(name: string) {
    const company = await insertCompany(`${name} ${database.name}`);
    const draft = await createInvoiceDraft(FINANCE, company, draftInput());
    await issueInvoice(FINANCE, draft.id, draft.version);
    const { total } = await getInvoice({ scope: "all", id: draft.id });
    const session = await createCheckoutSession({
      invoiceId: draft.id,
      invoiceNumber: "INV",
      amount: total,
      currency: "EUR",
      successUrl: "http://localhost/ok",
      cancelUrl: "http://localhost/",
    });
    const paid = standIn.completeSession(session.id);
    expect((await deliver(paid)).status).toBe(200);
    return { id: draft.id, total, paymentIntent: (paid.data.object as Stripe.Checkout.Session).payment_intent as string, paid };
  }

  test("A refund Stripe reports failed is reversed once, however many of its events arrive", async () => {
    const { id, total, paymentIntent } = await paidByCard("Failing refund");
    expect((await deliver(standIn.refund(paymentIntent, 10_000))).status).toBe(200);
    expect(await getInvoice({ scope: "all", id })).toMatchObject({ paid: total - 10_000, balance: 10_000 });
    const [updated, failed] = standIn.failRefund(standIn.lastRefundId());
    expect((await deliver(updated)).body.status).toBe("processed");
    expect((await deliver(failed)).body.status).toBe("processed");
    expect(await listPayments({ invoiceId: id })).toMatchObject([{ amount: total, refunded: 0 }]);
    expect(await getInvoice({ scope: "all", id })).toMatchObject({ status: "paid", paid: total, balance: 0 });
    const audit = await db()
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "=", id)
      .where("action", "=", "invoice.refund-failed")
      .execute();
    expect(audit).toHaveLength(1);
  });

  test("A failure that overtakes its refund, and refunds out of order, end in the same books", async () => {
    const { id, total, paymentIntent } = await paidByCard("Reordered refund");
    const first = standIn.refund(paymentIntent, 3_000);
    const firstId = standIn.lastRefundId();
    const second = standIn.refund(paymentIntent, 5_000);
    const [, failedFirst] = standIn.failRefund(firstId);
    // Stripe delivers: the failure, then the second refund, then the first.
    for (const event of [failedFirst, second, first]) expect((await deliver(event)).status).toBe(200);
    expect(await listPayments({ invoiceId: id })).toMatchObject([{ refunded: 5_000 }]);
    expect(await getInvoice({ scope: "all", id })).toMatchObject({ paid: total - 5_000, balance: 5_000 });
  });

  test("A dispute is recorded on the payment and heard by finance and admins; lost takes the amount back", async () => {
    const { id, total, paymentIntent } = await paidByCard("Disputed");
    expect((await deliver(standIn.dispute(paymentIntent, "needs_response"))).status).toBe(200);
    expect(await listPayments({ invoiceId: id })).toMatchObject([{ disputeStatus: "needs_response", disputeLost: 0 }]);
    expect(await getInvoice({ scope: "all", id })).toMatchObject({ status: "paid", paid: total });
    const heard = await db().selectFrom("notifications").select(["userId", "link"]).where("type", "=", "payment_disputed").execute();
    expect(heard.map((n) => n.userId).sort()).toEqual([admin.id, finance.id].sort());
    expect(heard[0]!.link).toBe(`/employee-dashboard/billing/${id}`);
    expect(heard.map((n) => n.userId)).not.toContain(sales.id);
    const mails = await db().selectFrom("mailOutbox").select("toAddress").where("subject", "like", "Card payment disputed%").execute();
    expect(mails.length).toBeGreaterThanOrEqual(1);

    expect((await deliver(standIn.dispute(paymentIntent, "lost"))).status).toBe(200);
    expect(await listPayments({ invoiceId: id })).toMatchObject([{ disputeStatus: "lost", disputeLost: total, refunded: 0 }]);
    expect(await getInvoice({ scope: "all", id })).toMatchObject({ paid: 0, balance: total });
  });

  test("A dispute closed before Stripe's 'created' arrives stays closed; a won dispute leaves the payment whole", async () => {
    const lost = await paidByCard("Lost first");
    const created = standIn.dispute(lost.paymentIntent, "needs_response");
    const closed = standIn.dispute(lost.paymentIntent, "lost");
    expect((await deliver(closed)).status).toBe(200);
    expect((await deliver(created)).body.status).toBe("processed");
    expect(await listPayments({ invoiceId: lost.id })).toMatchObject([{ disputeStatus: "lost", disputeLost: lost.total }]);
    expect(await getInvoice({ scope: "all", id: lost.id })).toMatchObject({ paid: 0, balance: lost.total });

    const won = await paidByCard("Won");
    expect((await deliver(standIn.dispute(won.paymentIntent, "needs_response"))).status).toBe(200);
    expect((await deliver(standIn.dispute(won.paymentIntent, "won"))).status).toBe(200);
    expect(await listPayments({ invoiceId: won.id })).toMatchObject([{ disputeStatus: "won", disputeLost: 0 }]);
    expect(await getInvoice({ scope: "all", id: won.id })).toMatchObject({ status: "paid", paid: won.total, balance: 0 });
  });

  test("A dispute whose payment is not recorded yet is answered 503, and recorded when Stripe retries", async () => {
    const company = await insertCompany(`Early dispute ${database.name}`);
    const draft = await createInvoiceDraft(FINANCE, company, draftInput());
    await issueInvoice(FINANCE, draft.id, draft.version);
    const { total } = await getInvoice({ scope: "all", id: draft.id });
    const session = await createCheckoutSession({
      invoiceId: draft.id,
      invoiceNumber: "INV",
      amount: total,
      currency: "EUR",
      successUrl: "http://localhost/ok",
      cancelUrl: "http://localhost/",
    });
    const paid = standIn.completeSession(session.id);
    const paymentIntent = (paid.data.object as Stripe.Checkout.Session).payment_intent as string;
    const lost = standIn.dispute(paymentIntent, "lost");
    expect((await deliver(lost)).status).toBe(503);
    expect((await deliver(paid)).status).toBe(200);
    expect((await deliver(lost)).status).toBe(200);
    expect(await getInvoice({ scope: "all", id: draft.id })).toMatchObject({ paid: 0, balance: total });
  });
});
