import { expect, test, type Page } from "@playwright/test";
import { nextTotpCode } from "../tests/helpers/totp";
import { enrolTwoFactor, expectAccessible, passwordStep as signInWithPassword } from "./account-steps";
import { createSignedInUser, signIn } from "./fixtures";
import { startIsolatedServer, uniqueId, waitForHydration, type IsolatedServer } from "./helpers";

// Two-factor sign-in (decision 0029) in a real browser: the test is the authenticator
// app, reading the manual key from the page and computing codes with otplib. Clients on the main
// server (STAFF_2FA=optional); the staff journey on an isolated server with STAFF_2FA=required.

const PASSWORD = "e2e-password-0123";

/** Enrols on /account/two-factor (already open) with this spec's password. */
const enrol = (page: Page) => enrolTwoFactor(page, PASSWORD);

/** The password step of a login form, with this spec's password. */
const passwordStep = (page: Page, base: string, email: string, form: "/login" | "/employee-login", scripts = true) =>
  signInWithPassword(page, base, email, PASSWORD, form, scripts);

test.describe("Two-factor sign-in for clients", () => {
  test("A client turns on two-factor from Settings, then signs in with a code, and with a recovery code (without JavaScript) that works once", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const { email } = await signIn(page, { role: "client", password: PASSWORD });
    await page.goto("/user-dashboard/settings");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Set up" }).click();
    await expect(page).toHaveURL(/\/account\/two-factor$/);
    await waitForHydration(page);
    const { key, codes } = await enrol(page);
    await page.getByRole("link", { name: /I have saved my codes/ }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/settings$/);
    await expect(page.getByRole("link", { name: "Manage" })).toBeVisible();

    // Sign out, then the password alone only opens the challenge.
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await passwordStep(page, "", email, "/login");
    await expect(page).toHaveURL(/\/two-factor$/);
    await expectAccessible(page, "sign-in challenge");
    await page.getByLabel("Authentication code").fill(nextTotpCode(key));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expect(page.getByRole("alert").filter({ hasText: "Logged in successfully!" })).toBeVisible();

    // A recovery code, in a browser without JavaScript: plain forms and links all the way.
    const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const plain = await noJs.newPage();
    try {
      await passwordStep(plain, "", email, "/login", false);
      await expect(plain).toHaveURL(/\/two-factor$/);
      await plain.getByRole("link", { name: "Use a recovery code instead" }).click();
      await plain.getByLabel("Recovery code").fill(codes[0]!);
      await plain.getByRole("button", { name: "Verify" }).click();
      // Without scripts the ?notice= code stays in the address; the banner is the same.
      await expect(plain).toHaveURL(/\/user-dashboard\?notice=login$/);
      await expect(plain.getByRole("alert").filter({ hasText: "Logged in successfully!" })).toBeVisible();

      // The same code a second time is refused, in place.
      await noJs.clearCookies();
      await passwordStep(plain, "", email, "/login", false);
      await plain.goto("/two-factor?method=recovery");
      await plain.getByLabel("Recovery code").fill(codes[0]!);
      await plain.getByRole("button", { name: "Verify" }).click();
      await expect(plain.getByRole("alert").filter({ hasText: "That recovery code is not right, or it was used already." })).toBeVisible();
      await expect(plain).toHaveURL(/\/two-factor/);
    } finally {
      await noJs.close();
    }
  });
});

test.describe("Two-factor sign-in required for staff", () => {
  let server: IsolatedServer;
  test.beforeAll(async () => {
    server = await startIsolatedServer({ env: { STAFF_2FA: "required" } });
  });
  test.afterAll(async () => server?.stop());

  test("With STAFF_2FA=required, a staff member without it is held at enrolment until a code confirms it, then signs in with a code to 'Welcome back!'", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const email = `staff-${uniqueId()}@indigokite.dev`;
    await createSignedInUser({ role: "employee", email, password: PASSWORD, databaseFile: server.databaseFile });

    await passwordStep(page, server.baseURL, email, "/employee-login");
    await expect(page).toHaveURL(/\/account\/two-factor$/);
    await expect(page.getByText("Two-factor sign-in is required for staff. Set it up to continue to the console.")).toBeVisible();
    await page.goto(`${server.baseURL}/employee-dashboard/leads`);
    await expect(page).toHaveURL(/\/account\/two-factor$/);

    await waitForHydration(page);
    const { key } = await enrol(page);
    await page.getByRole("link", { name: /I have saved my codes/ }).click();
    await expect(page).toHaveURL(/\/employee-dashboard$/);
    await expect(page.getByRole("heading", { name: "Employee Dashboard" })).toBeVisible();
    await page.goto(`${server.baseURL}/account/two-factor`);
    await expect(page.getByText("Two-factor sign-in is required for staff, so it cannot be turned off.")).toBeVisible();

    await page.context().clearCookies();
    await passwordStep(page, server.baseURL, email, "/employee-login");
    await expect(page).toHaveURL(/\/two-factor\?for=staff$/);
    await page.getByLabel("Authentication code").fill(nextTotpCode(key));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/employee-dashboard$/);
    await expect(page.getByRole("alert").filter({ hasText: "Welcome back!" })).toBeVisible();
  });
});
