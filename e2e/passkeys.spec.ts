import { expect, test, type Page } from "@playwright/test";
import { EMPLOYEE_ON_CUSTOMER_FORM } from "../app/lib/auth-messages";
import { addVirtualAuthenticator, enrolTwoFactor } from "./account-steps";
import { signIn } from "./fixtures";
import { freePort, startIsolatedServer, waitForHydration, waitForMail, type IsolatedServer } from "./helpers";

// Passkeys in Chromium with the DevTools WebAuthn virtual authenticator: a platform
// authenticator that holds discoverable credentials and verifies its user at once. Browsers refuse
// an IP address as relying-party ID, so the server runs with APP_URL http://localhost:<port>.

let server: IsolatedServer;
let base: string;

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startIsolatedServer({ port, env: { APP_URL: base } });
});

test.afterAll(async () => {
  await server?.stop();
});

// The fixtures' accounts get this password, which adding a passkey asks for first (decision 0053).
const PASSWORD = "correct-horse-battery-staple-9";

/** The Passkeys row of portal Settings or console My account. */
const passkeysRow = (page: Page) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Passkeys" }) });

/** "Confirm it's you" in the Passkeys row: however fresh the session, the password comes first. */
async function confirmIdentity(page: Page) {
  const row = passkeysRow(page);
  await expect(row.getByText("To add a passkey, first confirm it's you with your password.")).toBeVisible();
  await expect(row.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  await row.getByLabel("Your password").fill(PASSWORD);
  await row.getByRole("button", { name: "Check password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "that's confirmed" })).toBeVisible();
}

async function addPasskey(page: Page, accountPath: string, name: string) {
  await page.goto(`${base}${accountPath}`);
  await waitForHydration(page);
  await confirmIdentity(page);
  await page.getByLabel("Passkey name").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Passkey added." })).toBeVisible();
  await expect(page.getByTestId("passkey-row").filter({ hasText: name })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(`${base}/`);
}

test("A client adds a passkey in Settings, signs out and signs back in with it", async ({ page }) => {
  await addVirtualAuthenticator(page);
  await signIn(page, { role: "client", baseURL: base, databaseFile: server.databaseFile, password: PASSWORD });
  // A session alone adds no passkey: a wrong password is refused in place, and nothing opens.
  await page.goto(`${base}/user-dashboard/settings`);
  await waitForHydration(page);
  await passkeysRow(page).getByLabel("Your password").fill("not-my-password");
  await passkeysRow(page).getByRole("button", { name: "Check password" }).click();
  await expect(passkeysRow(page).getByText("That password is not right.")).toBeVisible();
  await expect(passkeysRow(page).getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  await addPasskey(page, "/user-dashboard/settings", "My laptop");
  await expect(page.getByTestId("passkey-row")).toContainText("Added");
  await signOut(page);

  await page.goto(`${base}/login`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/user-dashboard(\?|$)/);
  await expect(page.getByRole("alert").filter({ hasText: "Logged in successfully!" })).toBeVisible();
  // The session remembers it was opened by a passkey (a second factor by itself, decision 0030).
  await page.goto(`${base}/user-dashboard/settings`);
  await expect(page.getByTestId("session-row").filter({ hasText: "This device" })).toContainText(/Signed in .+ with a passkey/);
});

test("A staff member signs in with a passkey on the employee form, and the client form refuses it", async ({ page }) => {
  await addVirtualAuthenticator(page);
  await signIn(page, { role: "employee", baseURL: base, databaseFile: server.databaseFile, password: PASSWORD });
  await addPasskey(page, "/employee-dashboard/account", "Office key");
  await signOut(page);

  // SPEC §5: staff never get a session from the client form, whatever the credential.
  await page.goto(`${base}/login`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert").filter({ hasText: EMPLOYEE_ON_CUSTOMER_FORM })).toBeVisible();
  await page.goto(`${base}/employee-dashboard`);
  await expect(page).toHaveURL(/\/login/);

  await page.goto(`${base}/employee-login`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/employee-dashboard/);
});

test("A passkey whose authenticator does not verify its user is not a way in", async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);
  await signIn(page, { role: "client", baseURL: base, databaseFile: server.databaseFile, password: PASSWORD });
  await addPasskey(page, "/user-dashboard/settings", "Unlocked phone");
  await signOut(page);
  await authenticator.stopVerifyingUser();

  await page.goto(`${base}/login`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  // Chromium itself refuses here (the server's own check: tests/accounts/passkeys.test.ts).
  await expect(page.getByRole("alert").filter({ hasText: /cancelled or timed out|Sign-in failed/ })).toBeVisible();
  await page.goto(`${base}/user-dashboard`);
  await expect(page).toHaveURL(/\/login/);
});

test("A passkey is renamed and deleted from Settings", async ({ page }) => {
  await addVirtualAuthenticator(page);
  await signIn(page, { role: "client", baseURL: base, databaseFile: server.databaseFile, password: PASSWORD });
  await addPasskey(page, "/user-dashboard/settings", "Old name");
  const row = page.getByTestId("passkey-row");
  await row.getByLabel("Name").fill("New name");
  await row.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Passkey renamed." })).toBeVisible();
  await expect(page.getByTestId("passkey-row")).toContainText("New name");
  await page
    .getByTestId("passkey-row")
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(page.getByRole("alert").filter({ hasText: "Passkey deleted." })).toBeVisible();
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
});

test("After an e-mailed link, a client with two-factor on answers the second step with their passkey", async ({ page }) => {
  await addVirtualAuthenticator(page);
  const client = await signIn(page, {
    role: "client",
    baseURL: base,
    databaseFile: server.databaseFile,
    password: PASSWORD,
    emailVerified: true,
  });
  await addPasskey(page, "/user-dashboard/settings", "Phone");
  await page.goto(`${base}/account/two-factor`);
  await enrolTwoFactor(page, PASSWORD);
  await page.goto(`${base}/user-dashboard/settings`);
  await signOut(page);

  const since = Date.now();
  await page.goto(`${base}/login`);
  await page.getByText("E-mail me a sign-in link", { exact: true }).first().click();
  const form = page.locator("form", { has: page.getByRole("button", { name: "E-mail me a sign-in link" }) });
  await form.getByLabel("E-mail for the link").fill(client.email);
  await form.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  const mail = (await waitForMail(client.email, since, /\/login\/link\?token=/)).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = new URL(/https?:\/\/[^\s"'<>]+\/login\/link\?token=[^\s"'<>]+/.exec(mail)![0].replace(/&amp;/g, "&"));
  await page.goto(`${base}${link.pathname}${link.search}`);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  // The link never skips the second factor: the step asks for a code, or the account's passkey.
  await expect(page).toHaveURL(/\/two-factor\/step-up/);
  await expect(page.getByText("You signed in with an e-mailed link.", { exact: false })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Use your passkey instead" }).click();
  await expect(page).toHaveURL(/\/user-dashboard(\?|$)/);
  await expect(page.getByRole("alert").filter({ hasText: "Logged in successfully!" })).toBeVisible();
  await page.goto(`${base}/user-dashboard/settings`);
  // One session: the passkey's; the half-open one from the link is gone.
  await expect(page.getByTestId("session-row")).toHaveCount(1);
  await expect(page.getByTestId("session-row")).toContainText(/with a passkey/);
});
