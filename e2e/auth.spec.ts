import { expect, test, type Page } from "@playwright/test";
import { startSmtpServer, type TestSmtpServer } from "../tests/helpers/smtp";
import { createSignedInUser, signIn } from "./fixtures";
import { addStaffWithCli, collectDialogs, startIsolatedServer, uniqueId, waitForHydration, type IsolatedServer } from "./helpers";

// Accounts and sign-in journeys in a real browser against the built server. Accounts
// are unique per test, so tests run in parallel; journeys that need their own configuration (a
// real SMTP server) run on an isolated instance. One test per role signs in through its form: a
// client ("Login → /user-dashboard…") and staff ("Employee login…"); the others start signed in
// (fixtures.ts), and use the forms only for what they check (registering, a refused or reset password).

const PASSWORD = "e2e-password-0123";
const DARK = /(^|\s)dark(\s|$)/;

const clientEmail = () => `e2e-${uniqueId()}@example.com`;

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** The success or error banner of a ?notice= code (role=alert, outside the forms). */
function banner(page: Page, text: string) {
  return page.getByRole("alert").filter({ hasText: text });
}

async function expectDialog(dialogs: string[], text: string) {
  await expect.poll(() => dialogs, { message: `window.alert("${text}")` }).toContain(text);
}

/** Registers through the Login ⇄ Create Account toggle of /login. */
async function register(page: Page, email: string) {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Create Account", exact: true }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
}

