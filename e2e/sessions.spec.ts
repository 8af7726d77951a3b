import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { SESSION_COOKIE, createSignedInUser } from "./fixtures";
import { waitForHydration } from "./helpers";

// Sessions you can see: one client signed in in two browsers; one signs the other out.

const PASSWORD = "e2e-password-0123";

/** A second browser signing in to the same account through the login form, as a person would. */
async function signInThroughForm(browser: Browser, email: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/user-dashboard/);
  return context;
}

async function contextWithSession(browser: Browser, cookie: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(options);
  const baseURL = process.env.E2E_BASE_URL!;
  await context.addCookies([
    { name: SESSION_COOKIE, value: cookie.slice(SESSION_COOKIE.length + 1), url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
  return context;
}

test("A client signs another browser out from Settings, and that browser is signed out", async ({ browser }) => {
  const user = await createSignedInUser({ role: "client", password: PASSWORD });
  const phone = await signInThroughForm(browser, user.email);
  const laptop = await contextWithSession(browser, user.cookie);
  const page = await laptop.newPage();
  await page.goto("/user-dashboard/settings");
  await waitForHydration(page);

  const rows = page.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  const here = rows.filter({ hasText: "This device" });
  await expect(here).toHaveCount(1);
  // The fixture's session is this browser; the other row is the form sign-in, parsed from its user agent.
  const other = rows.filter({ hasNotText: "This device" });
  await expect(other).toContainText(/Chrom/);
  await expect(other).toContainText("IP 127.0.0.1");
  await other.getByRole("button", { name: /Sign out/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That session is signed out." })).toBeVisible();
  await expect(rows).toHaveCount(1);

  const phonePage = phone.pages()[0]!;
  await phonePage.goto("/user-dashboard");
  await expect(phonePage).toHaveURL(/\/login/);
  await phone.close();
  await laptop.close();
});

test("Sign out everywhere else works without JavaScript and keeps this browser signed in", async ({ browser }) => {
  const user = await createSignedInUser({ role: "client", password: PASSWORD });
  const first = await signInThroughForm(browser, user.email);
  const second = await signInThroughForm(browser, user.email);
  const here = await contextWithSession(browser, user.cookie, { javaScriptEnabled: false });
  const page = await here.newPage();
  await page.goto("/user-dashboard/settings");
  await expect(page.getByTestId("session-row")).toHaveCount(3);
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page).toHaveURL(/\/user-dashboard\/settings\?notice=sessions-signed-out/);
  await expect(page.getByTestId("session-row")).toHaveCount(1);
  for (const context of [first, second]) {
    const other = context.pages()[0]!;
    await other.goto("/user-dashboard");
    await expect(other).toHaveURL(/\/login/);
    await context.close();
  }
  await here.close();
});
