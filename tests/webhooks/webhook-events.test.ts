import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { Webhook } from "standardwebhooks";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { action as applySubmit } from "~/routes/resources/apply-submit";
import { db } from "~/server/db/db.server";
import { issueFormToken } from "~/server/defence/spam-defence.server";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { recordPayment } from "~/server/models/billing/invoice-payments.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { createOpening } from "~/server/models/pipeline/openings.server";
import { addMilestone, updateMilestone } from "~/server/models/projects/milestones.server";
import { createStaffProject, updateStaffProject } from "~/server/models/projects/projects-staff.server";
import { createWebhookEndpoint, getWebhookEndpoint } from "~/server/models/webhooks/webhook-endpoints.server";
import { startWebhookWorker } from "~/server/webhooks/worker.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { uploadFiles } from "../helpers/project-uploads";
import { hookHeaders, startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { draftInput } from "../billing/helpers";
import { pdf } from "../fixtures/make-files";

// Decision 0103: every event type an endpoint can choose arrives once, signed, from the real change
// (the route or model a person uses), carrying the resource as the API shows it. The support
// request's three events, lead.created, company.created and approval.decided are in
// webhook-delivery.test.ts and e2e/webhooks.spec.ts.

const LOCAL = new Set(["127.0.0.1", "localhost"]);

describe.each(testDatabases("webhook-events"))("Webhook events on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let client: TestUser;
  let companyId: string;
  let receiver: WebhookReceiver;
  const actor = () => ({ id: admin.id, email: admin.email, name: "Ada Admin" });

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { WEBHOOK_ALLOWED_HOSTS: "127.0.0.1,localhost", APP_URL: "https://agency.example" }));
    admin = await signInStaff("ada@indigokite.dev", { name: "Ada Admin" });
    client = await signUp("cleo@kestrel.example", "Cleo Client");
    companyId = await companyOf(client);
    receiver = await startWebhookReceiver();
  }, 60_000);
  afterEach(async () => {
    receiver.received.length = 0;
    await clearTables("webhookDeliveries", "webhookEvents", "webhookEndpoints");
  });
  afterAll(async () => {
    await receiver.stop();
    await cleanup();
  });

  /** Subscribes one endpoint to `type`, runs `change`, delivers, and returns the verified payloads. */
  type EventType = Parameters<typeof createWebhookEndpoint>[1]["events"][number];
  async function deliveredFor(type: EventType, change: () => Promise<unknown>) {
    const endpointId = await createWebhookEndpoint(actor(), { url: `${receiver.url}/${type}`, events: [type] });
    await change();
    const worker = startWebhookWorker({ poll: false, allowedHosts: LOCAL, lanes: 1 });
    await worker.runOnce();
    await worker.stop();
    const { secret } = (await getWebhookEndpoint(endpointId))!;
    return receiver.received.map(
      (hook) => new Webhook(secret).verify(hook.body, hookHeaders(hook)) as { type: string; data: Record<string, unknown> },
    );
  }

  const project = (title: string) =>
    createStaffProject(actor(), { companyId }, { title, description: "Delivery tracking.", status: "planned" });

  test("An application sent on the careers page is reported once as application.received, without the resume's bytes", async () => {
    const opening = await createOpening(null, {
      title: "Backend Engineer",
      location: "Pune",
      type: "Full-time",
      description: "Build APIs.",
      salary: "",
      requirements: ["Node.js"],
    });
    const events = await deliveredFor("application.received", async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        name: "Ravi Kumar",
        email: "ravi.kumar@example.com",
        message: "I would love to join.",
        formToken: issueFormToken(Date.now() - 5_000),
        website: "",
        consent: CURRENT_CONSENT_VERSION,
      }))
        form.set(k, v);
      form.set("resume", new File([new Uint8Array(pdf())], "cv.pdf", { type: "application/pdf" }));
      const request = new Request(`http://localhost/apply/${opening.id}/submit`, {
        method: "POST",
        body: form,
        headers: { Origin: "http://localhost", Host: "localhost" },
      });
      const response = (await applySubmit({
        request,
        params: { id: opening.id },
        context: { clientIp: "203.0.113.9" },
      } as never)) as Response;
      expect(response.status).toBe(200);
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "application.received",
      data: { object: "application", name: "Ravi Kumar", email: "ravi.kumar@example.com" },
    });
    expect(JSON.stringify(events[0])).not.toContain("%PDF");
  });

  test("A project's status changed in the console is reported; an edit that keeps the status is not", async () => {
    const kite = await project("Kite app");
    const events = await deliveredFor("project.status_changed", async () => {
      await updateStaffProject(actor(), kite.id, { title: "Kite app 2", description: "Delivery tracking.", status: "planned" });
      await updateStaffProject(actor(), kite.id, { title: "Kite app 2", description: "Delivery tracking.", status: "in_progress" });
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "project.status_changed", data: { object: "project", id: kite.id, status: "in_progress" } });
  });

  test("A milestone set to Done is reported as milestone.done once, however often it is saved after", async () => {
    const kite = await project("Milestone app");
    const milestoneId = "00000000-0000-4000-8000-0000000000d1";
    await addMilestone(actor(), kite.id, { title: "Design sign-off", status: "in_progress" }, Date.now(), milestoneId);
    const events = await deliveredFor("milestone.done", async () => {
      await updateMilestone(actor(), kite.id, milestoneId, { title: "Design sign-off", status: "done" });
      await updateMilestone(actor(), kite.id, milestoneId, { title: "Design sign-off (final)", status: "done" });
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "milestone.done", data: { object: "milestone", id: milestoneId, status: "done" } });
  });

  test("Files a client shares on a project are reported, one file.shared per file", async () => {
    const kite = await project("Files app");
    await db()
      .updateTable("projects")
      .set({ clientUploads: database.name === "sqlite" ? 1 : true })
      .where("id", "=", kite.id)
      .execute();
    const events = await deliveredFor("file.shared", async () => {
      const response = await uploadFiles(client, kite.id, [
        [pdf(), "brief.pdf"],
        [pdf(), "scope.pdf"],
      ]);
      expect(response.status).toBe(200);
    });
    expect(events.map((e) => e.type)).toEqual(["file.shared", "file.shared"]);
    expect(events.map((e) => e.data.name).sort()).toEqual(["brief.pdf", "scope.pdf"]);
  });

  test("An invoice issued and then paid in full is reported as invoice.issued and invoice.paid, with money in minor units", async () => {
    const draft = await createInvoiceDraft(actor(), companyId, draftInput());
    let total = 0;
    const issued = await deliveredFor("invoice.issued", async () => {
      await issueInvoice(actor(), draft.id, draft.version);
      total = Number((await db().selectFrom("invoices").select("total").where("id", "=", draft.id).executeTakeFirstOrThrow()).total);
    });
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      type: "invoice.issued",
      data: { object: "invoice", id: draft.id, total: { amount: total, currency: "EUR" } },
    });
    receiver.received.length = 0;
    await clearTables("webhookDeliveries", "webhookEvents", "webhookEndpoints");

    const paid = await deliveredFor("invoice.paid", async () => {
      const payment = { currency: "EUR", method: "bank-transfer", paidOn: "2026-11-20", reference: "" } as const;
      await recordPayment(actor(), draft.id, { ...payment, amount: 100 });
      await recordPayment(actor(), draft.id, { ...payment, amount: total - 100 });
    });
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ type: "invoice.paid", data: { object: "invoice", id: draft.id, status: "paid" } });
  });
});
