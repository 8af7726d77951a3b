import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { brandPalette } from "~/lib/brand-palette";
import { createSignedInUser, signIn } from "./fixtures";
import { startIsolatedServer, uniqueId, waitForHydration, waitForMail, type IsolatedServer } from "./helpers";

// An admin makes the agency their own: console → Settings → Brand. The change is global, so the
// journey runs on a server of its own, never the one the other specs share.

const NAME = "Heron Works Studio";
const SHORT = "Heron Works";
const LEGAL = "Heron Works Ltd";
const COLOR = "#0f766e";
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

let server: IsolatedServer;
test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((value) => (value === "dark" ? localStorage.setItem("theme", "dark") : localStorage.removeItem("theme")), theme);
}

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
    await setTheme(page, theme);
    await page.reload();
    await waitForHydration(page);
    await expectAxeClean(page);
  }
  await setTheme(page, "light");
  await page.reload();
  await waitForHydration(page);

  // A colour white button text cannot be read on is refused in place, with the ratio found.
  await page.getByLabel("Agency name").fill(NAME);
  await page.getByLabel("Short name").fill(SHORT);
  await page.getByLabel("Legal name").fill(LEGAL);
  await page.getByLabel("Primary colour").fill("#ffcc00");
  await page.getByRole("button", { name: "Save brand" }).click();
  await expect(page.getByText("white button text on it has a contrast of 2.24:1, and at least 4.5:1 is needed")).toBeVisible();
  await expect(page.getByLabel("Primary colour")).toHaveAttribute("aria-invalid", "true");
  await expectAxeClean(page);

  await page.getByLabel("Primary colour").fill(COLOR);
  await page.getByRole("button", { name: "Save brand" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Brand saved." })).toBeVisible();
  await expect(page.getByLabel("Agency name")).toHaveValue(NAME);
  await expect(page).toHaveTitle(`Brand | Settings | ${NAME}`);

  const palette = brandPalette(COLOR);
  // Anonymous visitors get the page from the HTML cache: the stored copy carries the palette, with
  // each response's own CSP nonce.
  for (let i = 0; i < 2; i++) {
    const response = await fetch(`${base}/`);
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(html).toContain(`<style nonce="${nonce}">:root{--color-brand-50:`);
    expect(html).toContain(`--color-brand-600:${COLOR}`);
    expect(html).toContain(`<title>${NAME}</title>`);
    if (i === 1) expect(response.headers.get("age"), "the second answer is the stored copy").not.toBeNull();
  }
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
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
    const button = page.locator(".btn-primary").first();
    await expect(button).toHaveCSS("background-color", rgb(theme === "dark" ? palette[500] : palette[700]));
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
