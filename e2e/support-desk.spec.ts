import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { createSignedInUser, signIn } from "./fixtures";
import { ensureCompanyOf, openDatabase, storeTheme, uniqueId, waitForHydration, waitForMail } from "./helpers";

// The support desk. A client replies → the assignee gets the notification and its
// mail (the bell is another branch's); staff add an internal note → the client never sees it: not on
// the page, not in the page's .data, not on the portal's event stream, not in a mail. Without
// JavaScript: saved replies, the picker, assignment, priority, notes, and the client's close and reopen.

// Two people, several round trips each: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

function insertRequest(companyId: string, createdBy: string, subject: string): string {
  const id = randomUUID();
  const now = Date.now();
  db.prepare(
    "insert into complaints (id, company_id, created_by, subject, message, status, created_at, updated_at, waiting_since) values (?, ?, ?, ?, 'The invoice page is blank.', 'Pending', ?, ?, ?)",
  ).run(id, companyId, createdBy, subject, now - 3 * 3_600_000, now - 3 * 3_600_000, now - 3 * 3_600_000);
  return id;
}

test("A client's reply reaches the assignee, and an internal note never reaches the client by page, data, stream or mail", async ({
  page,
  browser,
  baseURL,
}) => {
  const started = Date.now();
  const subject = `Invoices ${uniqueId()}`;
  const note = `NOTE-E2E-SECRET ${uniqueId()} they owe two invoices`;
  const client = await signIn(page, { role: "client", emailVerified: true });
  const requestId = insertRequest(ensureCompanyOf(client.id), client.id, subject);

  const staffContext = await browser.newContext({ baseURL });
  const staffPage = await staffContext.newPage();
  const staff = await signIn(staffPage, { role: "employee", staffRole: "delivery" });
  await staffPage.goto(`/employee-dashboard/support/${requestId}`);
  await waitForHydration(staffPage);
  const console_ = staffPage.getByRole("main");
  await expect(console_.getByText("Waiting 3 h")).toHaveAttribute("title", /^Since /);
  await console_.getByRole("button", { name: "Assign to me" }).click();
  await expect(console_.getByRole("status").filter({ hasText: "Assigned to you." })).toBeVisible();
  await console_.getByRole("combobox", { name: "Priority" }).selectOption({ label: "High" });
  await console_.getByRole("button", { name: "Save priority" }).click();
  await expect(console_.getByText("Priority: High")).toBeVisible();

  // The client's Support panel is open, listening to its event stream, while staff write the note.
  await page.goto("/user-dashboard/support");
  await waitForHydration(page);
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { deskEvents: string[] }).deskEvents = seen;
    const stream = new EventSource("/events/portal");
    stream.onmessage = (event) => seen.push(event.data);
    for (const name of ["complaints", "projects"])
      stream.addEventListener(name, (event) => seen.push(`${name}:${(event as MessageEvent).data}`));
  });
  const card = page.getByRole("main").getByRole("article").filter({ hasText: subject });
  await expect(card.getByText("Waiting on the agency")).toBeVisible();

  // The composer opens on Reply; the arrow keys move between its tabs.
  const replyTab = console_.getByRole("tab", { name: "Reply" });
  const noteTab = console_.getByRole("tab", { name: "Internal note" });
  await expect(replyTab).toHaveAttribute("aria-selected", "true");
  await expect(console_.getByRole("tabpanel", { name: "Reply" }).getByLabel("Your reply")).toBeVisible();
  await replyTab.focus();
  await staffPage.keyboard.press("ArrowRight");
  await expect(noteTab).toBeFocused();
  await expect(noteTab).toHaveAttribute("aria-selected", "true");
  await expect(console_.getByRole("tabpanel", { name: "Internal note" })).toContainText("Only staff see this");
  await expect(console_.getByLabel("Your reply")).toBeHidden();
  await staffPage.keyboard.press("ArrowLeft");
  await expect(replyTab).toBeFocused();
  await expect(replyTab).toHaveAttribute("aria-selected", "true");
  await staffPage.keyboard.press("End");
  await expect(noteTab).toBeFocused();
  await console_.getByLabel("New internal note").fill(note);
  await console_.getByRole("button", { name: "Add internal note" }).click();
  const notes = console_.getByRole("list", { name: "Internal notes" });
  await expect(notes.getByText(note)).toBeVisible();
  await expect(notes.getByText("Internal note — not visible to the client")).toBeVisible();
  await expect(console_.getByRole("status").filter({ hasText: "Note added. Only staff can see it." })).toBeVisible();
  // A saved note hands the box back to Reply: the first box on the page is the reply again.
  await expect(replyTab).toHaveAttribute("aria-selected", "true");
  const firstBox = console_.getByRole("textbox").first();
  await expect(firstBox).toHaveAccessibleName("Your reply");
  await firstBox.fill("We are looking at the invoice page.");
  await console_.getByRole("button", { name: "Send Reply" }).click();
  await expect(console_.getByRole("list", { name: "Replies" }).getByText("We are looking at the invoice page.")).toBeVisible();

  await expect(card.getByText("We are looking at the invoice page.")).toBeVisible();
  await expect(card.getByText("Agency replied")).toBeVisible();
  await expect(card).toContainText("Status: Pending");
  await expect(page.getByRole("main")).not.toContainText("NOTE-E2E-SECRET");
  const events = await page.evaluate(() => (window as unknown as { deskEvents: string[] }).deskEvents);
  expect(events.join("\n")).not.toContain("NOTE-E2E-SECRET");
  const data = await page.request.get("/user-dashboard/support.data");
  expect(data.status()).toBe(200);
  expect(await data.text()).not.toContain("NOTE-E2E-SECRET");
  const staffMail = await waitForMail(client.email, started, /New reply to your support request/);
  expect(staffMail).not.toContain("NOTE-E2E-SECRET");

  // The client answers: the assignee (only) is notified, and mailed.
  await card.getByLabel(`Reply to ${subject}`).fill("Still blank for me.");
  await card.getByRole("button", { name: "Send Reply" }).click();
  await expect(card.getByText("Still blank for me.")).toBeVisible();
  await expect(card.getByText("Waiting on the agency")).toBeVisible();
  await expect
    .poll(() =>
      db
        .prepare("select user_id as userId, title from notifications where type = 'client_reply' and link = ?")
        .all(`/employee-dashboard/support/${requestId}`),
    )
    .toEqual([{ userId: staff.id, title: `${client.name} replied to "${subject}"` }]);
  const alert = await waitForMail(staff.email, started, /Client reply/);
  expect(alert).toContain("Still blank for me.");
  expect(alert).not.toContain("NOTE-E2E-SECRET");
  await staffContext.close();
});

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).include("main").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const theme of ["light", "dark"] as const) {
  test(`The request page's composer passes axe on both tabs in the ${theme} theme`, async ({ page }) => {
    const client = await createSignedInUser({ role: "client" });
    const requestId = insertRequest(ensureCompanyOf(client.id), client.id, `Contrast ${uniqueId()}`);
    db.prepare(
      "insert into complaint_notes (id, complaint_id, author_id, author_name, text, created_at) values (?, ?, null, 'Priya', 'A note', ?)",
    ).run(randomUUID(), requestId, Date.now());
    if (theme === "dark") await storeTheme(page, "dark");
    await signIn(page, { role: "employee", staffRole: "delivery" });
    await page.goto(`/employee-dashboard/support/${requestId}`);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
    await expectNoAxeViolations(page);
    await page.getByRole("tab", { name: "Internal note" }).click();
    await expect(page.getByRole("tabpanel", { name: "Internal note" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Staff keep a saved reply, insert it filled, assign, prioritise and note; the client closes and reopens", async ({
    page,
    browser,
    baseURL,
  }) => {
    const subject = `Login ${uniqueId()}`;
    const title = `Greeting ${uniqueId()}`;
    const clientContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const clientPage = await clientContext.newPage();
    const client = await signIn(clientPage, { role: "client" });
    const requestId = insertRequest(ensureCompanyOf(client.id), client.id, subject);
    const staff = await signIn(page, { role: "employee", staffRole: "admin" });

    await page.goto("/employee-dashboard/saved-replies");
    const main = page.getByRole("main");
    await main.getByLabel("Title").fill(title);
    await main.getByLabel("Text").fill("Hello {client_name}, about {request_subject}: please sign in again.");
    await main.getByRole("button", { name: "Add saved reply" }).click();
    await expect(main.getByRole("list", { name: "Saved replies" }).getByRole("heading", { name: title })).toBeVisible();

    await page.goto(`/employee-dashboard/support/${requestId}`);
    await main.getByRole("combobox", { name: "Saved reply" }).selectOption({ label: title });
    await main.getByRole("button", { name: "Insert into reply" }).click();
    await expect(page).toHaveURL(/\?saved=/);
    await expect(main.getByLabel("Your reply")).toHaveValue(`Hello ${client.name}, about ${subject}: please sign in again.`);

    await main.getByRole("combobox", { name: "Assign to" }).selectOption({ label: `${staff.name} (me)` });
    await main.getByRole("button", { name: "Save assignee" }).click();
    await expect(main.getByRole("status").filter({ hasText: /Assigned/ })).toBeVisible();
    await main.getByRole("combobox", { name: "Priority" }).selectOption({ label: "Urgent" });
    await main.getByRole("button", { name: "Save priority" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Priority set to Urgent." })).toBeVisible();
    // No tabs without JavaScript: the note form waits in a disclosure below the reply.
    await expect(main.getByLabel("New internal note")).toBeHidden();
    await main.getByText("Add an internal note (only staff see it)").click();
    await main.getByRole("button", { name: "Add internal note" }).click();
    await expect(main.getByText("Note is empty.")).toBeVisible();
    await main.getByLabel("New internal note").fill("Checked the logs: a cookie problem.");
    await main.getByRole("button", { name: "Add internal note" }).click();
    await expect(main.getByRole("list", { name: "Internal notes" }).getByText("Checked the logs: a cookie problem.")).toBeVisible();
    await expect(main.getByRole("status").filter({ hasText: "Note added. Only staff can see it." })).toBeVisible();

    // The first box on the page is the reply, and it posts as one.
    const firstBox = main.getByRole("textbox").first();
    await expect(firstBox).toHaveAccessibleName("Your reply");
    await firstBox.fill("Please clear your cookies and sign in again.");
    await main.getByRole("button", { name: "Send Reply" }).click();
    await expect(main.getByRole("list", { name: "Replies" }).getByText("Please clear your cookies and sign in again.")).toBeVisible();

    await page.goto("/employee-dashboard/support?view=mine&priority=urgent");
    await expect(main.getByRole("link", { name: subject })).toBeVisible();

    await clientPage.goto("/user-dashboard/support");
    const card = clientPage.getByRole("main").getByRole("article").filter({ hasText: subject });
    await expect(card.getByText("Please clear your cookies and sign in again.")).toBeVisible();
    await expect(card.getByText("Agency replied")).toBeVisible();
    await card.getByRole("button", { name: /Close request/ }).click();
    await expect(card).toContainText("Status: Closed");
    await expect(card.getByRole("status")).toHaveText("Request closed. You can reopen it within 30 days.");
    await expect(card.getByLabel(`Reply to ${subject}`)).toHaveCount(0);
    await card.getByRole("button", { name: /Reopen request/ }).click();
    await expect(card).toContainText("Status: Pending");
    await expect(clientPage.getByRole("main")).not.toContainText("a cookie problem");
    await clientContext.close();
  });
});

test("A long thread shows its latest three replies on the client's Support panel, and its link opens the whole thread at its card", async ({
  page,
}) => {
  const client = await signIn(page, { role: "client" });
  const subject = `Long thread ${uniqueId()}`;
  const requestId = insertRequest(ensureCompanyOf(client.id), client.id, subject);
  const start = Date.now() - 3_600_000;
  for (let i = 1; i <= 5; i++)
    db.prepare(
      "insert into complaint_replies (id, complaint_id, sender, sender_name, text, timestamp) values (?, ?, 'staff', 'Priya Sharma', ?, ?)",
    ).run(randomUUID(), requestId, `Update number ${i} of five.`, start + i * 60_000);
  await page.goto("/user-dashboard/support");
  await waitForHydration(page);
  const card = page.getByRole("article", { name: subject });
  const replies = card.getByRole("list", { name: `Replies to ${subject}` }).getByRole("listitem");
  await expect(replies).toHaveCount(3);
  await expect(replies.first()).toContainText("Update number 3 of five.");
  await expect(card).not.toContainText("Update number 1 of five.");

  await card.getByRole("link", { name: "Show 2 earlier replies" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]thread=${requestId}#complaint-${requestId}$`));
  await expect(replies).toHaveCount(5);
  await expect(replies.first()).toContainText("Update number 1 of five.");
  await expect(card.getByRole("link", { name: /earlier repl/ })).toHaveCount(0);
  await expect(card.getByRole("heading", { name: subject })).toBeInViewport();
});
