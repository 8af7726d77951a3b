import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as billingRoute from "~/routes/portal/billing";
import * as invoiceRoute from "~/routes/portal/billing-invoice";
import * as portalEvents from "~/routes/resources/events-portal";
import { answerStripeWebhook } from "~/routes/resources/stripe-webhook.server";
import { events } from "~/server/events/bus.server";
import { db, dialectOfDb } from "~/server/db/db.server";
import { mayUseBilling } from "~/server/models/billing/billing-contacts.server";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { recordPayment } from "~/server/models/billing/invoice-payments.server";
import { getInvoice } from "~/server/models/billing/invoices-read.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { waitingOnYou } from "~/server/models/reports/waiting-on-you.server";
import { signUp, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { buildRequest, call } from "../helpers/routes";
import { startStripeStandIn, type StripeStandIn } from "../helpers/stripe-stand-in";
import { draftInput, FINANCE, insertCompany } from "./helpers";

const SECRET_KEY = "sk_test_portal0123456789";
const WEBHOOK_SECRET = "whsec_portal0123456789abcdef";
const TOTAL = 176_625;

describe.each(testDatabases("portal billing"))("The portal's Billing on $name", (database) => {
  let cleanup: () => Promise<void>;
  let standIn: StripeStandIn;
  let kestrel: string;
  let other: string;
  let admin: TestUser;
  let member: TestUser;
  let payer: TestUser;
  let stranger: TestUser;
  let invoiceId: string;
  const flag = (value: boolean | null) => (value === null ? null : dialectOfDb(db()) === "sqlite" ? Number(value) : value);
  const join = (who: TestUser, companyId: string, clientAdmin: boolean, receivesInvoices: boolean | null) =>
    db()
      .updateTable("users")
      .set({ companyId, clientAdmin: flag(clientAdmin) as never, receivesInvoices: flag(receivesInvoices) as never })
      .where("id", "=", who.id)
      .execute();
  const issue = async (fields = {}) => {
    const draft = await createInvoiceDraft(FINANCE, kestrel, draftInput(fields));
    await issueInvoice(FINANCE, draft.id, draft.version);
    return draft.id;
  };

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    ({ cleanup } = await useAppDatabase(database, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
      APP_URL: "http://localhost",
    }));
    kestrel = await insertCompany("Kestrel GmbH");
    other = await insertCompany("Osprey Ltd");
    [admin, member, payer, stranger] = await Promise.all([
      signUp("anna@kestrel.example", "Anna"),
      signUp("max@kestrel.example", "Max"),
      signUp("pia@kestrel.example", "Pia"),
      signUp("olga@osprey.example", "Olga"),
    ]);
    await join(admin, kestrel, true, false);
    await join(member, kestrel, false, null);
    await join(payer, kestrel, false, true);
    await join(stranger, other, true, null);
  }, 60_000);
  afterAll(async () => {
    await standIn.close();
    await cleanup();
  });
  beforeEach(async () => {
    await clearTables("auditLog", "invoicePayments", "stripeEvents", "invoiceLines", "invoiceNumberCounters");
    await clearTables("invoices");
    invoiceId = await issue();
  });

  test("Client admins and members who receive invoices may use Billing; other members and other companies may not", async () => {
    expect(await mayUseBilling({ userId: admin.id, companyId: kestrel })).toBe(true);
    expect(await mayUseBilling({ userId: payer.id, companyId: kestrel })).toBe(true);
    expect(await mayUseBilling({ userId: member.id, companyId: kestrel })).toBe(false);
    expect(await mayUseBilling({ userId: stranger.id, companyId: kestrel })).toBe(false);
    expect((await call(billingRoute.loader, "/user-dashboard/billing", { cookie: member.cookie })).status).toBe(404);
    const page = { params: { id: invoiceId } };
    expect((await call(invoiceRoute.loader, `/user-dashboard/billing/${invoiceId}`, { cookie: member.cookie, ...page })).status).toBe(404);
  });

  test("The list shows the company's issued invoices with the balance per currency; drafts and other companies' stay out", async () => {
    await createInvoiceDraft(FINANCE, kestrel, draftInput());
    const list = await call(billingRoute.loader, "/user-dashboard/billing", { cookie: payer.cookie });
    expect(list.status).toBe(200);
    const data = list.data as unknown as { open: { id: string; balance: number }[]; past: unknown[]; balances: unknown[] };
    expect(data.open.map((i) => [i.id, i.balance])).toEqual([[invoiceId, TOTAL]]);
    expect(data.past).toEqual([]);
    expect(data.balances).toEqual([{ currency: "EUR", due: TOTAL, overdue: 0, openInvoices: 1 }]);
    const theirs = await call(billingRoute.loader, "/user-dashboard/billing", { cookie: stranger.cookie });
    expect(theirs.data).toMatchObject({ open: [], past: [], balances: [] });
  });

  test("Opening an invoice marks it viewed once; another company's member gets 404", async () => {
    const path = `/user-dashboard/billing/${invoiceId}`;
    const opened = await call(invoiceRoute.loader, path, { cookie: admin.cookie, params: { id: invoiceId } });
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ invoice: { status: "viewed", balance: TOTAL }, canPay: true, pending: false });
    await call(invoiceRoute.loader, path, { cookie: payer.cookie, params: { id: invoiceId } });
    const views = await db().selectFrom("auditLog").select("action").where("action", "=", "invoice.view").execute();
    expect(views).toHaveLength(1);
    expect((await call(invoiceRoute.loader, path, { cookie: stranger.cookie, params: { id: invoiceId } })).status).toBe(404);
    expect(
      (await call(invoiceRoute.action, path, { cookie: stranger.cookie, params: { id: invoiceId }, form: { intent: "pay" } })).status,
    ).toBe(404);
  });

  test("Pay opens Checkout for the balance; the signed webhook records it and tells the company's streams", async () => {
    await recordPayment(FINANCE, invoiceId, {
      amount: 76_625,
      currency: "EUR",
      method: "bank-transfer",
      paidOn: "2026-11-20",
      reference: "",
    });
    const path = `/user-dashboard/billing/${invoiceId}`;
    const pay = await call(invoiceRoute.action, path, { cookie: payer.cookie, params: { id: invoiceId }, form: { intent: "pay" } });
    expect(pay.status).toBe(303);
    const sessionId = pay.location?.split("/").pop() ?? "";
    const created = standIn.requests.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    expect(created?.form).toMatchObject({
      line_items: [{ price_data: { unit_amount: "100000", currency: "eur" } }],
      success_url: `http://localhost${path}?paid=1&session={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://localhost${path}`,
    });
    const back = await call(invoiceRoute.loader, `${path}?paid=1&session=${sessionId}`, {
      cookie: payer.cookie,
      params: { id: invoiceId },
    });
    expect(back.data).toMatchObject({ pending: true });

    const heard = recordEvents();
    try {
      const { body, header } = standIn.signedDelivery(standIn.completeSession(sessionId));
      const reply = await answerStripeWebhook(
        new Request("http://localhost/api/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } }),
      );
      expect(reply.status).toBe(200);
      expect(heard.seen).toContainEqual({ type: "invoice.changed", id: invoiceId, companyId: kestrel });
    } finally {
      heard.stop();
    }
    expect(await getInvoice({ scope: "all", id: invoiceId })).toMatchObject({ status: "paid", balance: 0 });
    const after = await call(invoiceRoute.loader, `${path}?paid=1`, { cookie: payer.cookie, params: { id: invoiceId } });
    expect(after.data).toMatchObject({ pending: false, canPay: false, invoice: { status: "paid" } });
    expect(
      (await call(invoiceRoute.action, path, { cookie: payer.cookie, params: { id: invoiceId }, form: { intent: "pay" } })).status,
    ).toBe(409);
  });

  test("A session Stripe let expire is not pending: the page offers Pay again and Pay opens a new session", async () => {
    const expiring = await issue();
    const path = `/user-dashboard/billing/${expiring}`;
    const pay = () => call(invoiceRoute.action, path, { cookie: payer.cookie, params: { id: expiring }, form: { intent: "pay" } });
    const first = (await pay()).location?.split("/").pop() ?? "";
    // Pay twice while it is open: the same session.
    expect((await pay()).location?.split("/").pop()).toBe(first);
    const expired = standIn.expireSession(first);
    for (let i = 0; i < 2; i++) {
      const { body, header } = standIn.signedDelivery(expired);
      const reply = await answerStripeWebhook(
        new Request("http://localhost/api/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } }),
      );
      expect(reply.status).toBe(200);
    }
    const back = await call(invoiceRoute.loader, `${path}?paid=1&session=${first}`, { cookie: payer.cookie, params: { id: expiring } });
    expect(back.data).toMatchObject({ pending: false, canPay: true });
    const second = (await pay()).location?.split("/").pop() ?? "";
    expect(second).not.toBe(first);
    expect(standIn.sessions.get(second)?.status).toBe("open");
    const again = await call(invoiceRoute.loader, `${path}?paid=1&session=${second}`, { cookie: payer.cookie, params: { id: expiring } });
    expect(again.data).toMatchObject({ pending: true });
  });

  test("What you owe lists open invoices with a balance, overdue first, only for members who may use Billing", async () => {
    const later = await issue({ netDays: 30 });
    await db().updateTable("invoices").set({ dueDate: "2020-01-01" }).where("id", "=", later).execute();
    const paidOff = await issue();
    await recordPayment(FINANCE, paidOff, { amount: TOTAL, currency: "EUR", method: "cash", paidOn: "2026-11-20", reference: "" });
    const today = "2026-11-29";
    const scope = { userId: payer.id, companyId: kestrel };
    const owed = (await waitingOnYou(scope, { filesSince: 0, today, billing: true })).owed;
    expect(owed.map((o) => [o.id, o.overdue, o.balance])).toEqual([
      [later, true, TOTAL],
      [invoiceId, false, TOTAL],
    ]);
    expect((await waitingOnYou(scope, { filesSince: 0, today })).owed).toEqual([]);
  });
  test("The portal stream forwards a payment's invoice change as billing to that company's members only", async () => {
    const controller = new AbortController();
    const request = buildRequest("http://localhost/events/portal", { cookie: payer.cookie, signal: controller.signal });
    const response = (await portalEvents.loader({ request, params: {}, context: {} } as never)) as Response;
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    await reader.read();
    events().publish({ type: "invoice.changed", id: "inv-osprey", companyId: other });
    events().publish({ type: "invoice.changed", id: "inv-kestrel", companyId: kestrel });
    let text = "";
    while (!text.includes("inv-kestrel")) text += decoder.decode((await reader.read()).value);
    controller.abort();
    expect(text).not.toContain("inv-osprey");
    expect(text.match(/event: billing/g)).toHaveLength(1);
  });
});
