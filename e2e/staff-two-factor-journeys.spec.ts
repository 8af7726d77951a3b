import { expect, test } from "@playwright/test";
import { addVirtualAuthenticator, enrolTwoFactor, expectAccessible, invitationLink, passwordStep } from "./account-steps";
import { signIn } from "./fixtures";
import { freePort, startIsolatedServer, uniqueId, waitForHydration, waitForMail, type IsolatedServer } from "./helpers";

//, "Done when": the staff journeys under STAFF_2FA=required (decisions 0029-0031), each on
// its own isolated server, since the main server runs with STAFF_2FA=optional (the browser tests'
// start-up contract).

const ADMIN_PASSWORD = "admin-e2e-password-0123";

test.describe("Invited staff enrol in two-factor before the console", () => {
  let server: IsolatedServer;
  test.beforeAll(async () => {
    server = await startIsolatedServer({ env: { STAFF_2FA: "required" } });
  });
  test.afterAll(async () => server?.stop());

  test("An admin invites a sales colleague, who sets a password, is held at enrolment, enrols with a computed code, saves the recovery codes and reaches the console showing only the Sales sections", async ({
    page,
    browser,
  }) => {
    // Four Argon2 hashes and two enrolments on a machine the other specs share.
    test.setTimeout(120_000);
    const base = server.baseURL;
    // The simplest real path for the admin: their first console visit holds them at enrolment too.
    await signIn(page, { role: "employee", password: ADMIN_PASSWORD, baseURL: base, databaseFile: server.databaseFile });
    await page.goto(`${base}/employee-dashboard/staff`);
    await expect(page).toHaveURL(/\/account\/two-factor$/);
    await waitForHydration(page);
    await enrolTwoFactor(page, ADMIN_PASSWORD);
    await page.getByRole("link", { name: /I have saved my codes/ }).click();
    await expect(page).toHaveURL(/\/employee-dashboard$/);

    await page.goto(`${base}/employee-dashboard/staff`);
    await waitForHydration(page);
    const email = `invitee-${uniqueId()}@indigokite.dev`;
    const since = Date.now();
    await page.getByLabel("Name").fill("Sam Sales");
    await page.getByLabel("Work email").fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("sales");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email} (Sales).` })).toBeVisible();
    await expectAccessible(page, "staff page with a pending invitation");

    const link = invitationLink(await waitForMail(email, since, /staff-invitation/));
    expect(new URL(link).origin).toBe(base);
    // The invitee's own browser: nobody is signed in there.
    const context = await browser.newContext();
    const invitee = await context.newPage();
    try {
      await invitee.goto(link);
      await waitForHydration(invitee);
      await expect(invitee.getByRole("heading", { name: "Set up your staff account" })).toBeVisible();
      await expectAccessible(invitee, "invitation: set a password");
      const password = "sam-chose-this-password";
      await invitee.getByLabel("Password", { exact: true }).fill(password);
      await invitee.getByLabel("Repeat password").fill(password);
      await invitee.getByRole("button", { name: "Save password and sign in" }).click();

      // Signed in, but held at enrolment: no console page answers, even typed in directly.
      await expect(invitee).toHaveURL(/\/account\/two-factor$/, { timeout: 20_000 });
      await expect(invitee.getByText("Two-factor sign-in is required for staff. Set it up to continue to the console.")).toBeVisible();
      await invitee.goto(`${base}/employee-dashboard/leads`);
      await expect(invitee).toHaveURL(/\/account\/two-factor$/);
      const csv = await invitee.request.get(`${base}/employee-dashboard/leads/export`, { maxRedirects: 0 });
      expect(csv.status()).toBe(302);
      expect(csv.headers()["location"]).toMatch(/\/account\/two-factor$/);

      await waitForHydration(invitee);
      await enrolTwoFactor(invitee, password);
      await invitee.getByRole("link", { name: /I have saved my codes/ }).click();
      await expect(invitee).toHaveURL(/\/employee-dashboard$/);
      await expect(invitee.getByText(`Signed in as ${email} (Sales)`)).toBeVisible();
      const nav = invitee.getByRole("navigation", { name: "Console sections" });
      await expect(nav.getByRole("link")).toHaveText([
        "Overview",
        "Leads",
        "Proposals",
        "Testimonials",
        "Site",
        "Clients",
        "Projects",
        "Support",
      ]);
      await invitee.goto(`${base}/employee-dashboard/leads`);
      await expect(invitee.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe("A staff passkey is two factors by itself", () => {
  // Registering a passkey needs the console (My account), which STAFF_2FA=required closes until
  // enrolment. So the member adds it on a second server with STAFF_2FA=optional that shares the
  // required server's database file (two instances of one deployment, as in production), then
  // signs in on the required one: the passkey and the account are the same rows. Both run on
  // localhost (browsers refuse an IP address as relying-party ID), so the passkey fits both.
  let required: IsolatedServer;
  let optional: IsolatedServer;
  let requiredBase: string;
  let optionalBase: string;
  test.beforeAll(async () => {
    const requiredPort = await freePort();
    requiredBase = `http://localhost:${requiredPort}`;
    required = await startIsolatedServer({ port: requiredPort, env: { STAFF_2FA: "required", APP_URL: requiredBase } });
    const optionalPort = await freePort();
    optionalBase = `http://localhost:${optionalPort}`;
    optional = await startIsolatedServer({
      port: optionalPort,
      env: {
        STAFF_2FA: "optional",
        APP_URL: optionalBase,
        DATABASE_URL: `file:${required.databaseFile}`,
        STORAGE_DIR: required.storageDir,
      },
    });
  });
  test.afterAll(async () => {
    await optional?.stop();
    await required?.stop();
  });

  test("With STAFF_2FA=required, a staff member without TOTP who signs in with a passkey reaches the console, while their password alone leads to enrolment", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const password = "passkey-staff-password-0123";
    await addVirtualAuthenticator(page);
    const { email } = await signIn(page, { role: "employee", password, baseURL: optionalBase, databaseFile: required.databaseFile });
    await page.goto(`${optionalBase}/employee-dashboard/account`);
    await waitForHydration(page);
    // Adding a passkey asks for the password first (decision 0053), in the Passkeys row.
    const passkeys = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Passkeys" }) });
    await passkeys.getByLabel("Your password").fill(password);
    await passkeys.getByRole("button", { name: "Check password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "that's confirmed" })).toBeVisible();
    await page.getByLabel("Passkey name").fill("Office key");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Passkey added." })).toBeVisible();
    // Cookies ignore ports: forget the fixture's session, so each sign-in below starts signed out.
    await page.context().clearCookies();

    await page.goto(`${requiredBase}/employee-login`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(`${requiredBase}/employee-dashboard`);
    await expect(page.getByRole("heading", { name: "Employee Dashboard" })).toBeVisible();
    await page.goto(`${requiredBase}/employee-dashboard/leads`);
    await expect(page).toHaveURL(`${requiredBase}/employee-dashboard/leads`);
    await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).first().click();
    await expect(page).toHaveURL(`${requiredBase}/`);
    await passwordStep(page, requiredBase, email, password, "/employee-login");
    await expect(page).toHaveURL(`${requiredBase}/account/two-factor`);
    await expect(page.getByText("Two-factor sign-in is required for staff. Set it up to continue to the console.")).toBeVisible();
    await page.goto(`${requiredBase}/employee-dashboard/leads`);
    await expect(page).toHaveURL(`${requiredBase}/account/two-factor`);
  });
});
