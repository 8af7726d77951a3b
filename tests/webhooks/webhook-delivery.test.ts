import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { Webhook } from "standardwebhooks";
import { newId } from "~/lib/ids";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { createDb, db } from "~/server/db/db.server";
import { createSmtpTransport } from "~/server/mail/mailer.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { createCompany } from "~/server/models/companies/companies-staff.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { closeComplaint } from "~/server/models/support/complaint-closing.server";
import { addReply, createComplaint } from "~/server/models/support/complaints.server";
import { saveChatAlert } from "~/server/models/webhooks/chat-alerts.server";
import { recordWebhookEvent } from "~/server/models/webhooks/webhook-changes.server";
import { listDeliveries, redeliver, sendTestEvent } from "~/server/models/webhooks/webhook-deliveries.server";
import { createWebhookEndpoint, getWebhookEndpoint, setWebhookEndpointEnabled } from "~/server/models/webhooks/webhook-endpoints.server";
import { RETRY_WINDOW_MS, retryDelayMs, startWebhookWorker, type WebhookWorkerOptions } from "~/server/webhooks/worker.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { hookHeaders, startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

// Decision 0103: events written with the change, delivered by a claimed worker, signed per
// Standard Webhooks, retried with backoff for a day, the endpoint disabled after a day of failures.

const LOCAL = new Set(["127.0.0.1", "localhost"]);
const lead = (name: string, requirement = "A React Native app for our delivery riders.") => ({
  name,
  email: `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`,
  phone: "+91 98200 12345",
  country: "India",
  requirement,
  consent: CURRENT_CONSENT_VERSION,
});

