import { expect, test, type Page } from "@playwright/test";
import { startOidcProvider, type TestOidcProvider } from "../tests/helpers/oidc";
import { addStaffWithCli, collectDialogs, freePort, startIsolatedServer, uniqueId, waitForHydration, type IsolatedServer } from "./helpers";

// Google sign-in through a real local OpenID Connect provider (oidc-provider) standing in for
// Google, on an isolated app instance configured with GOOGLE_CLIENT_ID/SECRET/ISSUER. The
// provider signs in the account chosen with oidc.useAccount() and consents automatically.

// One provider and one app instance for the file: run its tests in order in one worker, each on its own.
test.describe.configure({ mode: "default" });

let oidc: TestOidcProvider;
let server: IsolatedServer;
let base: string;

test.beforeAll(async () => {
  // The provider must know the app's callback URL, and the app the provider's issuer: pick the
  // app's port first.
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  oidc = await startOidcProvider({ redirectUris: [`${base}/api/auth/callback/google`] });
  server = await startIsolatedServer({
    port,
    env: { GOOGLE_CLIENT_ID: oidc.clientId, GOOGLE_CLIENT_SECRET: oidc.clientSecret, GOOGLE_ISSUER: oidc.issuer },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await oidc?.stop();
});

function account(email: string, verified = true) {
  const sub = `sub-${uniqueId()}`;
  oidc.addAccount({ sub, email, email_verified: verified, name: email.split("@")[0] });
  oidc.useAccount(sub);
  return sub;
}

async function pressGoogle(page: Page, path: "/login" | "/employee-login", label: "Continue with Google" | "Sign in with Google") {
  await page.goto(`${base}${path}`);
  await waitForHydration(page);
  const before = oidc.authorizationRequests.length;
  await page.getByRole("button", { name: label }).click();
  return before;
}

test("A client signs in with 'Continue with Google' and lands on /user-dashboard; the provider was asked for prompt=select_account with PKCE", async ({
  page,
}) => {
  const email = `g-${uniqueId()}@example.com`;
  const sub = account(email);
  const dialogs = collectDialogs(page);
  const before = await pressGoogle(page, "/login", "Continue with Google");
  await expect(page).toHaveURL(`${base}/user-dashboard`);
  await expect.poll(() => dialogs).toContain("Logged in successfully!");
  expect(oidc.signIns.at(-1)).toBe(sub);

  const authorization = oidc.authorizationRequests[before];
  expect(authorization?.get("prompt")).toBe("select_account");
  expect(authorization?.get("code_challenge_method")).toBe("S256");
  expect(authorization?.get("redirect_uri")).toBe(`${base}/api/auth/callback/google`);

  await page.goto(`${base}/dashboard`);
  await expect(page).toHaveURL(`${base}/user-dashboard`);
});

test("A company account through the customer button gets the exact message and is signed out", async ({ page }) => {
  const sub = account(`g-${uniqueId()}@indigokite.dev`);
  await pressGoogle(page, "/login", "Continue with Google");
  // Back from the provider (the callback adds ?google=), not still on the page we started from.
  await expect(page).toHaveURL(new RegExp(`^${base}/login\\?google=`));
  await expect(
    page.getByRole("alert").filter({ hasText: "Employee emails are not allowed in user login. Use Employee Login." }),
  ).toBeVisible();
  expect(oidc.signIns, "the provider signed the account in").toContain(sub);
  await page.goto(`${base}/dashboard`);
  await expect(page).toHaveURL(`${base}/login`);
});

test("A staff member through the customer button is signed out on the landing page, which a plain link to it is not", async ({ page }) => {
  // The landing signs out only with the marker its callback set.
  const email = `g-${uniqueId()}@indigokite.dev`;
  addStaffWithCli(email, "staff-password-0123456789", server.databaseFile);
  account(email);
  await pressGoogle(page, "/employee-login", "Sign in with Google");
  await expect(page).toHaveURL(`${base}/employee-dashboard`);
  await page.goto(`${base}/login?google=done`);
  await page.goto(`${base}/employee-dashboard`);
  await expect(page.getByRole("heading", { name: "Employee Dashboard" })).toBeVisible();

  await page.context().clearCookies();
  await pressGoogle(page, "/login", "Continue with Google");
  await expect(page).toHaveURL(`${base}/login?google=done`);
  await expect(
    page.getByRole("alert").filter({ hasText: "Employee emails are not allowed in user login. Use Employee Login." }),
  ).toBeVisible();
  await page.goto(`${base}/employee-dashboard`);
  await expect(page).toHaveURL(`${base}/login`);
});

test("A staff member (made with `npm run staff -- add`) through the employee page's 'Sign in with Google' lands on /employee-dashboard", async ({
  page,
}) => {
  // Staff are provisioned first; Google only signs them in.
  const email = `g-${uniqueId()}@indigokite.dev`;
  addStaffWithCli(email, "staff-password-0123456789", server.databaseFile);
  const sub = account(email);
  await pressGoogle(page, "/employee-login", "Sign in with Google");
  await expect(page).toHaveURL(`${base}/employee-dashboard`);
  await expect(page.getByRole("heading", { name: "Employee Dashboard" })).toBeVisible();
  expect(oidc.signIns).toContain(sub);
  expect(oidc.authorizationRequests.at(-1)?.get("prompt")).toBe("select_account");
});

test("A verified company account without a staff account on the employee page gets 'Google sign-in failed or unauthorized account.'", async ({
  page,
}) => {
  const sub = account(`g-${uniqueId()}@indigokite.dev`);
  await pressGoogle(page, "/employee-login", "Sign in with Google");
  await expect(page).toHaveURL(new RegExp(`^${base}/employee-login\\?google=error`));
  await expect(page.getByRole("alert").filter({ hasText: "Google sign-in failed or unauthorized account." })).toBeVisible();
  expect(oidc.signIns, "the provider signed the account in").toContain(sub);
  await page.goto(`${base}/employee-dashboard`);
  await expect(page).toHaveURL(`${base}/login`);
});

test("An unverified company account on the employee page gets 'Google sign-in failed or unauthorized account.'", async ({ page }) => {
  const sub = account(`g-${uniqueId()}@indigokite.dev`, false);
  await pressGoogle(page, "/employee-login", "Sign in with Google");
  await expect(page).toHaveURL(new RegExp(`^${base}/employee-login\\?google=`));
  await expect(page.getByRole("alert").filter({ hasText: "Google sign-in failed or unauthorized account." })).toBeVisible();
  // Refused after the provider answered, not because the sign-in never started.
  expect(oidc.signIns, "the provider signed the account in").toContain(sub);
  await page.goto(`${base}/dashboard`);
  await expect(page).toHaveURL(`${base}/login`);
});
