import { expect, test } from "@playwright/test";
import { collectDialogs, MIN_FILL_MS, openDatabase, openQuoteModal, waitForHydration, waitForMail } from "./helpers";
import { fillQuote, newRequester } from "./quote-steps";

// SPEC §8: the exact confirmation text.
const SUCCESS =
  "Request submitted successfully! Please wait up to 24 hours for a callback. A confirmation email has been sent to your inbox.";

// The consent box's message (app/lib/privacy-consent.ts).
const CONSENT_MESSAGE = "Please tick the box to agree to the privacy notice before sending.";

interface QuoteRow {
  consent_version: string | null;
  consented_at: number | null;
  name: string;
  email: string;
  phone: string;
  country: string;
  requirement: string;
  submitted_at: number;
  status: string;
}

function quotesFor(email: string): QuoteRow[] {
  const db = openDatabase();
  try {
    return db.prepare("select * from quotes where email = ?").all(email) as QuoteRow[];
  } finally {
    db.close();
  }
}

test("The quote modal will not send without the consent box ticked and says why next to it", async ({ page }) => {
  const who = newRequester();
  await page.goto("/");
  await waitForHydration(page);
  const dialog = await openQuoteModal(page, "Get a Free Quote");
  await fillQuote(dialog, who, { consent: false });
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  const box = dialog.getByRole("checkbox", { name: /^I agree/ });
  await expect(box).toHaveAttribute("aria-invalid", "true");
  const errorId = (await box.getAttribute("aria-describedby"))?.split(" ")[0] ?? "";
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(CONSENT_MESSAGE);
  await expect(dialog.getByLabel("Full Name")).toHaveValue(who.name);
  await page.waitForTimeout(MIN_FILL_MS);
  expect(quotesFor(who.email)).toEqual([]);
});

test("A quote sent from the 'Get a Free Quote' modal is stored, confirmed by alert, banner and e-mail, and the form resets", async ({
  page,
}) => {
  const started = Date.now();
  const dialogs = collectDialogs(page);
  const who = newRequester();

  await page.goto("/");
  await waitForHydration(page);
  const dialog = await openQuoteModal(page, "Get a Free Quote");
  await fillQuote(dialog, who);
  const button = dialog.getByRole("button", { name: /Submit Request|Submitting\.\.\./ });
  await button.click();

  // The page is younger than the server's minimum fill time, so the form waits (about 3 s) before
  // posting: the button says so and cannot be pressed twice.
  await expect(button).toHaveText("Submitting...");
  await expect(button).toBeDisabled();

  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect.poll(() => dialogs).toEqual([SUCCESS]);
  await expect(page.getByRole("alert").filter({ has: page.getByText(SUCCESS, { exact: true }) })).toBeVisible();
  await expect(page.locator("dialog[open]")).toHaveCount(0);
  await expect(page).toHaveURL("/");

  const rows = quotesFor(who.email);
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  expect(row).toMatchObject({
    name: who.name,
    phone: who.phone,
    country: who.country,
    requirement: who.requirement,
  });
  expect(Number(row.submitted_at)).toBeGreaterThanOrEqual(started);
  expect(Number(row.submitted_at)).toBeLessThanOrEqual(Date.now());

  const mail = await waitForMail(who.email, started, /^Subject: .*received your request/im);
  // The confirmation must not echo the requester's free text (§8).
  expect(mail).not.toContain(who.requirement);

  // Reopening shows an empty form, ready for the next request.
  const again = await openQuoteModal(page, "Get a Free Quote");
  for (const label of ["Full Name", "Email", "Phone", "Country", "Requirement"]) {
    await expect(again.getByLabel(label), `${label} is empty again`).toHaveValue("");
  }
  await expect(again.getByRole("button", { name: "Submit Request" })).toBeEnabled();
  expect(dialogs).toHaveLength(1);
});