describe.each(testDatabases("webhook-delivery"))("Webhook delivery on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let receiver: WebhookReceiver;
  let smtp: TestSmtpServer;
  const worker = (options: WebhookWorkerOptions = {}) => startWebhookWorker({ poll: false, allowedHosts: LOCAL, ...options });
  const actor = () => ({ id: admin.id, email: admin.email, name: "Ada Admin" });

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { WEBHOOK_ALLOWED_HOSTS: "127.0.0.1,localhost", APP_URL: "https://agency.example" }));
    admin = await signInStaff("ada@indigokite.dev", { name: "Ada Admin" });
    receiver = await startWebhookReceiver();
    smtp = await startSmtpServer();
  }, 60_000);
  afterEach(async () => {
    receiver.received.length = 0;
    receiver.answer = () => ({ status: 200, body: "ok" });
    await clearTables("webhookDeliveries", "webhookEvents", "webhookEndpoints", "mailOutbox");
  });
  afterAll(async () => {
    await receiver.stop();
    await smtp.stop();
    await cleanup();
  });

  test("A company made in the console reaches the endpoint signed, and the standardwebhooks verifier accepts it", async () => {
    const endpointId = await createWebhookEndpoint(actor(), { url: `${receiver.url}/hooks`, events: ["company.created"] });
    const company = await createCompany(actor(), { name: "Kestrel Logistics", country: "Kenya" });
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    await w.stop();

    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0]!;
    const { secret } = (await getWebhookEndpoint(endpointId))!;
    expect(secret).toMatch(/^whsec_/);
    const payload = new Webhook(secret).verify(hook.body, hookHeaders(hook)) as Record<string, unknown>;
    expect(payload).toMatchObject({
      type: "company.created",
      version: 1,
      data: { object: "company", id: company.id, name: "Kestrel Logistics", country: "Kenya", origin: "staff" },
    });
    expect(typeof payload.timestamp).toBe("string");
    expect(hook.headers["webhook-id"]).toMatch(/^msg_/);
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(hook.body, hookHeaders(hook))).toThrow();

    const [delivery] = await listDeliveries(endpointId);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, responseStatus: 200, responseBody: "ok", type: "company.created" });
    expect(delivery!.durationMs).toBeGreaterThanOrEqual(0);
  });

  test("An endpoint gets only the events it chose", async () => {
    await createWebhookEndpoint(actor(), { url: receiver.url, events: ["lead.created"] });
    await createCompany(actor(), { name: "Not chosen" });
    expect(await db().selectFrom("webhookEvents").selectAll().execute()).toEqual([]);
    await submitQuote(lead("Lena Quote"));
    const w = worker();
    await w.runOnce();
    await w.stop();
    expect(receiver.received.map((h) => JSON.parse(h.body).type)).toEqual(["lead.created"]);
    expect(JSON.parse(receiver.received[0]!.body).data).toMatchObject({ object: "lead", name: "Lena Quote", status: "new" });
  });

  test("A change that rolls back writes no event", async () => {
    await createWebhookEndpoint(actor(), { url: receiver.url, events: ["company.created"] });
    const id = newId();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto("companies").values({ id, name: "Rolled back", createdAt: 1, updatedAt: 1 }).execute();
          expect(await recordWebhookEvent(trx, { type: "company.created", id }, Date.now())).toMatch(/^msg_/);
          throw new Error("the change fails after its event was written");
        }),
    ).rejects.toThrow("the change fails");
    expect(await db().selectFrom("webhookEvents").selectAll().execute()).toEqual([]);
    expect(await db().selectFrom("webhookDeliveries").selectAll().execute()).toEqual([]);
  });

  test("A receiver that fails is tried again with backoff until it answers, keeping at most 1 kB of each answer", async () => {
    const endpointId = await createWebhookEndpoint(actor(), { url: receiver.url, events: ["company.created"] });
    let calls = 0;
    receiver.answer = () => (++calls <= 2 ? { status: 500, body: "x".repeat(5000) } : { status: 204 });
    const t0 = Date.now();
    await createCompany(actor(), { name: "Flaky" }, t0);
    const w = worker({ now: () => t0, retryDelay: (attempts) => attempts * 60_000 });
    expect(await w.runOnce(t0)).toBe(0);
    let [delivery] = await listDeliveries(endpointId);
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 1,
      responseStatus: 500,
      lastError: "HTTP 500",
      nextAttemptAt: t0 + 60_000,
    });
    expect(delivery!.responseBody).toHaveLength(1024);
    // Not due yet: nothing is sent.
    expect(await w.runOnce(t0 + 59_000)).toBe(0);
    expect(receiver.received).toHaveLength(1);
    expect(await w.runOnce(t0 + 60_000)).toBe(0);
    [delivery] = await listDeliveries(endpointId);
    expect(delivery).toMatchObject({ status: "pending", attempts: 2, nextAttemptAt: t0 + 60_000 + 120_000 });
    expect(await w.runOnce(t0 + 180_000)).toBe(1);
    await w.stop();
    [delivery] = await listDeliveries(endpointId);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 3, responseStatus: 204, lastError: null });
    // The same event each time: one webhook-id.
    expect(new Set(receiver.received.map((h) => h.headers["webhook-id"])).size).toBe(1);
    expect((await getWebhookEndpoint(endpointId))!.failingSince).toBeNull();
  });

  test("The default backoff grows from 10 s by three times each try and stops growing at 6 h", () => {
    const none = () => 0;
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, none))).toEqual([10_000, 30_000, 90_000, 270_000]);
    expect(retryDelayMs(20, none)).toBe(6 * 3_600_000);
    expect(retryDelayMs(1, () => 1)).toBe(11_000);
  });

  test("Each event is delivered once when two instances' workers claim the same outbox", async () => {
    await createWebhookEndpoint(actor(), { url: receiver.url, events: ["company.created"] });
    for (let i = 0; i < 24; i++) await createCompany(actor(), { name: `Twin ${i}` });
    const url = process.env.DATABASE_URL!;
    const [one, two] = [createDb(url), createDb(url)];
    const a = worker({ db: one, lanes: 3 });
    const b = worker({ db: two, lanes: 3 });
    try {
      const [sentA, sentB] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(sentA + sentB).toBe(24);
      expect(sentA).toBeGreaterThan(0);
      expect(sentB).toBeGreaterThan(0);
    } finally {
      await a.stop();
      await b.stop();
      await one.destroy();
      await two.destroy();
    }
    const ids = receiver.received.map((h) => h.headers["webhook-id"]);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    const delivered = await db().selectFrom("webhookDeliveries").select("attempts").where("status", "=", "delivered").execute();
    expect(delivered.map((d) => Number(d.attempts))).toEqual(Array(24).fill(1));
  });

  test("An endpoint that fails for a whole day is disabled, its admins get a mail, and it gets events again once enabled", async () => {
    const endpointId = await createWebhookEndpoint(actor(), { url: `${receiver.url}/down`, events: ["company.created"] });
    receiver.answer = () => ({ status: 503, body: "down for maintenance" });
    const t0 = Date.now();
    await createCompany(actor(), { name: "Day of failures" }, t0);
    const w = worker({ retryDelay: (n) => retryDelayMs(n, () => 0) });
    let now = t0;
    for (let round = 0; round < 30; round++) {
      await w.runOnce(now);
      const [d] = await listDeliveries(endpointId);
      if (d!.status !== "pending") break;
      now = d!.nextAttemptAt;
    }
    const [delivery] = await listDeliveries(endpointId);
    expect(delivery).toMatchObject({ status: "failed", lastError: "HTTP 503", responseBody: "down for maintenance" });
    expect(now - t0).toBe(RETRY_WINDOW_MS);
    expect(delivery!.attempts).toBe(receiver.received.length);
    expect(delivery!.attempts).toBeGreaterThanOrEqual(10);
    const endpoint = (await getWebhookEndpoint(endpointId))!;
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.disabledReason).toContain("HTTP 503");

    const mailer = startMailWorker({ transport: createSmtpTransport(smtp.url), from: "Agency <no-reply@agency.example>", poll: false });
    // Queued at the worker's clock: a day after the event.
    await mailer.runOnce(now);
    await mailer.stop();
    const mail = smtp.messages.find((m) => m.subject.startsWith("A webhook endpoint was disabled"));
    expect(mail?.to).toEqual([admin.email]);
    expect(mail!.raw).toContain("/employee-dashboard/settings/webhooks/");

    // Disabled, it is left out of new events; enabled again, it gets them.
    await createCompany(actor(), { name: "While disabled" });
    receiver.answer = () => ({ status: 200 });
    const before = receiver.received.length;
    expect(await w.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(before);
    await setWebhookEndpointEnabled(actor(), endpointId, true);
    await createCompany(actor(), { name: "Enabled again" });
    expect(await w.runOnce()).toBe(1);
    await w.stop();
    expect(JSON.parse(receiver.received.at(-1)!.body).data.name).toBe("Enabled again");
  });

  test("A client's support request is reported opened, replied and closed, each with the resource as the API shows it", async () => {
    await createWebhookEndpoint(actor(), {
      url: receiver.url,
      events: ["support_request.opened", "support_request.replied", "support_request.closed"],
    });
    const client = await signUp(`client-${newId().slice(0, 8)}@example.com`, "Cleo Client");
    const companyId = await companyOf(client);
    const member = { id: client.id, email: client.email, name: "Cleo Client", companyId };
    const complaint = await createComplaint({ companyId, createdBy: client.id }, { subject: "Export fails", message: "The CSV is empty." });
    const reply = await addReply({ complaintId: complaint.id, companyId, member }, "Still empty today.");
    await closeComplaint(member, complaint.id);
    const w = worker({ lanes: 1 });
    expect(await w.runOnce()).toBe(3);
    await w.stop();
    const events = new Map(
      receiver.received.map((h) => JSON.parse(h.body) as { type: string; data: Record<string, unknown> }).map((e) => [e.type, e.data]),
    );
    expect([...events.keys()].sort()).toEqual(["support_request.closed", "support_request.opened", "support_request.replied"]);
    expect(events.get("support_request.opened")).toMatchObject({
      object: "support_request",
      id: complaint.id,
      subject: "Export fails",
      status: "Pending",
    });
    expect(events.get("support_request.replied")).toMatchObject({
      object: "support_reply",
      id: reply!.id,
      supportRequestId: complaint.id,
      side: "client",
      text: "Still empty today.",
    });
    expect(events.get("support_request.closed")).toMatchObject({ object: "support_request", id: complaint.id, status: "Closed" });
  });

  test("A chat alert gets a text message with the new lead and its console link", async () => {
    await saveChatAlert(actor(), "new_lead", `${receiver.url}/slack`);
    await submitQuote(lead("Chat Lead", "A booking site for our three clinics."));
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    await w.stop();
    const hook = receiver.received[0]!;
    expect(hook.path).toBe("/slack");
    const body = JSON.parse(hook.body) as { text: string };
    expect(Object.keys(body)).toEqual(["text"]);
    expect(body.text).toContain("New lead from Chat Lead: A booking site for our three clinics.");
    expect(body.text).toMatch(/https:\/\/agency\.example\/employee-dashboard\/leads\/\S+/);
  });

  test("“Send test event” reaches a disabled endpoint too, and “Redeliver” sends the same event again", async () => {
    const endpointId = await createWebhookEndpoint(actor(), { url: receiver.url, events: ["invoice.paid"] });
    await setWebhookEndpointEnabled(actor(), endpointId, false);
    await setWebhookEndpointEnabled(actor(), endpointId, true);
    await sendTestEvent(actor(), endpointId);
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    const [first] = await listDeliveries(endpointId);
    expect(first).toMatchObject({ type: "webhook.test", status: "delivered" });
    await redeliver(actor(), endpointId, first!.id);
    await expect(redeliver(actor(), endpointId, "no-such-delivery")).rejects.toMatchObject({ kind: "not-found" });
    expect(await w.runOnce()).toBe(1);
    await w.stop();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);
    expect(await listDeliveries(endpointId)).toHaveLength(2);
    const audit = await db().selectFrom("auditLog").select("action").where("entity", "=", "webhook").orderBy("createdAt").execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["webhook.create", "webhook.disable", "webhook.enable", "webhook.test", "webhook.redeliver"]),
    );
  });

  test("A delivery to a host that resolves to a private address is refused without a request and recorded", async () => {
    const endpointId = await createWebhookEndpoint(actor(), { url: "https://hooks.rebind.example/in", events: ["company.created"] });
    await createCompany(actor(), { name: "Rebound" });
    const w = startWebhookWorker({ poll: false, allowedHosts: new Set(), resolve: async () => [{ address: "10.1.2.3", family: 4 }] });
    expect(await w.runOnce()).toBe(0);
    await w.stop();
    const [delivery] = await listDeliveries(endpointId);
    expect(delivery).toMatchObject({ status: "pending", responseStatus: null });
    expect(delivery!.lastError).toBe("refused: hooks.rebind.example resolves to 10.1.2.3, which is not a public address");
  });
});
