import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createSignedInUser, signIn } from "./fixtures";
import { openDatabase, startIsolatedServer, storeTheme, uniqueId, waitForHydration } from "./helpers";

// Decision 0033: staff run client companies from the console, and an
// admin sets the operator's switches. Each journey uses its own staff account and company.

const CONSOLE = "/employee-dashboard";

function sessionsOf(userId: string): number {
  const db = openDatabase();
  try {
    return (db.prepare("select count(*) as n from sessions where user_id = ?").get(userId) as { n: number }).n;
  } finally {
    db.close();
  }
}

function joinCompany(userId: string, companyId: string): void {
  const db = openDatabase();
  try {
    db.prepare("update users set company_id = ? where id = ?").run(companyId, userId);
  } finally {
    db.close();
  }
}

async function createCompany(page: Page, name: string): Promise<string> {
  await page.goto(`${CONSOLE}/clients`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "New company" }).click();
  await expect(page.getByRole("heading", { name: "New company" })).toBeVisible();
  await page.getByLabel("Company name").fill(name);
  await page.getByLabel("Website (optional)").fill("kite-example.in");
  await page.getByLabel("Country (optional)").fill("India");
  await page.getByRole("button", { name: "Create company" }).click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "The company is created. Invite its people below." })).toBeVisible();
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("Staff create a company, rename it, make a member client admin, close it with a confirmation (the member is signed out) and reopen it", async ({
  page,
}) => {
  await signIn(page, { role: "employee", staffRole: "sales" });
  const name = `Kite Foods ${uniqueId()}`;
  const companyId = await createCompany(page, name);
  await expect(page.getByLabel("Website (optional)")).toHaveValue("https://kite-example.in");

  const member = await createSignedInUser({ role: "client", email: `e2e-member-${uniqueId()}@example.com` });
  joinCompany(member.id, companyId);
  await page.reload();
  await waitForHydration(page);
  const members = page.getByRole("table", { name: "Members of this company" });
  await expect(members.getByRole("cell", { name: member.email })).toBeVisible();
  await expect(members.getByRole("cell", { name: "Never" })).toBeVisible();

  // The client admin switch.
  const adminSwitch = members.getByRole("switch", { name: `Client admin: ${member.name}` });
  await expect(adminSwitch).toHaveAttribute("aria-checked", "false");
  await adminSwitch.click();
  await expect(page.getByRole("status").filter({ hasText: `${member.email} is a client admin` })).toBeVisible();
  await expect(adminSwitch).toHaveAttribute("aria-checked", "true");

  // Rename.
  const renamed = `${name} Ltd`;
  await page.getByLabel("Company name").fill(renamed);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The company's details are saved." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: renamed })).toBeVisible();

  // Close: the first button only asks; the second closes.
  expect(sessionsOf(member.id)).toBe(1);
  await page.getByText("Close company", { exact: true }).click();
  await expect(page.getByText(`All 1 member of ${renamed} will be signed out at once`)).toBeVisible();
  await page.getByRole("button", { name: "Yes, close the company" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The company is closed." })).toBeVisible();
  expect(sessionsOf(member.id)).toBe(0);
  const portal = await page.request.get("/user-dashboard", { headers: { Cookie: member.cookie }, maxRedirects: 0 });
  expect(portal.status()).toBe(302);
  expect(portal.headers().location).toBe("/login");

  await page.getByRole("button", { name: "Reopen company" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The company is open again." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Activity" })).toBeVisible();
  const activity = page.getByRole("list", { name: "Latest changes, newest first" });
  await expect(activity.getByRole("listitem").first()).toContainText("reopened the company");

  // The list finds it by a member's e-mail.
  await page.goto(`${CONSOLE}/clients?q=${encodeURIComponent(member.email)}`);
  await expect(page.getByRole("link", { name: renamed })).toBeVisible();
  await expect(page.getByText("1 company matching")).toBeVisible();
});

test("A member is removed only after a confirmation, and their account is gone", async ({ page }) => {
  await signIn(page, { role: "employee" });
  const companyId = await createCompany(page, `Blue Harbour ${uniqueId()}`);
  const member = await createSignedInUser({ role: "client", email: `e2e-leaver-${uniqueId()}@example.com` });
  joinCompany(member.id, companyId);
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("table", { name: "Members of this company" }).getByText("Remove", { exact: true }).click();
  await page.getByRole("button", { name: `Remove ${member.name}` }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `${member.email} was removed and signed out; their account is deleted.` }),
  ).toBeVisible();
  await expect(page.getByText("No members yet.")).toBeVisible();
  expect(sessionsOf(member.id)).toBe(0);
});

