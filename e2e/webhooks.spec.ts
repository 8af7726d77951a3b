import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import type Database from "better-sqlite3";
import { Webhook } from "standardwebhooks";
import { signIn } from "./fixtures";
import { openDatabase, uniqueId } from "./helpers";
import { insertCompanyWithProject } from "./seed-rows";

// Decision 0103: an admin adds a webhook in the console; a client approves a milestone in the
// portal; the receiver (on 127.0.0.1, in WEBHOOK_ALLOWED_HOSTS) gets the event, signed with the
// secret the endpoint's page shows.

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

test("An admin adds a webhook; a client's approval reaches the receiver, correctly signed", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve()));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/agency-${uniqueId()}`;
  let endpointId: string | undefined;
  const client = await browser.newContext();
  try {
    const admin = await signIn(page, { role: "employee" });
    await page.goto("/employee-dashboard/settings");
    await page.getByRole("main").getByRole("link", { name: "Webhooks" }).click();
    const form = page.getByRole("form", { name: "Add endpoint" });
    await form.getByLabel("URL").fill(hookUrl);
    await form.getByLabel("Description").fill("Our CRM");
    await form.getByLabel(/Approval decided/).check();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Endpoint added." })).toBeVisible();
    const secret = (await page.getByLabel("Signing secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    endpointId = page.url().match(/webhooks\/([\w-]+)/)![1];

    // A project of a company with a milestone waiting for the client's approval.
    const { companyId, projectId } = insertCompanyWithProject(db, uniqueId(), admin.id);
    const milestoneId = randomUUID();
    const approvalId = randomUUID();
    const now = Date.now();
    db.prepare(
      "insert into milestones (id, project_id, title, due_date, status, position, created_at, updated_at) values (?, ?, 'Design', null, 'waiting', 1, ?, ?)",
    ).run(milestoneId, projectId, now, now);
    db.prepare(
      "insert into approvals (id, project_id, subject_type, subject_id, requested_by_name, requested_at, note, status, comment) values (?, ?, 'milestone', ?, 'Priya Sharma', ?, 'Screens are ready.', 'pending', '')",
    ).run(approvalId, projectId, milestoneId, now);

    const portal = await client.newPage();
    const member = await signIn(portal, { role: "client", emailVerified: true });
    db.prepare("update users set company_id = ?, client_admin = 0 where id = ?").run(companyId, member.id);
    await portal.goto(`/user-dashboard/projects/${projectId}`);
    const decide = portal.getByRole("form", { name: 'Decide on Milestone "Design"' });
    await decide.getByLabel("Comment").fill("Looks great.");
    await decide.getByRole("button", { name: "Approve" }).click();
    await expect(portal.getByRole("status").filter({ hasText: "Approved. The team has been told." })).toBeVisible();

    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const hook = received[0]!;
    const payload = new Webhook(secret).verify(hook.body, {
      "webhook-id": String(hook.headers["webhook-id"]),
      "webhook-timestamp": String(hook.headers["webhook-timestamp"]),
      "webhook-signature": String(hook.headers["webhook-signature"]),
    });
    expect(payload).toMatchObject({
      type: "approval.decided",
      version: 1,
      data: {
        object: "approval",
        id: approvalId,
        projectId,
        status: "approved",
        comment: "Looks great.",
        subject: { type: "milestone", id: milestoneId },
      },
    });

    // The endpoint's log shows the delivery with the receiver's answer.
    await page.reload();
    const log = page.getByRole("list", { name: "Deliveries" });
    await expect(log.getByRole("listitem")).toHaveCount(1);
    await expect(log).toContainText("Approval decided");
    await expect(log).toContainText("delivered · 1 attempt · HTTP 200");
    await expect(log).toContainText("thanks");
  } finally {
    await client.close();
    // Other specs decide approvals on this server too: the endpoint goes with this test.
    if (endpointId) {
      db.prepare("delete from webhook_deliveries where endpoint_id = ?").run(endpointId);
      db.prepare("delete from webhook_endpoints where id = ?").run(endpointId);
    }
    await new Promise((resolve) => receiver.close(resolve));
  }
});