async function login(page: Page, email: string, password = PASSWORD, base = "") {
  await page.goto(`${base}/login`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("main").getByRole("button", { name: "Login", exact: true }).click();
}

/**
 * A client with PASSWORD, signed in in this page's context without the UI and on /user-dashboard;
 * `server` is an isolated instance to sign in to instead of the main one.
 */
async function signedInClient(page: Page, server?: IsolatedServer) {
  // An established client: a verified address, so account mails reach it (decision 0028).
  const { email } = await signIn(page, {
    role: "client",
    password: PASSWORD,
    baseURL: server?.baseURL,
    databaseFile: server?.databaseFile,
    emailVerified: true,
  });
  await page.goto(`${server?.baseURL ?? ""}/user-dashboard`);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await waitForHydration(page);
  return email;
}

test.describe("Register and log in", () => {
  test("Register → /user-dashboard with 'Account created successfully!' as banner and dialog", async ({ page }) => {
    const dialogs = collectDialogs(page);
    await register(page, clientEmail());
    await expect(banner(page, "Account created successfully!")).toBeVisible();
    await expectDialog(dialogs, "Account created successfully!");
    // The code is dropped from the URL, so a reload does not repeat the message.
    await expect(page).toHaveURL(/\/user-dashboard$/);
  });

  test("Login → /user-dashboard with 'Logged in successfully!'", async ({ page }) => {
    // The one client sign-in through the form; the account exists (with its password) beforehand.
    const { email } = await createSignedInUser({ role: "client", password: PASSWORD });

    const dialogs = collectDialogs(page);
    await login(page, email);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expect(banner(page, "Logged in successfully!")).toBeVisible();
    await expectDialog(dialogs, "Logged in successfully!");
  });

  test("A company e-mail on the customer form is refused with the exact message", async ({ page }) => {
    await page.goto("/login?mode=register");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(`someone-${uniqueId()}@indigokite.dev`);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("main").getByRole("button", { name: "Create Account", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Employee accounts must use the Employee Login form." })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("The nav shows 'Login / Register' to guests and 'Dashboard' when signed in", async ({ page }) => {
    await page.goto("/");
    await expect(mainNav(page).getByRole("link", { name: "Login / Register" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Dashboard", exact: true })).toHaveCount(0);

    await signedInClient(page);
    await page.goto("/");
    await expect(mainNav(page).getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Login / Register" })).toHaveCount(0);
    await mainNav(page).getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(page).toHaveURL(/\/user-dashboard$/);
  });

  test("/login when signed in goes to /user-dashboard and leaves no /login entry in history", async ({ page }) => {
    await signedInClient(page);
    await page.goto("/about");
    await page.goto("/login");
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe("Dashboards and employee login", () => {
  test("/dashboard: a guest goes to /login, a client to /user-dashboard", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
    await signedInClient(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/user-dashboard$/);
  });

  test("Guests are sent from /user-dashboard and /employee-dashboard to /login; a client gets 403 at /employee-dashboard", async ({
    page,
  }) => {
    for (const path of ["/user-dashboard", "/user-dashboard/settings", "/employee-dashboard"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    await signedInClient(page);
    const response = await page.goto("/employee-dashboard");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Employee Dashboard" })).toHaveCount(0);
  });

  test("Employee login (staff created with the CLI) → /employee-dashboard, where Logout can be clicked while the 'Welcome back!' banner shows → Logout → /; /dashboard routes staff there", async ({
    page,
  }) => {
    // The one staff sign-in through the form.
    test.setTimeout(90_000); // the CLI (npx tsx) takes several seconds to start
    const email = `staff-${uniqueId()}@indigokite.dev`;
    expect(addStaffWithCli(email, PASSWORD)).toBe(`Staff account created: ${email}`);
    const dialogs = collectDialogs(page);

    await page.goto("/employee-login");
    await waitForHydration(page);
    await page.getByLabel("Work Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("main").getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/employee-dashboard$/);
    await expect(banner(page, "Welcome back!")).toBeVisible();
    // Right after login: a trial click runs every actionability check, including "nothing else receives the click".
    await page.getByRole("button", { name: "Logout" }).click({ trial: true, timeout: 3_000 });
    await expect(page.getByRole("heading", { name: "Employee Dashboard" })).toBeVisible();
    // The placeholder became the staff console: its Overview section is the landing page.
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await expectDialog(dialogs, "Welcome back!");

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/employee-dashboard$/);
    // Staff are not clients.
    await page.goto("/user-dashboard");
    await expect(page).toHaveURL(/\/employee-dashboard$/);

    await waitForHydration(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole("link", { name: "Login / Register" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("Employee login refuses other domains and wrong passwords with the exact messages", async ({ page }) => {
    await page.goto("/employee-login");
    await waitForHydration(page);
    await page.getByLabel("Work Email").fill(`someone-${uniqueId()}@example.com`);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("main").getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Only @indigokite.dev emails are allowed for employee login." })).toBeVisible();

    await page.getByLabel("Work Email").fill(`nobody-${uniqueId()}@indigokite.dev`);
    await page.getByLabel("Password").fill("wrong-password-1");
    await page.getByRole("main").getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid credentials or unauthorized access." })).toBeVisible();
    await expect(page).toHaveURL(/\/employee-login$/);
  });
});

test.describe("Settings", () => {
  test("Dark Mode toggle puts `dark` on <html> and survives a reload, both ways", async ({ page }) => {
    await signedInClient(page);
    await page.goto("/user-dashboard/settings");
    await waitForHydration(page);
    const html = page.locator("html");
    await expect(html).not.toHaveClass(DARK);
    await page.getByRole("button", { name: "Dark", exact: true }).click();
    await expect(html).toHaveClass(DARK);
    await expect(page.getByRole("button", { name: "Light", exact: true })).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(html).toHaveClass(DARK);
    await expect(page.getByRole("button", { name: "Light", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Light", exact: true }).click();
    await expect(html).not.toHaveClass(DARK);
    await page.reload();
    await expect(html).not.toHaveClass(DARK);
    await expect(page.getByRole("button", { name: "Dark", exact: true })).toBeVisible();
  });

  test("Delete Account → dialog (Cancel closes it) → Confirm → 'Account deleted successfully.' on /, then signing in fails", async ({
    page,
  }) => {
    const email = await signedInClient(page);
    const dialogs = collectDialogs(page);
    await page.goto("/user-dashboard/settings");
    await waitForHydration(page);
    const confirm = page.getByRole("dialog", { name: "Delete your account?" });

    await page.getByRole("button", { name: "Delete Account" }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();

    await page.getByRole("button", { name: "Delete Account" }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectDialog(dialogs, "Account deleted successfully.");
    await expect(banner(page, "Account deleted successfully.")).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Login / Register" })).toBeVisible();

    await login(page, email);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("Logout in Settings signs out and goes to /", async ({ page }) => {
    await signedInClient(page);
    await page.goto("/user-dashboard/settings");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/user-dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("Reset Password through a real SMTP server", () => {
  test.describe.configure({ mode: "serial" });
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

  /** Undoes quoted-printable soft breaks and escapes well enough to find a link. */
  function decodeQuotedPrintable(raw: string) {
    return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  test("'Password reset email sent to {email}', the mail arrives over SMTP, and its link sets a new password", async ({ page }) => {
    test.setTimeout(60_000);
    const base = server.baseURL;
    const email = await signedInClient(page, server);
    const dialogs = collectDialogs(page);
    await page.goto(`${base}/user-dashboard/settings`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Reset Password" }).click();
    const sent = `Password reset email sent to ${email}`;
    await expect(banner(page, sent)).toBeVisible();
    await expectDialog(dialogs, sent);

    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes(email)).map((m) => m.subject), {
        timeout: 20_000,
        message: "reset mail over SMTP",
      })
      .toContain("Reset your password");
    const mail = smtp.messages.find((m) => m.to.includes(email) && m.subject === "Reset your password")!;
    const link = new RegExp(`${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/reset-password\\?token=[^\\s"'<>]+`).exec(
      decodeQuotedPrintable(mail.raw),
    )?.[0];
    expect(link, "a reset link to this server in the mail").toBeTruthy();

    await page.goto(link!.replace(/&amp;/g, "&"));
    await waitForHydration(page);
    await page.getByLabel("New password", { exact: true }).fill("a-new-password-456");
    await page.getByLabel("Repeat new password").fill("a-new-password-456");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(new RegExp(`^${base}/login`));
    await expectDialog(dialogs, "Your password has been changed. Please log in with the new one.");

    // The old session was revoked with the reset.
    await page.goto(`${base}/user-dashboard`);
    await expect(page).toHaveURL(new RegExp(`^${base}/login$`));
    await login(page, email, PASSWORD, base);
    await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
    await login(page, email, "a-new-password-456", base);
    await expect(page).toHaveURL(new RegExp(`^${base}/user-dashboard$`));
  });

  test("Signed out: /login → 'Forgot password?' → the same answer for any address → the mailed link shows a form (twice), sets a new password once", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const base = server.baseURL;
    const { email } = await createSignedInUser({
      role: "client",
      password: PASSWORD,
      databaseFile: server.databaseFile,
      emailVerified: true,
    });
    const dialogs = collectDialogs(page);
    const answer = "If an account exists for that address, we have sent a link.";

    await page.goto(`${base}/login`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(new RegExp(`^${base}/forgot-password$`));
    await waitForHydration(page);
    // An unknown address gets the same answer, and no mail.
    const unknown = `nobody-${uniqueId()}@example.com`;
    await page.getByLabel("Email").fill(unknown);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: answer })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: answer })).toBeVisible();

    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes(email)).map((m) => m.subject), {
        timeout: 20_000,
        message: "reset mail over SMTP",
      })
      .toContain("Reset your password");
    expect(
      smtp.messages.some((m) => m.to.includes(unknown)),
      "no mail to an unknown address",
    ).toBe(false);
    const mail = smtp.messages.find((m) => m.to.includes(email) && m.subject === "Reset your password")!;
    const link = new RegExp(`${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/reset-password\\?token=[^\\s"'<>]+`).exec(
      decodeQuotedPrintable(mail.raw),
    )?.[0];
    expect(link, "a reset link to this server in the mail").toBeTruthy();
    const url = link!.replace(/&amp;/g, "&");

    // Opening the link only shows the form (a mail scanner's GET spends nothing): twice still works.
    await page.goto(url);
    await expect(page.getByRole("button", { name: "Save new password" })).toBeVisible();
    await page.goto(url);
    await waitForHydration(page);
    await page.getByLabel("New password", { exact: true }).fill("forgot-new-password-1");
    await page.getByLabel("Repeat new password").fill("forgot-new-password-1");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(new RegExp(`^${base}/login`));
    await expectDialog(dialogs, "Your password has been changed. Please log in with the new one.");
    await login(page, email, "forgot-new-password-1", base);
    await expect(page).toHaveURL(new RegExp(`^${base}/user-dashboard$`));

    // The link works once; the page then points to a new one.
    await page.goto(url);
    await waitForHydration(page);
    await page.getByLabel("New password", { exact: true }).fill("forgot-new-password-2");
    await page.getByLabel("Repeat new password").fill("forgot-new-password-2");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This reset link is invalid or has expired." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
  });

  test("/employee-login links to Forgot password, which works without JavaScript and refuses an invalid address", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      const base = server.baseURL;
      await page.goto(`${base}/employee-login`);
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page).toHaveURL(new RegExp(`^${base}/forgot-password$`));
      // The browser's own check lets an address without a dot through; the server refuses it.
      await page.getByLabel("Email").fill("someone@localhost");
      const response = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Send reset link" }).click();
      expect((await response).status()).toBe(400);
      await expect(page.getByText("Enter a valid email address.")).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe("Dashboard sidebar", () => {
  test("At 1024 px the sidebar is always open with Profile, My Projects, Support, Settings; no menu button", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await signedInClient(page);
    await waitForHydration(page);
    const sidebar = page.getByRole("navigation", { name: "Dashboard" });
    await expect(sidebar).toBeVisible();
    for (const tab of ["Profile", "My Projects", "Support", "Settings"])
      await expect(sidebar.getByRole("link", { name: tab })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open dashboard menu" })).toBeHidden();
    await sidebar.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/settings$/);
    await expect(sidebar).toBeVisible();
  });

  test("At 375 px the sidebar hides behind a menu button with an overlay; choosing a tab closes it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signedInClient(page);
    await waitForHydration(page);
    const sidebar = page.getByRole("navigation", { name: "Dashboard" });
    const menu = page.getByRole("button", { name: "Open dashboard menu" });
    await expect(menu).toBeVisible();
    await expect(sidebar).toBeHidden();

    await menu.click();
    await expect(sidebar).toBeVisible();
    // The overlay covers the page to the right of the sidebar; a tap there closes the menu.
    const covering = await page.evaluate(() => {
      const element = document.elementFromPoint(360, 700);
      return element ? { fixed: getComputedStyle(element).position === "fixed", inSidebar: Boolean(element.closest("aside")) } : null;
    });
    expect(covering).toEqual({ fixed: true, inSidebar: false });
    await page.mouse.click(360, 700);
    await expect(sidebar).toBeHidden();

    await page.getByRole("button", { name: "Open dashboard menu" }).click();
    await sidebar.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/settings$/);
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole("button", { name: "Open dashboard menu" })).toBeVisible();
  });
});

test.describe("Cross-site requests and Better Auth's HTTP endpoints on the production build", () => {
  test("A cross-origin POST to /api/auth/sign-in/email is refused and signs nobody in", async ({ page, request, baseURL }) => {
    const email = await signedInClient(page);
    const response = await request.post(`${baseURL}/api/auth/sign-in/email`, {
      data: { email, password: PASSWORD },
      headers: { Origin: "https://evil.example", Cookie: "agency.session_token=x" },
      maxRedirects: 0,
    });
    // That endpoint is not exposed at all (only the OAuth callbacks are).
    expect([403, 404]).toContain(response.status());
    expect(response.headers()["set-cookie"] ?? "").not.toContain("session_token=");
  });

  test("A cross-origin POST to /login signs nobody in", async ({ page, request, baseURL }) => {
    const email = await signedInClient(page);
    const response = await request.post(`${baseURL}/login`, {
      form: { intent: "login", email, password: PASSWORD },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(response.headers()["set-cookie"] ?? "").not.toContain("session_token=");
  });

  test("A cross-origin POST to /logout does not end the session", async ({ page, baseURL, playwright }) => {
    await signedInClient(page);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.includes("session_token"))!;
    const api = await playwright.request.newContext();
    const response = await api.post(`${baseURL}/logout`, {
      form: { intent: "logout" },
      headers: { Origin: "https://evil.example", Cookie: `${session.name}=${session.value}` },
      maxRedirects: 0,
    });
    await api.dispose();
    expect(response.status()).toBeGreaterThanOrEqual(400);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/user-dashboard$/);
  });

  test("Registering a company e-mail through /api/auth/sign-up/email gives no access to /employee-dashboard", async ({
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    await api.post("/api/auth/sign-up/email", {
      data: { email: `mallory-${uniqueId()}@indigokite.dev`, password: PASSWORD, name: "Mallory" },
      headers: { Origin: baseURL! },
    });
    const dashboard = await api.get("/employee-dashboard", { maxRedirects: 0 });
    const status = dashboard.status();
    const body = status === 200 ? await dashboard.text() : "";
    await api.dispose();
    expect(body.includes("Employee Dashboard") ? "self-registered staff reached the employee dashboard" : "refused").toBe("refused");
  });
});