test("An unknown company id answers 404 with a way back to the list", async ({ page }) => {
  await signIn(page, { role: "employee" });
  const response = await page.goto(`${CONSOLE}/clients/00000000-0000-0000-0000-000000000000`);
  expect(response?.status()).toBe(404);
  const alert = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Not found" }) });
  await expect(alert.getByRole("link", { name: "Back to Clients" })).toBeVisible();
});

// Its own server: switching self-registration off would disturb the specs running in parallel.
test("An admin turns the Settings switches off and on again; each save says so and the page keeps the choice", async ({ browser }) => {
  const server = await startIsolatedServer();
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, { role: "employee", baseURL: server.baseURL, databaseFile: server.databaseFile });
    await page.goto(CONSOLE);
    await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
    await waitForHydration(page);
    const registration = page.getByRole("switch", { name: "Clients can create their own account" });
    const projects = page.getByRole("switch", { name: "Clients can create projects" });
    await expect(registration).toBeChecked();
    await expect(projects).toBeChecked();

    await registration.uncheck();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved. They apply at once." })).toBeVisible();
    await page.reload();
    await expect(registration).not.toBeChecked();
    await expect(projects).toBeChecked();

    await registration.check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
    await page.reload();
    await expect(registration).toBeChecked();
  } finally {
    await context.close();
    await server.stop();
  }
});

test("Sales do not see Settings in the navigation, and the page answers 403", async ({ page }) => {
  await signIn(page, { role: "employee", staffRole: "sales" });
  await page.goto(CONSOLE);
  await expect(page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Clients" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Settings" })).toHaveCount(0);
  const response = await page.goto(`${CONSOLE}/settings`);
  expect(response?.status()).toBe(403);
});

test("A failed save of the company's details shows its message in place and keeps what was typed", async ({ page }) => {
  await signIn(page, { role: "employee" });
  const name = `Offline Co ${uniqueId()}`;
  await createCompany(page, name);
  // A lost connection at the moment of saving: only the action's POST fails.
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()),
  );
  await page.getByLabel("Company name").fill(`${name} renamed`);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("The company could not be saved. Please try again.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Company name")).toHaveValue(`${name} renamed`);
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
});

test.describe("Without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Staff create a company, see a refused website in place, and close the company through its confirmation", async ({ page }) => {
    await signIn(page, { role: "employee" });
    const name = `No Script Co ${uniqueId()}`;
    await page.goto(`${CONSOLE}/clients/new`);
    await page.getByLabel("Company name").fill(name);
    await page.getByLabel("Website (optional)").fill("not a website");
    await page.getByRole("button", { name: "Create company" }).click();
    await expect(page.getByText("Enter a website address such as https://example.com.")).toBeVisible();
    await page.getByLabel("Website (optional)").fill("");
    await page.getByRole("button", { name: "Create company" }).click();
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();

    await page.getByText("Close company", { exact: true }).click();
    await page.getByRole("button", { name: "Yes, close the company" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The company is closed." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Reopen company" })).toBeVisible();
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`The companies list, New company, a company page with its confirmation open, and Settings have no WCAG 2.1 AA violations in the ${theme} theme`, async ({
    page,
  }) => {
    // Four axe sweeps on a machine shared with other suites.
    test.setTimeout(120_000);
    if (theme === "dark") await storeTheme(page, "dark");
    await signIn(page, { role: "employee" });
    const companyId = await createCompany(page, `Axe Co ${uniqueId()}`);
    const member = await createSignedInUser({ role: "client", email: `e2e-axe-${uniqueId()}@example.com` });
    joinCompany(member.id, companyId);
    const check = async () => {
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    };
    await page.goto(`${CONSOLE}/clients/${companyId}`);
    await page.getByText("Close company", { exact: true }).click();
    await page.getByRole("table", { name: "Members of this company" }).getByText("Remove", { exact: true }).click();
    await check();
    for (const path of ["/clients", "/clients/new", "/settings"]) {
      await page.goto(`${CONSOLE}${path}`);
      await check();
    }
  });
}