test("'Start a Project' opens the same quote modal as 'Get a Free Quote'", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const dialog = await openQuoteModal(page, "Start a Project");
  await expect(dialog.getByRole("heading", { name: "Get a Free Quote" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Submit Request" })).toBeEnabled();
  await dialog.getByLabel("Full Name").fill("Typed via Start a Project");
  await dialog.getByRole("button", { name: "Close quote form" }).click();
  await expect(dialog).toBeHidden();

  // One modal, one form: what was typed after 'Start a Project' is there after 'Get a Free Quote'.
  const same = await openQuoteModal(page, "Get a Free Quote");
  await expect(same.getByLabel("Full Name")).toHaveValue("Typed via Start a Project");
  await expect(page.locator("dialog")).toHaveCount(1);
});

test("An invalid e-mail address keeps the quote modal open with an error on the Email field and sends nothing", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const who = { ...newRequester(), email: "asha.rao@" };
  await page.goto("/");
  await waitForHydration(page);
  const dialog = await openQuoteModal(page);
  await fillQuote(dialog, who);
  await dialog.getByRole("button", { name: "Submit Request" }).click();

  const email = dialog.getByLabel("Email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  const errorId = (await email.getAttribute("aria-describedby"))?.split(" ")[0] ?? "";
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(/valid email/i);
  for (const label of ["Full Name", "Phone", "Requirement"]) {
    await expect(dialog.getByLabel(label), `${label} is valid`).not.toHaveAttribute("aria-invalid", "true");
  }
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Submit Request" })).toBeEnabled();
  // Longer than the minimum fill time: a queued submission would have been posted by now.
  await page.waitForTimeout(MIN_FILL_MS);
  expect(posts).toEqual([]);
  expect(quotesFor(who.email)).toEqual([]);
  await expect(dialog).toBeVisible();
});

test("A quote that cannot be sent keeps the modal open with 'Something went wrong. Please try again.'", async ({ page }) => {
  const dialogs = collectDialogs(page);
  const who = newRequester();
  await page.goto("/");
  await waitForHydration(page);
  // The connection drops while posting (offline, server unreachable).
  await page.route("**/quote*", (route) => (route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback()));
  const dialog = await openQuoteModal(page);
  await fillQuote(dialog, who);
  await dialog.getByRole("button", { name: "Submit Request" }).click();

  await expect(dialog.getByText("Something went wrong. Please try again.", { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveValue(who.email);
  await expect(dialog.getByRole("button", { name: "Submit Request" })).toBeEnabled();
  expect(dialogs).toEqual([]);
  expect(quotesFor(who.email)).toEqual([]);
});

test.describe("Without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the /quote page stores the request and shows the success text", async ({ page }) => {
    const started = Date.now();
    const who = newRequester();
    await page.goto("/quote");
    const loaded = Date.now();
    const form = page.getByRole("main").locator("form");
    await fillQuote(form, who);
    // The server drops submissions made less than 3 s after the form was served.
    await page.waitForTimeout(Math.max(0, loaded + MIN_FILL_MS - Date.now()));
    await form.getByRole("button", { name: "Submit Request" }).click();

    await expect(page).toHaveURL(/\/quote$/);
    await expect(page.getByRole("alert")).toContainText(SUCCESS);
    await expect(page.getByText(SUCCESS, { exact: true })).toBeVisible();
    // The moment after: what happens next, and where to go from here.
    const panel = page.getByRole("region", { name: "Request received" });
    await expect(panel.getByRole("heading", { name: "What happens next" })).toBeVisible();
    await expect(panel.getByRole("listitem")).toHaveText([/confirmation e-mail/, /within 24 hours/, /built for others/]);
    await expect(panel.getByRole("link", { name: "See our case studies" })).toHaveAttribute("href", "/cases");
    await expect(panel.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    const rows = quotesFor(who.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: who.name, phone: who.phone, country: who.country, requirement: who.requirement });
    expect(Number(rows[0]!.submitted_at)).toBeGreaterThanOrEqual(started);
    expect(rows[0]!.consent_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number(rows[0]!.consented_at)).toBe(Number(rows[0]!.submitted_at));
    await waitForMail(who.email, started, /^Subject: .*received your request/im);
  });

  test("the /quote page refuses a request without consent, says so next to the box and keeps what was typed", async ({ page }) => {
    const who = newRequester();
    await page.goto("/quote");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: /Privacy Policy/ })).toHaveAttribute("href", "/privacy");
    const form = main.locator("form");
    await fillQuote(form, who, { consent: false });
    await page.waitForTimeout(MIN_FILL_MS);
    // Skip the browser's own check of the required box, to reach the server's.
    await form.evaluate((el: HTMLFormElement) => (el.noValidate = true));
    await form.getByRole("button", { name: "Submit Request" }).click();

    const box = main.getByRole("checkbox", { name: /^I agree/ });
    await expect(box).toHaveAttribute("aria-invalid", "true");
    const errorId = (await box.getAttribute("aria-describedby"))?.split(" ")[0] ?? "";
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText(CONSENT_MESSAGE);
    await expect(main.getByLabel("Requirement")).toHaveValue(who.requirement);
    await expect(main.getByLabel("Phone")).toHaveValue(who.phone);
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
    expect(quotesFor(who.email)).toEqual([]);
  });

  test("the browser's required-field check stops a /quote post without a requirement", async ({ page }) => {
    const who = newRequester();
    await page.goto("/quote");
    const form = page.getByRole("main").locator("form");
    const requirement = form.getByLabel("Requirement");
    await expect(requirement).toHaveAttribute("required", "");
    await fillQuote(form, who, { requirement: false });
    await page.waitForTimeout(MIN_FILL_MS);

    let posted = false;
    page.on("request", (r) => (posted ||= r.method() === "POST"));
    await form.getByRole("button", { name: "Submit Request" }).click();
    await page.waitForTimeout(1_500);
    expect(await requirement.evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);
    // Without JavaScript nothing but the browser can check the form before it is sent; a
    // `novalidate` form makes the `required` attributes dead markup.
    expect(posted, "the browser blocked the post (the form must not carry novalidate)").toBe(false);
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
    expect(quotesFor(who.email)).toEqual([]);
  });

  test("the /quote page answers a post without a requirement with a field error and stores nothing", async ({ page }) => {
    const who = newRequester();
    await page.goto("/quote");
    const form = page.getByRole("main").locator("form");
    await fillQuote(form, who, { requirement: false });
    await page.waitForTimeout(MIN_FILL_MS);
    // Skip the browser's own check, as an old browser or a script would, to reach the server's.
    await form.evaluate((el: HTMLFormElement) => (el.noValidate = true));
    await form.getByRole("button", { name: "Submit Request" }).click();

    const requirement = page.getByRole("main").getByLabel("Requirement");
    await expect(requirement).toHaveAttribute("aria-invalid", "true");
    const errorId = (await requirement.getAttribute("aria-describedby"))?.split(" ")[0] ?? "";
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText("Please describe your requirement.");
    // What was typed is kept for the second try.
    await expect(page.getByRole("main").getByLabel("Email")).toHaveValue(who.email);
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
    expect(quotesFor(who.email)).toEqual([]);
  });
});
