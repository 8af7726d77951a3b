import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { createSignedInUser, type SignedInUser } from "./fixtures";
import {
  agreeToPrivacyNotice,
  collectDialogs,
  ensureCompanyOf,
  insertOpening,
  openDatabase,
  openQuoteModal,
  uniqueId,
  waitForHydration,
} from "./helpers";

//, part 4: with the network failing at the moment of submitting, every form shows its own
// failure message in place, keeps what was typed, and never replaces the page with the error page.
// Each test aborts only the form's POST (the action's `.data` request, or the apply upload), so the
// rest of the page keeps working as it would on a flaky connection.

const PASSWORD = "e2e-form-failures-0123";
const CONSOLE = "/employee-dashboard";
const ERROR_PAGE = "Something went wrong";

/** Aborts every form POST to a route action (`….data`) from now on, as a lost connection would. */
async function failActionPosts(page: Page) {
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()),
  );
}

async function expectFailureInPlace(page: Page, scope: Locator, message: string) {
  await expect(scope.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
}

// One client and one staff account for the whole file, made by the sign-in fixture; each test gets a
// fresh browser context with their session cookie.
let client: SignedInUser;
let staff: SignedInUser;
let clientId = "";

test.beforeAll(async () => {
  client = await createSignedInUser({ role: "client" });
  staff = await createSignedInUser({ role: "employee" });
  clientId = client.id;
});

async function open(browser: Browser, user: SignedInUser, url: string): Promise<Page> {
  const context = await browser.newContext();
  const cut = user.cookie.indexOf("=");
  await context.addCookies([
    { name: user.cookie.slice(0, cut), value: user.cookie.slice(cut + 1), url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: "Lax" },
  ]);
  const page = await context.newPage();
  collectDialogs(page);
  await page.goto(url);
  await waitForHydration(page);
  await failActionPosts(page);
  return page;
}

function insertRows(sql: string, ...values: unknown[]) {
  const db = openDatabase();
  try {
    db.prepare(sql).run(...values);
  } finally {
    db.close();
  }
}

function insertComplaint(subject: string): string {
  const id = randomUUID();
  const now = Date.now();
  insertRows(
    "insert into complaints (id, company_id, created_by, subject, message, status, created_at, updated_at) values (?, ?, ?, ?, ?, 'Pending', ?, ?)",
    id,
    ensureCompanyOf(clientId),
    clientId,
    subject,
    "Failure test.",
    now,
    now,
  );
  return id;
}

test.describe("Home dashboard toggle", () => {
  test("Turning it on takes a signed-in client from the home page to their dashboard", async ({ browser }) => {
    const page = await open(browser, client, "/");
    await page.unrouteAll();
    const toggle = page.getByRole("button", { name: "Dashboard as home page" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expect(page.getByRole("button", { name: "Dashboard as home page" })).toHaveAttribute("aria-pressed", "true");
    await page.context().close();
  });

  test("A failed request says so beside the toggle and leaves the page as it was", async ({ browser }) => {
    const page = await open(browser, client, "/");
    const nav = page.getByRole("navigation").first();
    await nav.getByRole("button", { name: "Dashboard as home page" }).click();
    await expectFailureInPlace(page, nav, "Could not change this setting. Try again.");
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole("button", { name: "Dashboard as home page" })).toHaveAttribute("aria-pressed", "false");
    await page.context().close();
  });
});

test.describe("Portal", () => {
  test("Profile: a failed save shows 'Failed to save profile. Try again.' and keeps the fields", async ({ browser }) => {
    const page = await open(browser, client, "/user-dashboard");
    const main = page.getByRole("main");
    await main.getByLabel("Full Name").fill("Asha Rao");
    await main.getByLabel("Phone").fill("+91 98450 00000");
    await main.getByRole("button", { name: "Save Profile" }).click();
    await expectFailureInPlace(page, main, "Failed to save profile. Try again.");
    await expect(main.getByLabel("Full Name")).toHaveValue("Asha Rao");
    await expect(main.getByLabel("Phone")).toHaveValue("+91 98450 00000");
    await page.context().close();
  });

  test("Projects: a failed create shows 'Failed to create project. Try again.' and keeps the fields", async ({ browser }) => {
    const page = await open(browser, client, "/user-dashboard/projects");
    const form = page.getByRole("form", { name: "Start a new project" });
    await form.getByLabel("Title").fill("Offline app");
    await form.getByLabel("Description").fill("Typed before the network went away.");
    await form.getByRole("button", { name: "Create Project" }).click();
    await expectFailureInPlace(page, form, "Failed to create project. Try again.");
    await expect(form.getByLabel("Title")).toHaveValue("Offline app");
    await expect(form.getByLabel("Description")).toHaveValue("Typed before the network went away.");
    await page.context().close();
  });

  test("Support: a failed new request shows 'Failed to submit request. Try again.' in the dialog", async ({ browser }) => {
    const page = await open(browser, client, "/user-dashboard/support");
    await page.getByRole("main").getByRole("button", { name: "New request" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Subject").fill("Cannot log in");
    await dialog.getByLabel("Message").fill("Typed before the network went away.");
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expectFailureInPlace(page, dialog, "Failed to submit request. Try again.");
    await expect(dialog.getByLabel("Subject")).toHaveValue("Cannot log in");
    await expect(dialog.getByLabel("Message")).toHaveValue("Typed before the network went away.");
    await page.context().close();
  });

  test("Support: a failed reply shows 'Failed to send reply.' on that request", async ({ browser }) => {
    const subject = `Reply failure ${uniqueId()}`;
    insertComplaint(subject);
    const page = await open(browser, client, "/user-dashboard/support");
    const card = page.getByRole("main").getByRole("listitem").filter({ hasText: subject });
    await card.getByRole("textbox", { name: /^Reply to/ }).fill("Still broken here.");
    await card.getByRole("button", { name: "Send Reply" }).click();
    await expectFailureInPlace(page, card, "Failed to send reply.");
    await expect(card.getByRole("textbox", { name: /^Reply to/ })).toHaveValue("Still broken here.");
    await page.context().close();
  });

  test("Settings: a failed Reset Password shows 'Failed to send reset link. Try again later.'", async ({ browser }) => {
    const page = await open(browser, client, "/user-dashboard/settings");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Reset Password" }).click();
    await expectFailureInPlace(page, main, "Failed to send reset link. Try again later.");
    await expect(page).toHaveURL(/\/user-dashboard\/settings$/);
    await page.context().close();
  });

  test("Settings: a proxy's 502 page in answer to Reset Password also ends in the message, not the error page", async ({ browser }) => {
    const page = await open(browser, client, "/user-dashboard/settings");
    await page.unrouteAll();
    await page.route("**/settings/reset-password.data", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad Gateway</body></html>" }),
    );
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Reset Password" }).click();
    await expectFailureInPlace(page, main, "Failed to send reset link. Try again later.");
    await page.context().close();
  });

  test("Settings: a failed Delete Account → Confirm closes the dialog and shows the delete failure", async ({ browser }) => {
    const page = await open(browser, client, "/user-dashboard/settings");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    await expectFailureInPlace(page, main, "Failed to delete account. You may need to reauthenticate before deleting.");
    await page.context().close();
  });
  test("Settings: a failed Logout shows 'Error logging out. Please try again.' and the client stays signed in", async ({ browser }) => {
    const page = await open(browser, client, "/user-dashboard/settings");
    await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Error logging out. Please try again.", { exact: true })).toBeVisible();
    await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
    await page.unrouteAll();
    await page.goto("/user-dashboard/settings");
    await expect(page).toHaveURL(/\/user-dashboard\/settings$/);
    await page.context().close();
  });
});

test.describe("Console", () => {
  test("Logout: a failed request shows 'Error logging out. Please try again.' beside the button and the page stays", async ({
    browser,
  }) => {
    const page = await open(browser, staff, CONSOLE);
    const header = page.locator("header").filter({ hasText: "Employee Dashboard" });
    await header.getByRole("button", { name: "Logout" }).click();
    await expectFailureInPlace(page, header, "Error logging out. Please try again.");
    await expect(page).toHaveURL(/\/employee-dashboard$/);
    await expect(header.getByRole("button", { name: "Logout" })).toBeEnabled();
    await page.context().close();
  });

  test("New opening: a failed publish shows its message and keeps the fields", async ({ browser }) => {
    const page = await open(browser, staff, `${CONSOLE}/openings/new`);
    const main = page.getByRole("main");
    await main.getByLabel("Title").fill("Offline Engineer");
    await main.getByLabel("Location").fill("Pune");
    await main.getByLabel("Type", { exact: true }).fill("Contract");
    await main.getByLabel("Description").fill("Typed before the network went away.");
    await main.getByRole("textbox", { name: "Requirement 1" }).fill("Patience");
    await main.getByRole("button", { name: "Publish opening" }).click();
    await expectFailureInPlace(page, main, "The opening could not be saved. Please try again.");
    await expect(main.getByLabel("Title")).toHaveValue("Offline Engineer");
    await expect(main.getByRole("textbox", { name: "Requirement 1" })).toHaveValue("Patience");
    await page.context().close();
  });

  test("Edit opening: a failed save shows its message and keeps the fields", async ({ browser }) => {
    const db = openDatabase();
    const opening = insertOpening(db);
    db.close();
    const page = await open(browser, staff, `${CONSOLE}/openings/${opening.id}`);
    const main = page.getByRole("main");
    await main.getByLabel("Title").fill(`${opening.title} (edited)`);
    await main.getByRole("button", { name: "Save changes" }).click();
    await expectFailureInPlace(page, main, "The changes could not be saved. Please try again.");
    await expect(main.getByLabel("Title")).toHaveValue(`${opening.title} (edited)`);
    await page.context().close();
  });

  test("Openings list: a failed Close shows its message", async ({ browser }) => {
    const db = openDatabase();
    const opening = insertOpening(db);
    db.close();
    const page = await open(browser, staff, `${CONSOLE}/openings`);
    const main = page.getByRole("main");
    await main.getByRole("button", { name: `Close ${opening.title}` }).click();
    await expectFailureInPlace(page, main, "The change could not be saved. Please try again.");
    await page.context().close();
  });

  test("Testimonials: a failed add shows its message and keeps the fields", async ({ browser }) => {
    const page = await open(browser, staff, `${CONSOLE}/testimonials`);
    const form = page.locator("form#new-testimonial");
    await form.getByLabel("Review").fill("Typed before the network went away.");
    await form.getByLabel("Name").fill("Kiran");
    await form.getByLabel("Category").fill("Web App");
    await form.getByRole("button", { name: "Add testimonial" }).click();
    await expectFailureInPlace(page, page.getByRole("main"), "The testimonial could not be saved. Please try again.");
    await expect(form.getByLabel("Review")).toHaveValue("Typed before the network went away.");
    await expect(form.getByLabel("Name")).toHaveValue("Kiran");
    await page.context().close();
  });

  test("Edit testimonial: a failed save shows its message and keeps the fields", async ({ browser }) => {
    const id = randomUUID();
    const now = Date.now();
    insertRows(
      "insert into testimonials (id, review, name, category, status, sort_order, created_at, updated_at) values (?, ?, ?, ?, 'visible', 0, ?, ?)",
      id,
      "Great work.",
      `Failure ${uniqueId()}`,
      "Web App",
      now,
      now,
    );
    const page = await open(browser, staff, `${CONSOLE}/testimonials/${id}`);
    const main = page.getByRole("main");
    await main.getByLabel("Review").fill("Edited while offline.");
    await main.getByRole("button", { name: "Save changes" }).click();
    await expectFailureInPlace(page, main, "The changes could not be saved. Please try again.");
    await expect(main.getByLabel("Review")).toHaveValue("Edited while offline.");
    await page.context().close();
  });

  test("Staff: a failed invitation shows its message and keeps the e-mail", async ({ browser }) => {
    const page = await open(browser, staff, `${CONSOLE}/staff`);
    const main = page.getByRole("main");
    const email = `offline-${uniqueId()}@indigokite.dev`;
    await main.getByLabel("Work email").fill(email);
    await main.getByRole("button", { name: "Send invitation" }).click();
    await expectFailureInPlace(page, main, "The staff change could not be saved. Please try again.");
    await expect(main.getByLabel("Work email")).toHaveValue(email);
    await page.context().close();
  });

  test("Project: a failed progress save shows its message on the project's page and keeps the values", async ({ browser }) => {
    const title = `Failure project ${uniqueId()}`;
    const now = Date.now();
    const projectId = randomUUID();
    insertRows(
      "insert into projects (id, company_id, created_by, title, description, progress, created_at, updated_at) values (?, ?, ?, ?, ?, 0, ?, ?)",
      projectId,
      ensureCompanyOf(clientId),
      clientId,
      title,
      "For the failure test.",
      now,
      now,
    );
    const page = await open(browser, staff, `${CONSOLE}/projects/${projectId}`);
    const form = page.getByRole("form", { name: `Set progress of ${title}` });
    await form.getByLabel("Progress (0–100 %)").fill("55");
    await form.getByLabel("Note").fill("Typed before the network went away.");
    await form.getByRole("button", { name: "Save progress" }).click();
    // The message sits under the form, in the project's own block.
    await expectFailureInPlace(page, form.locator(".."), "Failed to save progress. Try again.");
    await expect(form.getByLabel("Progress (0–100 %)")).toHaveValue("55");
    await expect(form.getByLabel("Note")).toHaveValue("Typed before the network went away.");
    await page.context().close();
  });

  test("Support request: a failed staff reply shows 'Failed to send reply.' and keeps the text", async ({ browser }) => {
    const id = insertComplaint(`Staff reply failure ${uniqueId()}`);
    const page = await open(browser, staff, `${CONSOLE}/support/${id}`);
    const main = page.getByRole("main");
    await main.getByLabel("Your reply").fill("We are on it.");
    await main.getByRole("button", { name: "Send Reply" }).click();
    await expectFailureInPlace(page, main, "Failed to send reply.");
    await expect(main.getByLabel("Your reply")).toHaveValue("We are on it.");
    await page.context().close();
  });

  test("Support request: a failed status change shows its message", async ({ browser }) => {
    const id = insertComplaint(`Status failure ${uniqueId()}`);
    const page = await open(browser, staff, `${CONSOLE}/support/${id}`);
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Mark as Resolved" }).click();
    await expectFailureInPlace(page, main, "Failed to change the status. Try again.");
    await page.context().close();
  });

  test("Lead: a failed status change and a failed note show their message and keep the note", async ({ browser }) => {
    const id = randomUUID();
    insertRows(
      "insert into quotes (id, name, email, phone, country, requirement, submitted_at, status) values (?, ?, ?, ?, ?, ?, ?, 'new')",
      id,
      `Failure lead ${uniqueId()}`,
      "lead-failure@example.com",
      "+91 98765 43210",
      "India",
      "A failure test.",
      Date.now(),
    );
    const page = await open(browser, staff, `${CONSOLE}/leads/${id}`);
    const main = page.getByRole("main");
    await main.getByLabel("Status", { exact: true }).selectOption({ label: "Proposal sent" });
    await main.getByRole("button", { name: "Save status" }).click();
    await expectFailureInPlace(page, main, "The change could not be saved. Please try again.");
    await main.getByLabel("Add an internal note").fill("Call back on Monday.");
    await main.getByRole("button", { name: "Add note" }).click();
    await expect(main.getByText("The change could not be saved. Please try again.", { exact: true })).toHaveCount(2);
    await expect(main.getByLabel("Add an internal note")).toHaveValue("Call back on Monday.");
    await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
    await page.context().close();
  });

  test("Application: a failed stage change shows its message", async ({ browser }) => {
    const db = openDatabase();
    const opening = insertOpening(db);
    db.close();
    const id = randomUUID();
    insertRows(
      "insert into job_applications (id, name, email, message, job_id, submitted_at, stage) values (?, ?, ?, '', ?, ?, 'new')",
      id,
      `Failure applicant ${uniqueId()}`,
      "applicant-failure@example.com",
      opening.id,
      Date.now(),
    );
    const page = await open(browser, staff, `${CONSOLE}/applications/${id}`);
    const main = page.getByRole("main");
    const stage = main.getByLabel("Stage", { exact: true });
    const options = await stage.locator("option").allTextContents();
    await stage.selectOption({ label: options[options.length - 1]! });
    await main.getByRole("button", { name: "Save stage" }).click();
    await expectFailureInPlace(page, main, "The change could not be saved. Please try again.");
    await page.context().close();
  });
});

test.describe("Sign-in", () => {
  async function guestPage(browser: Browser, url: string): Promise<Page> {
    const page = await browser.newPage();
    collectDialogs(page);
    await page.goto(url);
    await waitForHydration(page);
    await failActionPosts(page);
    return page;
  }

  test("Login: a failed request shows the sign-in failure and keeps the e-mail", async ({ browser }) => {
    const page = await guestPage(browser, "/login");
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill("offline@example.com");
    await main.getByLabel("Password").fill(PASSWORD);
    await main.getByRole("button", { name: "Login", exact: true }).click();
    await expectFailureInPlace(page, main, "Sign-in failed. Please try again.");
    await expect(main.getByLabel("Email")).toHaveValue("offline@example.com");
    await page.close();
  });

  test("Register: a failed request shows the sign-up failure and keeps the e-mail", async ({ browser }) => {
    const page = await guestPage(browser, "/login?mode=register");
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill("offline-new@example.com");
    await main.getByLabel("Password").fill(PASSWORD);
    await main.getByRole("button", { name: "Create Account", exact: true }).click();
    await expectFailureInPlace(page, main, "Could not create the account. Please try again.");
    await expect(main.getByLabel("Email")).toHaveValue("offline-new@example.com");
    await page.close();
  });

  test("Employee login: a failed request shows 'Invalid credentials or unauthorized access.'", async ({ browser }) => {
    const page = await guestPage(browser, "/employee-login");
    const main = page.getByRole("main");
    await main.getByLabel("Work Email").fill("offline@indigokite.dev");
    await main.getByLabel("Password").fill(PASSWORD);
    await main.getByRole("button", { name: "Login", exact: true }).click();
    await expectFailureInPlace(page, main, "Invalid credentials or unauthorized access.");
    await expect(main.getByLabel("Work Email")).toHaveValue("offline@indigokite.dev");
    await page.close();
  });
});

test.describe("Public forms", () => {
  const who = {
    name: "Offline Visitor",
    email: "offline.visitor@example.com",
    phone: "+91 98450 12345",
    requirement: "Typed before the network went away.",
  };

  async function fillQuote(scope: Locator) {
    await scope.getByLabel("Full Name").fill(who.name);
    await scope.getByLabel("Email").fill(who.email);
    await scope.getByLabel("Phone").fill(who.phone);
    await scope.getByLabel("Requirement").fill(who.requirement);
    await agreeToPrivacyNotice(scope);
  }

  async function expectQuoteKept(scope: Locator) {
    await expect(scope.getByLabel("Full Name")).toHaveValue(who.name);
    await expect(scope.getByLabel("Requirement")).toHaveValue(who.requirement);
  }

  test("Quote page: a failed request shows 'Something went wrong. Please try again.' and keeps the fields", async ({ page }) => {
    collectDialogs(page);
    await page.goto("/quote");
    await waitForHydration(page);
    await failActionPosts(page);
    const main = page.getByRole("main");
    await fillQuote(main);
    await main.getByRole("button", { name: "Submit Request" }).click();
    await expect(main.getByText("Something went wrong. Please try again.", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expectQuoteKept(main);
  });

  test("Quote modal: a failed request shows 'Something went wrong. Please try again.' in the modal", async ({ page }) => {
    collectDialogs(page);
    await page.goto("/");
    await waitForHydration(page);
    const dialog = await openQuoteModal(page);
    await failActionPosts(page);
    await fillQuote(dialog);
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(dialog.getByText("Something went wrong. Please try again.", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toBeVisible();
    await expectQuoteKept(dialog);
  });

  test("Apply: a failed upload shows 'Error submitting application.' and keeps the fields", async ({ page }) => {
    const db = openDatabase();
    const opening = insertOpening(db);
    db.close();
    const dialogs = collectDialogs(page);
    await page.goto(`/apply/${opening.id}`);
    await waitForHydration(page);
    await page.route(`**/apply/${opening.id}/submit`, (route) => route.abort("internetdisconnected"));
    const main = page.getByRole("main");
    await main.getByLabel("Full Name").fill(who.name);
    await main.getByLabel("Email").fill(who.email);
    await main.getByLabel("Message").fill(who.requirement);
    await agreeToPrivacyNotice(main);
    await main.getByRole("button", { name: "Submit Application" }).click();
    await expect(main.getByText("Error submitting application.", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
    await expect(main.getByLabel("Full Name")).toHaveValue(who.name);
    await expect(main.getByLabel("Message")).toHaveValue(who.requirement);
    expect(dialogs).toContain("Error submitting application.");
  });
});
