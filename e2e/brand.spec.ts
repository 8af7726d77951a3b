import { expect, test } from "@playwright/test";
import { expectAccessible } from "./account-steps";
import { fillBrandNames, primaryButtonColour, saveBrandWithColour, setStoredTheme } from "./brand-steps";
import { createSignedInUser, signIn } from "./fixtures";
import { startIsolatedServer, uniqueId, waitForHydration, waitForMail, type IsolatedServer } from "./helpers";

// An admin makes the agency their own: console → Settings → Brand. The change is global, so the
// journey runs on a server of its own, never the one the other specs share.

const NAME = "Heron Works Studio";
const SHORT = "Heron Works";
const LEGAL = "Heron Works Ltd";
const COLOR = "#0f766e";

let server: IsolatedServer;
test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test("An admin renames the agency and changes its colour; pages, titles and mails follow in both themes", async ({ page }) => {
  test.setTimeout(90_000);
  const base = server.baseURL;
  await signIn(page, { role: "employee", databaseFile: server.databaseFile, baseURL: base });

  // Linked from Settings, like Data retention.
  await page.goto(`${base}/employee-dashboard/settings`);
  await page.getByRole("link", { name: "Brand", exact: true }).click();
  await expect(page).toHaveURL(`${base}/employee-dashboard/settings/brand`);
  await expect(page.getByRole("heading", { name: "Brand", exact: true })).toBeVisible();
  await waitForHydration(page);
  for (const theme of ["light", "dark"] as const) {
    await setStoredTheme(page, theme);
    await page.reload();
    await waitForHydration(page);
    await expectAccessible(page, "brand settings");
  }
  await setStoredTheme(page, "light");
  await page.reload();
  await waitForHydration(page);

  // A colour white button text cannot be read on is refused in place, with the ratio found.
  await fillBrandNames(page, { name: NAME, shortName: SHORT, legalName: LEGAL });
  await page.getByLabel("Primary colour").fill("#ffcc00");
  await page.getByRole("button", { name: "Save brand" }).click();
  await expect(page.getByText("white button text on it has a contrast of 2.24:1, and at least 4.5:1 is needed")).toBeVisible();
  await expect(page.getByLabel("Primary colour")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "brand settings");

  await saveBrandWithColour(page, COLOR);
  await expect(page.getByLabel("Agency name")).toHaveValue(NAME);
  await expect(page).toHaveTitle(`Brand | Settings | ${NAME}`);

  // Anonymous visitors get the page from the HTML cache: the stored copy carries the palette (an
  // inline style, which the policy allows without a nonce: decision 0112). The first answer is
  // rendered; the page is stored once compressed, then answered from memory.
  for (let i = 0, stored = false; !stored; i++) {
    const response = await fetch(`${base}/`);
    const html = await response.text();
    expect(html).toContain(`<style>:root{--color-brand-50:`);
    expect(html).toContain(`--color-brand-600:${COLOR}`);
    expect(html).toContain(`<title>${NAME}</title>`);
    stored = response.headers.get("age") !== null;
    if (stored) break;
    expect(i, "the page is answered from the cache within a few seconds").toBeLessThan(60);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const theme of ["light", "dark"] as const) {
    await setStoredTheme(page, theme);
    await page.goto(`${base}/`);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
    await expect(page).toHaveTitle(NAME);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link").first()).toHaveText(SHORT);
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(NAME);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${LEGAL}. All rights reserved.`);
    // (The demo testimonials still quote the demo agency: content, not brand.)
    await expect(footer).not.toContainText("Indigo Kite");
    await expect(page.getByRole("banner")).not.toContainText("Indigo Kite");
    // The palette is the colour's: buttons are shade 700 in light mode, 500 in dark mode.
    await expect(page.locator(".btn-primary").first()).toHaveCSS("background-color", primaryButtonColour(COLOR, theme));
    await page.goto(`${base}/about`);
    await expect(page).toHaveTitle(`About Us | ${NAME}`);
  }

  // Mails name the new brand too (plain and HTML parts).
  const client = await createSignedInUser({
    role: "client",
    email: `brand-${uniqueId()}@example.com`,
    password: "brand-journey-password-1",
    databaseFile: server.databaseFile,
    emailVerified: true,
  });
  const since = Date.now();
  await page.goto(`${base}/forgot-password`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(client.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists for that address" })).toBeVisible();
  const mail = (await waitForMail(client.email, since, /Reset your password/, 20_000)).replace(/=\r?\n/g, "");
  // The body: the From header's name is the mail sender's (the sender's own setting, not the brand).
  const body = mail.slice(mail.search(/\r?\n\r?\n/));
  expect(body).toContain(`=E2=80=94 ${NAME}`);
  expect(body).toContain(`${NAME} =C2=B7 https://indigokite.dev`);
  expect(body).not.toContain("Indigo Kite");
});
