import { expect, test, type Page } from "@playwright/test";
import { startSmtpServer, type TestSmtpServer } from "../tests/helpers/smtp";
import { signIn } from "./fixtures";
import { collectDialogs, startIsolatedServer, uniqueId, waitForHydration, type IsolatedServer } from "./helpers";

//, decision 0028: a new client verifies their address from the mailed link (a page with a
// button: opening it verifies nothing), and signed-in users change their password in Settings.

const PASSWORD = "e2e-verify-password-0123";
const NEW_PASSWORD = "e2e-lantern-okapi-drizzle";
const VERIFY_BANNER = "Please verify your e-mail address";

/** Undoes quoted-printable soft breaks and escapes well enough to find a link. */
function decodeQuotedPrintable(raw: string) {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function notice(page: Page, text: string) {
  return page.getByRole("alert").filter({ hasText: text });
}

test.describe("E-mail verification through a real SMTP server", () => {
  let smtp: TestSmtpServer;
  let server: IsolatedServer;
  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startIsolatedServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Indigo Kite <no-reply@indigokite.dev>" } });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  async function verificationLink(email: string, count = 1): Promise<string> {
    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes(email) && m.subject === "Verify your e-mail address").length, {
        timeout: 20_000,
        message: "verification mail over SMTP",
      })
      .toBeGreaterThanOrEqual(count);
    const mails = smtp.messages.filter((m) => m.to.includes(email) && m.subject === "Verify your e-mail address");
    const base = server.baseURL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const link = new RegExp(`${base}/verify-email\\?token=[^\\s"'<>]+`).exec(decodeQuotedPrintable(mails.at(-1)!.raw))?.[0];
    expect(link, "a verification link to this server in the mail").toBeTruthy();
    return link!.replace(/&amp;/g, "&");
  }

  test("Register → 'Account created successfully!' and the banner → Send again → the mailed link's button → banner gone", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const base = server.baseURL;
    const email = `e2e-verify-${uniqueId()}@example.com`;
    const dialogs = collectDialogs(page);

    await page.goto(`${base}/login?mode=register`);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    // A common password is refused with the rule's message, only once it fails.
    await page.getByLabel("Password").fill("password123");
    await page.getByRole("main").getByRole("button", { name: "Create Account", exact: true }).click();
    await expect(page.getByText("This password is on the list of the most common passwords.")).toBeVisible();
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("main").getByRole("button", { name: "Create Account", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${base}/user-dashboard$`));
    await expect.poll(() => dialogs).toContain("Account created successfully!");
    await expect(page.getByText(VERIFY_BANNER)).toBeVisible();
    // The first page after sign-up says what comes next.
    const welcome = page.getByRole("region", { name: "Welcome, your account is ready" });
    await expect(welcome.getByRole("listitem")).toHaveText([
      `Confirm your e-mail address: open the link we sent to ${email}.`,
      /Complete your profile below/,
      /My Projects.*Support/,
    ]);

    const first = await verificationLink(email);
    // A link is signed with the second it was made in: within the same second "Send again" would
    // repeat the same mail (one outbox row), so this waits for the next one.
    await page.waitForTimeout(1_100);
    await page.getByRole("button", { name: "Send again" }).click();
    await expect(notice(page, `We sent a new verification link to ${email}.`)).toBeVisible();
    const second = await verificationLink(email, 2);

    // Opening the link (as a mail scanner would) verifies nothing; the page says why it asks for a click.
    await page.goto(first);
    await expect(page.getByRole("button", { name: "Verify my e-mail address" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Verify my e-mail address" })).toHaveAccessibleDescription(
      /open every link in a message to check it for threats/,
    );
    await page.goto(`${base}/user-dashboard`);
    await expect(page.getByText(VERIFY_BANNER)).toBeVisible();

    await page.goto(second);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Verify my e-mail address" }).click();
    await expect(page).toHaveURL(new RegExp(`^${base}/user-dashboard$`));
    await expect(notice(page, "Your e-mail address is verified.")).toBeVisible();
    await expect(page.getByText(VERIFY_BANNER)).toHaveCount(0);

    // The first link now says it has been used.
    await page.goto(first);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Verify my e-mail address" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This verification link has already been used" })).toBeVisible();
  });
});

test.describe("Password change", () => {
  async function signedIn(page: Page) {
    const user = await signIn(page, { role: "client", password: PASSWORD, emailVerified: true });
    await page.goto("/user-dashboard/settings");
    await waitForHydration(page);
    return user;
  }

  async function fillChange(page: Page, current: string, next: string) {
    await page.getByLabel("Current password").fill(current);
    await page.getByLabel("New password", { exact: true }).fill(next);
    await page.getByLabel("Repeat new password").fill(next);
    await page.getByRole("button", { name: "Change password" }).click();
  }

  test("Settings → a wrong current password is refused in place; the right one changes it and signs out the other browser", async ({
    page,
    browser,
    baseURL,
  }) => {
    const user = await signedIn(page);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    // The same account signed in elsewhere, through the form.
    await otherPage.goto(`${baseURL}/login`);
    await waitForHydration(otherPage);
    await otherPage.getByLabel("Email").fill(user.email);
    await otherPage.getByLabel("Password").fill(PASSWORD);
    await otherPage.getByRole("main").getByRole("button", { name: "Login", exact: true }).click();
    await expect(otherPage).toHaveURL(/\/user-dashboard$/);

    await fillChange(page, "not-my-password-at-all", NEW_PASSWORD);
    await expect(page.getByText("Your current password is not correct.")).toBeVisible();
    await expect(page).toHaveURL(/\/user-dashboard\/settings$/);

    await fillChange(page, PASSWORD, NEW_PASSWORD);
    await expect(notice(page, "Your password has been changed. You are signed out everywhere else.")).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveValue("");
    await page.goto("/user-dashboard");
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await otherPage.goto(`${baseURL}/user-dashboard`);
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();
  });

  test("Without JavaScript the form posts to its own page, which shows the refusal and then succeeds", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(context, { role: "client", password: PASSWORD, emailVerified: true, baseURL });
    await page.goto(`${baseURL}/user-dashboard/settings`);
    await fillChange(page, PASSWORD, "qwertyuiop");
    await expect(page).toHaveURL(/\/settings\/change-password$/);
    await expect(page.getByText("This password is on the list of the most common passwords.")).toBeVisible();
    await fillChange(page, PASSWORD, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/user-dashboard\/settings\?notice=password-updated$/);
    await context.close();
  });

  test("Staff change theirs on the console's My account page: 12 characters at least, then back there signed in", async ({ page }) => {
    await signIn(page, { role: "employee", password: PASSWORD });
    await page.goto("/employee-dashboard/account");
    await waitForHydration(page);
    await fillChange(page, PASSWORD, "eleven-char");
    await expect(page.getByText("Staff passwords need at least 12 characters.")).toBeVisible();
    await fillChange(page, PASSWORD, NEW_PASSWORD);
    await expect(notice(page, "Your password has been changed. You are signed out everywhere else.")).toBeVisible();
    await expect(page).toHaveURL(/\/employee-dashboard\/account/);
  });
});
