import { createHmac, hkdfSync, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signIn } from "./fixtures";
import { AUTH_SECRET, openDatabase, uniqueId, waitForHydration, waitForMail } from "./helpers";

// Decision 0046: a notification mail's unsubscribe link, followed from the .eml
// the server wrote. The mail is queued the way `notify` queues an immediate one (the event sites
// that call it belong to other parts of the issue); the server's own worker writes it out.

/** The link app/server/mail/unsubscribe-token.server.ts signs, with the server's AUTH_SECRET. */
function unsubscribeLink(userId: string, scope: string): string {
  const payload = `1:${userId}:${scope}`;
  const key = Buffer.from(hkdfSync("sha256", AUTH_SECRET(), "", "mail-unsubscribe-link", 32));
  const mac = createHmac("sha256", key).update(payload).digest("base64url");
  return `${process.env.E2E_BASE_URL}/unsubscribe?token=${Buffer.from(payload).toString("base64url")}.${mac}`;
}

function queueNotificationMail(user: { id: string; email: string }, type: string, title: string): void {
  const db = openDatabase();
  try {
    const now = Date.now();
    const notificationId = randomUUID();
    const url = unsubscribeLink(user.id, type);
    db.prepare(
      "insert into notifications (id, user_id, type, event_key, title, body, link, actor_name, created_at, read_at) values (?, ?, ?, ?, ?, '', '/user-dashboard/support', 'Ada', ?, null)",
    ).run(notificationId, user.id, type, `e2e:${notificationId}`, title, now);
    db.prepare(
      "insert into mail_outbox (id, idempotency_key, to_address, subject, text_body, html_body, status, attempts, next_attempt_at, locked_until, last_error, created_at, sent_at, headers, user_id, notification_id) values (?, ?, ?, ?, ?, null, 'pending', 0, ?, 0, null, ?, null, ?, ?, ?)",
    ).run(
      randomUUID(),
      `notification:${notificationId}`,
      user.email,
      title,
      `${title}\n\nYou get this e-mail for this kind of notification. Unsubscribe: ${url}\n`,
      now,
      now,
      JSON.stringify({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }),
      user.id,
      notificationId,
    );
  } finally {
    db.close();
  }
}

function choiceOf(userId: string, type: string): string | undefined {
  const db = openDatabase();
  try {
    return (
      db.prepare("select choice from notification_preferences where user_id = ? and type = ?").get(userId, type) as
        { choice: string } | undefined
    )?.choice;
  } finally {
    db.close();
  }
}

test("A client unsubscribes from one notification type by the mail's link; the others stay on", async ({ page, browser, request }) => {
  const client = await signIn(page, { role: "client", email: `una-${uniqueId()}@example.com`, emailVerified: true });
  const since = Date.now();
  queueNotificationMail(client, "staff_reply", "Ada replied to “Login fails”");
  const eml = await waitForMail(client.email, since, /replied/);
  expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  const header = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(eml)?.[1];
  expect(header).toContain("/unsubscribe?token=");
  const link = new URL(header!);

  // A stranger's browser (no session): opening the link only asks.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  try {
    await visitor.goto(link.pathname + link.search);
    await waitForHydration(visitor);
    await expect(visitor.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
    await expect(visitor.getByText("Replies from the team")).toBeVisible();
    expect(choiceOf(client.id, "staff_reply")).toBeUndefined();
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(visitor.getByRole("heading", { name: "Unsubscribed" })).toBeVisible();
    await expect(visitor.getByRole("status")).toContainText("we no longer send");
    expect(choiceOf(client.id, "staff_reply")).toBe("off");

    // An altered link says so and changes nothing.
    const altered = `${link.pathname}?token=${link.searchParams.get("token")!.replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`;
    const reply = await visitor.goto(altered);
    expect(reply?.status()).toBe(400);
    await expect(visitor.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  } finally {
    await context.close();
  }

  // What a mail provider does with List-Unsubscribe-Post: a POST from its servers, no Origin, no cookie.
  const oneClick = await request.post(
    new URL(unsubscribeLink(client.id, "file_shared")).pathname + new URL(unsubscribeLink(client.id, "file_shared")).search,
    {
      form: { "List-Unsubscribe": "One-Click" },
      headers: { Cookie: "" },
    },
  );
  expect(oneClick.status()).toBe(200);
  expect(choiceOf(client.id, "file_shared")).toBe("off");

  // The client's own preferences page shows that type off and the others as they were.
  await page.goto("/user-dashboard/notifications/preferences");
  await waitForHydration(page);
  await expect(page.getByRole("radio", { name: "Replies from the team: Off" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Files shared: Off" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Request status changes: Immediately" })).toBeChecked();
});

test("Without JavaScript, a failing preference form comes back with the values and the reason", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await signIn(page, { role: "client", email: `nojs-${uniqueId()}@example.com`, emailVerified: true });
    await page.goto("/user-dashboard/notifications/preferences");
    await page.getByRole("radio", { name: "Approvals requested: Off" }).check();
    await page.getByLabel("Time zone").fill("Nowhere/Special");
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByText(/Unknown time zone/)).toBeVisible();
    await expect(page.getByRole("radio", { name: "Approvals requested: Off" })).toBeChecked();
    await expect(page.getByLabel("Time zone")).toHaveValue("Nowhere/Special");
  } finally {
    await context.close();
  }
});

test("A failing preference form keeps the values and says why; a good one is saved", async ({ page }) => {
  await signIn(page, { role: "client", email: `pref-${uniqueId()}@example.com`, emailVerified: true });
  await page.goto("/user-dashboard/notifications/preferences");
  await waitForHydration(page);
  await page.getByRole("radio", { name: "Files shared: Daily digest" }).check();
  await page.getByLabel("Send it at").selectOption("7");
  await page.getByLabel("Time zone").fill("Mars/Olympus_Mons");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText(/Unknown time zone/)).toBeVisible();
  await expect(page.getByRole("radio", { name: "Files shared: Daily digest" })).toBeChecked();
  await expect(page.getByLabel("Send it at")).toHaveValue("7");
  await page.getByLabel("Time zone").fill("Europe/Berlin");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Your e-mail preferences are saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("radio", { name: "Files shared: Daily digest" })).toBeChecked();
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
});
