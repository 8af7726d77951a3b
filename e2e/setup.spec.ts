import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { addStaffWithCli, startIsolatedServer, storeTheme, waitForHydration, type IsolatedServer } from "./helpers";

// First-run setup on a fresh install: its own server and empty database, the code read from the
// server's log as an operator would.

const PASSWORD = "a-long-admin-password-42";
const CODE_IN_LOG = /setup code ([A-Z2-7]{4}(?:-[A-Z2-7]{4}){3})/;

async function setupCode(server: IsolatedServer): Promise<string> {
  await expect.poll(() => CODE_IN_LOG.test(server.output()), { timeout: 10_000 }).toBe(true);
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.includes("/setup") && CODE_IN_LOG.test(line));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`${server.baseURL}/setup`);
  return CODE_IN_LOG.exec(lines[0]!)![1]!;
}

async function fill(page: Page, code: string) {
  await page.getByLabel("Setup code").fill(code);
  await page.getByLabel("Agency name").fill("Northwind Studio");
  await page.getByLabel("Company domain").fill("northwind.example");
  await page.getByLabel("Your name").fill("Nadia North");
  await page.getByLabel("Work email").fill("nadia@northwind.example");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Repeat password").fill(PASSWORD);
  await page.getByLabel("Inbox for new quote requests").fill("sales@northwind.example");
}

test.describe("First-run setup", () => {
  let server: IsolatedServer;
  test.beforeAll(async () => {
    server = await startIsolatedServer({ fresh: true });
  });
  test.afterAll(async () => server?.stop());

  test("A fresh install goes through /setup with the code from the log and lands signed in as admin; the staff login then shows the domain", async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const code = await setupCode(server);
    // Without JavaScript, as the form must work.
    const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/employee-login");
    await expect(page).toHaveURL(/\/setup$/);
    await page.goto("/employee-dashboard/leads");
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole("heading", { name: "Set up your site" })).toBeVisible();

    await fill(page, "AAAA-BBBB-CCCC-DDDD");
    await page.getByRole("button", { name: "Finish setup and sign in" }).click();
    await expect(page.getByText("This setup code is not right.")).toBeVisible();

    await fill(page, code);
    await page.getByLabel("Work email").fill("nadia@gmail.example");
    await page.getByRole("button", { name: "Finish setup and sign in" }).click();
    await expect(page.getByText("Use an address at @northwind.example")).toBeVisible();

    await fill(page, code);
    await page.getByRole("button", { name: "Finish setup and sign in" }).click();
    await expect(page).toHaveURL(/\/employee-dashboard/);
    await expect(page.getByRole("heading", { name: "Employee Dashboard" })).toBeVisible();
    await expect(page.getByText("Signed in as nadia@northwind.example (Admin)")).toBeVisible();

    // Done: nobody can run it again.
    expect((await page.request.get("/setup")).status()).toBe(404);
    const guest = await browser.newContext({ baseURL: server.baseURL });
    const login = await guest.newPage();
    await login.goto("/employee-login");
    await expect(login.getByRole("heading", { name: "Employee Login" })).toBeVisible();
    await expect(login.getByText("Sign in with your @northwind.example work e-mail.")).toBeVisible();
    await guest.close();
    await context.close();
  });
});

test.describe("First-run setup's page", () => {
  // One server for the three: the CLI's account ends setup, so it goes last.
  test.describe.configure({ mode: "serial" });
  let server: IsolatedServer;
  test.beforeAll(async () => {
    server = await startIsolatedServer({ fresh: true });
  });
  test.afterAll(async () => server?.stop());

  for (const theme of ["light", "dark"] as const) {
    test(`/setup has no WCAG 2.1 AA violations in the ${theme} theme, with its errors shown`, async ({ page }) => {
      if (theme === "dark") await storeTheme(page, "dark");
      await page.goto(`${server.baseURL}/setup`);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
      await page.getByRole("button", { name: "Finish setup and sign in" }).click();
      await expect(page.getByText("Setup code is required.")).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }

  test("A staff account made with the CLI ends setup: the staff login is the login, /setup is gone", async ({ page }) => {
    test.setTimeout(60_000);
    expect(addStaffWithCli("ops@indigokite.dev", PASSWORD, server.databaseFile)).toBe("Staff account created: ops@indigokite.dev");
    await page.goto(`${server.baseURL}/employee-login`);
    await expect(page.getByRole("heading", { name: "Employee Login" })).toBeVisible();
    expect((await page.request.get(`${server.baseURL}/setup`)).status()).toBe(404);
  });
});
