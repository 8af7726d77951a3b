import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { addStaffWithCli, startIsolatedServer, storeTheme, waitForHydration, type IsolatedServer } from "./helpers";
import { fillSetupForm, finishSetup, NORTHWIND, setupCodeFromLog } from "./setup-steps";

// First-run setup on a fresh install: its own server and empty database, the code read from the
// server's log as an operator would.

const PASSWORD = NORTHWIND.password;

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
    const code = await setupCodeFromLog(server);
    // Without JavaScript, as the form must work.
    const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/employee-login");
    await expect(page).toHaveURL(/\/setup$/);
    await page.goto("/employee-dashboard/leads");
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole("heading", { name: "Set up your site" })).toBeVisible();

    await fillSetupForm(page, "AAAA-BBBB-CCCC-DDDD");
    await page.getByRole("button", { name: "Finish setup and sign in" }).click();
    await expect(page.getByText("This setup code is not right.")).toBeVisible();

    await fillSetupForm(page, code);
    await page.getByLabel("Work email").fill("nadia@gmail.example");
    await page.getByRole("button", { name: "Finish setup and sign in" }).click();
    await expect(page.getByText("Use an address at @northwind.example")).toBeVisible();

    await fillSetupForm(page, code);
    await finishSetup(page);
    await expect(page.getByRole("heading", { name: "Employee Dashboard" })).toBeVisible();

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
