import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  agreeToPrivacyNotice,
  collectDialogs,
  eventStreamOpened,
  expectSameDocument,
  markDocument,
  openDatabase,
  pdfBytes,
  setOpeningStatus,
  uniqueId,
  waitForHydration,
  waitForMail,
} from "./helpers";
import { signIn } from "./fixtures";

// Staff console journeys ("Tests": E2E journeys) in real browsers against the built
// server. Each journey uses its own staff account, client account and records (unique titles), so
// the tests run in parallel with each other and with the other specs. Staff and the client (or
// guest) use separate browser contexts, so the live updates cross sessions as they would in life.

const CONSOLE = "/employee-dashboard";

/** A fresh staff account signed in (without the UI, see fixtures.ts) in a new browser context, on the console. */
async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  collectDialogs(page);
  await signIn(page, { role: "employee" });
  await page.goto(CONSOLE);
  await expect(page).toHaveURL(/\/employee-dashboard$/);
  await waitForHydration(page);
  return page;
}

/** A fresh client signed in (without the UI) in a new browser context, on /user-dashboard. */
async function clientPage(browser: Browser): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  collectDialogs(page);
  // An established client: verified, so support mails reach it (decision 0028).
  const { email } = await signIn(page, { role: "client", email: `e2e-console-${uniqueId()}@example.com`, emailVerified: true });
  await page.goto("/user-dashboard");
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await waitForHydration(page);
  return { page, email };
}

function projectIdOf(title: string): string {
  const db = openDatabase();
  try {
    const row = db.prepare("select id from projects where title = ?").get(title) as { id: string } | undefined;
    if (!row) throw new Error(`no project ${title}`);
    return row.id;
  } finally {
    db.close();
  }
}

test("Staff publishes an opening, a guest sees it live on /careers and applies with a PDF, and staff sees the application and downloads the resume", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const uid = uniqueId();
  const title = `E2E Console Engineer ${uid}`;
  const location = "Remote (India)";
  const type = "Contract";
  const description = `Published from the staff console by the end-to-end tests (${uid}).`;
  const staff = await staffPage(browser);

  // The guest's /careers is open (and subscribed to live changes) before the opening exists.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestDialogs = collectDialogs(guest);
  const streamOpened = eventStreamOpened(guest, "/events/careers");
  await guest.goto("/careers");
  await waitForHydration(guest);
  await streamOpened;
  await markDocument(guest);
  await expect(guest.getByRole("heading", { name: title, exact: true })).toHaveCount(0);

  let openingId = "";
  try {
    await staff.goto(`${CONSOLE}/openings`);
    await waitForHydration(staff);
    await staff.getByRole("link", { name: "New opening" }).click();
    await expect(staff).toHaveURL(`${CONSOLE}/openings/new`);
    await expect(staff.getByRole("heading", { name: "New opening" })).toBeVisible();
    await waitForHydration(staff);
    await staff.getByLabel("Title").fill(title);
    await staff.getByLabel("Location").fill(location);
    await staff.getByLabel("Type").fill(type);
    await staff.getByLabel("Salary").fill("₹3–4 LPA");
    await staff.getByLabel("Description").fill(description);
    await staff.getByRole("textbox", { name: "Requirement 1", exact: true }).fill("Writes end-to-end tests");
    await staff.getByRole("button", { name: "Add requirement" }).click();
    await staff.getByRole("textbox", { name: "Requirement 2", exact: true }).fill("Reads the spec twice");
    await staff.getByRole("button", { name: "Publish opening" }).click();
    await expect(staff).toHaveURL(new RegExp(`${CONSOLE}/openings/[^/?]+\\?created=1$`));
    openingId = new URL(staff.url()).pathname.split("/").pop()!;

    // Live on the guest's open page, without a reload.
    const card = guest
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: guest.getByRole("heading", { name: title, exact: true }) });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(card).toContainText(`${location} · ${type}`);
    await expectSameDocument(guest);

    // The guest applies with a small PDF.
    await card.getByRole("link", { name: "View Details" }).click();
    await expect(guest).toHaveURL(`/careers/${openingId}`);
    await expect(guest.getByRole("main").getByText("Reads the spec twice")).toBeVisible();
    await guest.goto(`/apply/${openingId}`);
    await waitForHydration(guest);
    const form = guest.getByRole("main").locator("form");
    const candidate = `Asha Rao ${uid}`;
    const candidateEmail = `apply-console-${uid}@example.com`;
    const resumeName = `cv-${uid}.pdf`;
    const resume = pdfBytes();
    await form.getByLabel("Full Name").fill(candidate);
    await form.getByLabel("Email").fill(candidateEmail);
    await form.getByLabel("Message").fill(`Applying from the console journey (${uid}).`);
    await agreeToPrivacyNotice(form);
    await guest.getByLabel("Resume").setInputFiles({ name: resumeName, mimeType: "application/pdf", buffer: resume });
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect.poll(() => guestDialogs, { timeout: 15_000 }).toContain("Application submitted successfully!");

    // Staff: the application is listed (the list revalidates live; reload if it did not).
    await staff.goto(`${CONSOLE}/applications`);
    await waitForHydration(staff);
    const row = staff.getByRole("row").filter({ hasText: candidateEmail });
    await expect(row).toBeVisible({ timeout: 10_000 });
    await expect(row).toContainText(title);
    await expect(row.getByRole("cell").nth(2)).toHaveText("Yes");
    // The list's search finds the candidate by a word of their name, marked, without a reload.
    const search = staff.getByRole("search", { name: "Search applications" });
    await search.getByLabel("Search name, e-mail, opening or message").fill(uid);
    await search.getByRole("button", { name: "Apply" }).click();
    await expect(staff).toHaveURL(new RegExp(`[?&]q=${uid}`));
    await expect(staff.getByRole("row").filter({ hasText: candidateEmail }).getByRole("link").locator("mark")).toHaveText(uid);
    await staff.getByRole("row").filter({ hasText: candidateEmail }).getByRole("link", { name: candidate }).click();
    await expect(staff.getByRole("heading", { name: candidate })).toBeVisible();
    // The consent given on the form, with its version and time.
    await expect(staff.getByText(/^Given .* to notice version \d{4}-\d{2}-\d{2}/)).toBeVisible();

    const downloadLink = staff.getByRole("link", { name: new RegExp(`^Download resume.*\\(${resumeName.replace(/\./g, "\\.")}\\)$`) });
    await expect(downloadLink).toBeVisible();
    const [download] = await Promise.all([staff.waitForEvent("download"), downloadLink.click()]);
    expect(download.suggestedFilename()).toBe(resumeName);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
    expect(bytes.equals(resume)).toBe(true);
  } finally {
    if (openingId) {
      const db = openDatabase();
      try {
        setOpeningStatus(db, openingId, "closed");
      } finally {
        db.close();
      }
    }
    await guestContext.close();
    await staff.context().close();
  }
});

