import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as endpointPage from "~/routes/console/webhook";
import * as listPage from "~/routes/console/webhooks";
import { db } from "~/server/db/db.server";
import { getWebhookEndpoint } from "~/server/models/webhooks/webhook-endpoints.server";
import { signInStaff, type TestUser } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";

// Decision 0103: console → Settings → Webhooks, admin only: adding an endpoint, its refusals in
// place, its page (secret, log), chat alerts.

const LIST = "/employee-dashboard/settings/webhooks";
const same = { Origin: "http://localhost", Host: "localhost" };

describe.each(testDatabases("webhooks-console"))("The Webhooks pages on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let delivery: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" }));
    admin = await signInStaff("ada@indigokite.dev", { name: "Ada Admin" });
    delivery = await signInStaff("dev@indigokite.dev", { name: "Dev", staffRole: "delivery" });
  });
  afterAll(() => cleanup());

  test("An admin adds an endpoint and lands on its page, which shows its signing secret and an empty log", async () => {
    const added = await call(listPage.action, LIST, {
      cookie: admin.cookie,
      headers: same,
      form: { intent: "add", url: "https://hooks.example.com/agency", description: "CRM", events: ["approval.decided", "lead.created"] },
    });
    expect(added.status).toBe(302);
    const id = added.location!.match(/webhooks\/([\w-]+)\?notice=added$/)![1]!;
    const page = await call(endpointPage.loader, `${LIST}/${id}`, { cookie: admin.cookie, params: { id } });
    const data = page.data as unknown as Awaited<ReturnType<typeof endpointPage.loader>>;
    expect(data.endpoint).toMatchObject({
      url: "https://hooks.example.com/agency",
      description: "CRM",
      enabled: true,
      events: ["lead.created", "approval.decided"],
    });
    expect(data.endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    expect(data.deliveries).toEqual([]);

    const rotated = await call(endpointPage.action, `${LIST}/${id}`, {
      cookie: admin.cookie,
      headers: same,
      params: { id },
      form: { intent: "rotate-secret" },
    });
    expect(rotated.data).toMatchObject({ status: "success" });
    expect((await getWebhookEndpoint(id))!.secret).not.toBe(data.endpoint.secret);
  });

  test("A private, loopback or plain-http URL is refused beside the URL field", async () => {
    for (const url of ["https://169.254.169.254/latest", "https://[::1]/hook", "http://hooks.example.com/in", "https://10.0.0.8/in"]) {
      const refused = await call(listPage.action, LIST, {
        cookie: admin.cookie,
        headers: same,
        form: { intent: "add", url, events: "lead.created" },
      });
      expect(refused.status, url).toBe(400);
      expect((refused.data?.result as { error?: Record<string, string[]> }).error?.url?.[0]).toMatch(
        /private, loopback or reserved|must start with https/,
      );
    }
    // Plain http to an allowed host is accepted.
    const allowed = await call(listPage.action, LIST, {
      cookie: admin.cookie,
      headers: same,
      form: { intent: "add", url: "http://127.0.0.1:9/in", events: "lead.created" },
    });
    expect(allowed.status).toBe(302);
    const none = await call(listPage.action, LIST, {
      cookie: admin.cookie,
      headers: same,
      form: { intent: "add", url: "https://hooks.example.com/x" },
    });
    expect(none.status).toBe(400);
  });

  test("A chat alert's URL is saved per alert kind, and an empty one switches it off", async () => {
    const saved = await call(listPage.action, LIST, {
      cookie: admin.cookie,
      headers: same,
      form: { intent: "chat-alert", alert: "support_request", url: "https://hooks.slack.com/services/T0/B0/xyz" },
    });
    expect(saved.data).toMatchObject({ status: "success", targetId: "support_request" });
    const listed = await call(listPage.loader, LIST, { cookie: admin.cookie });
    const chat = (listed.data as unknown as Awaited<ReturnType<typeof listPage.loader>>).chat;
    expect(chat.support_request).toMatchObject({ url: "https://hooks.slack.com/services/T0/B0/xyz", events: ["support_request.opened"] });
    expect(chat.new_lead).toBeNull();
    const off = await call(listPage.action, LIST, {
      cookie: admin.cookie,
      headers: same,
      form: { intent: "chat-alert", alert: "support_request", url: "" },
    });
    expect(off.data).toMatchObject({ status: "success" });
    expect(await db().selectFrom("webhookEndpoints").select("id").where("kind", "=", "chat").execute()).toEqual([]);
  });

  test("Staff without Settings (delivery) are refused both pages and their forms", async () => {
    expect((await call(listPage.loader, LIST, { cookie: delivery.cookie })).status).toBe(403);
    const posted = await call(listPage.action, LIST, {
      cookie: delivery.cookie,
      headers: same,
      form: { intent: "add", url: "https://x.example.com", events: "lead.created" },
    });
    expect(posted.status).toBe(403);
    const [any] = await db().selectFrom("webhookEndpoints").select("id").execute();
    expect((await call(endpointPage.loader, `${LIST}/${any!.id}`, { cookie: delivery.cookie, params: { id: any!.id } })).status).toBe(403);
    const test = await call(endpointPage.action, `${LIST}/${any!.id}`, {
      cookie: delivery.cookie,
      headers: same,
      params: { id: any!.id },
      form: { intent: "test" },
    });
    expect(test.status).toBe(403);
    expect(await db().selectFrom("webhookEvents").select("id").execute()).toEqual([]);
  });
});