test("A client raises a support request, staff reply and resolve it, the client sees both live and is e-mailed", async ({ browser }) => {
  test.setTimeout(120_000);
  const uid = uniqueId();
  const subject = `Invoice question ${uid}`;
  const message = `Could you resend the invoice for March? (${uid})`;
  const replyText = `Sent again just now, please check your inbox (${uid}).`;
  const staff = await staffPage(browser);
  const { page: client, email } = await clientPage(browser);

  try {
    // The client raises the request from the Support tab.
    await client.getByRole("link", { name: "Support", exact: true }).click();
    await expect(client).toHaveURL(/\/user-dashboard\/support$/);
    await waitForHydration(client);
    await client.getByRole("button", { name: "New request" }).click();
    const dialog = client.getByRole("dialog", { name: "New support request" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Subject").fill(subject);
    await dialog.getByLabel("Message").fill(message);
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    const card = client.getByRole("article", { name: subject });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Pending");
    await expect(card).toContainText("No replies yet.");
    await markDocument(client);

    // Staff find it in the inbox, reply, and mark it Resolved.
    const since = Date.now() - 1_000;
    await staff.goto(`${CONSOLE}/support`);
    await waitForHydration(staff);
    await staff.getByRole("link", { name: subject }).click();
    await expect(staff.getByRole("heading", { name: subject })).toBeVisible();
    await waitForHydration(staff);
    await staff.getByLabel("Your reply").fill(replyText);
    await staff.getByRole("button", { name: "Send Reply" }).click();
    await expect(staff.getByRole("list", { name: "Replies" })).toContainText(replyText);
    await staff.getByRole("button", { name: "Mark as Resolved" }).click();
    await expect(staff.getByRole("button", { name: "Reopen (mark Pending)" })).toBeVisible();

    // The client's open Support panel shows the reply and the new status, without a reload.
    await expect(card.getByRole("list", { name: `Replies to ${subject}` })).toContainText(replyText, { timeout: 10_000 });
    await expect(card).toContainText("Resolved", { timeout: 10_000 });
    await expect(card).not.toContainText("Pending");
    await expectSameDocument(client);

    // Mails to the client for the reply and for the status change, as delivered (.eml files): the
    // outbox keeps no body once a mail is sent.
    await waitForMail(email, since, new RegExp(replyText.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await waitForMail(email, since, /resolved/i);
  } finally {
    await client.context().close();
    await staff.context().close();
  }
});

test("A client creates a project, staff set its progress to 40 with a note, and the client sees 40 % and the history entry", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const uid = uniqueId();
  const title = `Loyalty app ${uid}`;
  const note = `Designs approved, build started (${uid}).`;
  const staff = await staffPage(browser);
  const { page: client } = await clientPage(browser);

  try {
    await client.getByRole("link", { name: "My Projects", exact: true }).click();
    await expect(client).toHaveURL(/\/user-dashboard\/projects$/);
    await waitForHydration(client);
    const form = client.getByRole("form", { name: "Start a new project" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Description").fill(`A loyalty programme for our cafés (${uid}).`);
    await form.getByRole("button", { name: "Create Project" }).click();
    const clientBar = client.getByRole("progressbar", { name: `Progress of ${title}` });
    await expect(clientBar).toHaveAttribute("aria-valuenow", "0");
    await markDocument(client);

    // Progress is set on the project's own console page.
    await staff.goto(`${CONSOLE}/projects/${projectIdOf(title)}`);
    await waitForHydration(staff);
    const progressForm = staff.getByRole("form", { name: `Set progress of ${title}` });
    await progressForm.getByLabel("Progress (0–100 %)").fill("40");
    await progressForm.getByLabel("Note").fill(note);
    await progressForm.getByRole("button", { name: "Save progress" }).click();
    await expect(staff.getByRole("progressbar", { name: `Progress of ${title}` })).toHaveAttribute("aria-valuenow", "40");
    await expect(staff.getByRole("list", { name: `Progress history of ${title}` })).toContainText(note);

    // Live on the client's open page; if it was not, a reload must show it.
    let live = true;
    try {
      await expect(clientBar).toHaveAttribute("aria-valuenow", "40", { timeout: 10_000 });
    } catch {
      live = false;
      await client.reload();
    }
    await expect(clientBar).toHaveAttribute("aria-valuenow", "40");
    await expect(clientBar).toHaveAttribute("aria-valuetext", "40%");
    const history = client.getByRole("list", { name: `Progress history of ${title}` });
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history.getByRole("listitem").first()).toContainText("40%");
    await expect(history.getByRole("listitem").first()).toContainText(note);
    expect(live, "the client's My Projects updated without a reload").toBe(true);
    await expectSameDocument(client);
  } finally {
    await client.context().close();
    await staff.context().close();
  }
});

test("Staff move a lead to 'Proposal sent' and the CSV export of that filter lists it with the new status", async ({ browser }) => {
  test.setTimeout(90_000);
  const uid = uniqueId();
  const lead = {
    id: randomUUID(),
    name: `Ravi Menon ${uid}`,
    email: `lead-${uid}@example.com`,
    phone: "+91 98765 43210",
    country: "India",
    requirement: `A booking app for our clinic (${uid}).`,
  };
  const db = openDatabase();
  try {
    db.prepare(
      "insert into quotes (id, name, email, phone, country, requirement, submitted_at, status) values (?, ?, ?, ?, ?, ?, ?, 'new')",
    ).run(lead.id, lead.name, lead.email, lead.phone, lead.country, lead.requirement, Date.now());
  } finally {
    db.close();
  }
  const staff = await staffPage(browser);

  try {
    await staff.goto(`${CONSOLE}/leads?q=${uid}`);
    await waitForHydration(staff);
    await staff.getByRole("link", { name: lead.name }).click();
    await expect(staff.getByRole("heading", { name: lead.name })).toBeVisible();
    await waitForHydration(staff);
    await staff.getByLabel("Status", { exact: true }).selectOption({ label: "Proposal sent" });
    await staff.getByRole("button", { name: "Save status" }).click();
    await expect(staff.getByRole("status").filter({ hasText: "Status saved." })).toBeVisible();

    // The list filtered by the new status shows the lead; its Export CSV link carries the filter.
    await staff.goto(`${CONSOLE}/leads?status=proposal&q=${uid}`);
    await expect(staff.getByRole("row").filter({ hasText: lead.email })).toContainText("Proposal sent");
    const exportLink = staff.getByRole("link", { name: /^Export CSV/ });
    const href = (await exportLink.getAttribute("href"))!;
    expect(href).toContain(`${CONSOLE}/leads/export?`);
    expect(new URL(href, "http://x").searchParams.get("status")).toBe("proposal");

    for (const url of [href, `${CONSOLE}/leads/export?status=proposal`]) {
      const response = await staff.request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/text\/csv/);
      expect(response.headers()["content-disposition"]).toMatch(/attachment; filename="?leads[^"]*\.csv"?/);
      const csv = await response.text();
      const lines = csv.split(/\r?\n/).filter(Boolean);
      expect(lines[0]).toContain("Status");
      const line = lines.find((l) => l.includes(lead.email));
      expect(line, `the lead is in ${url}`).toBeTruthy();
      expect(line).toContain(lead.name);
      expect(line!.endsWith("Proposal sent") || line!.endsWith('"Proposal sent"')).toBe(true);
    }

    // The old status's export no longer lists it.
    const oldCsv = await (await staff.request.get(`${CONSOLE}/leads/export?status=new&q=${uid}`)).text();
    expect(oldCsv).not.toContain(lead.email);
  } finally {
    await staff.context().close();
  }
});

test("The console's footer and /healthz name the release the build was made from", async ({ browser, request }) => {
  const { version } = JSON.parse(await readFile("package.json", "utf8")) as { version: string };
  const page = await staffPage(browser);
  await expect(page.getByText(`Version ${version}`, { exact: true })).toBeVisible();
  expect(await (await request.get("/healthz")).json()).toEqual({ status: "ok", version });
});
