import AxeBuilder from "@axe-core/playwright";
import type Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./fixtures";
import { openDatabase, startIsolatedServer, storeTheme, waitForHydration, type IsolatedServer } from "./helpers";

// Console → Settings → Brand → Logo on its own server: an uploaded logo shows on every page of
// the site, so it must not race the specs that check the built-in header.

test.describe.configure({ mode: "serial" });

let server: IsolatedServer;
let db: Database.Database;

test.beforeAll(async () => {
  server = await startIsolatedServer();
  db = openDatabase(server.databaseFile);
});
test.afterAll(async () => {
  db?.close();
  await server?.stop();
});

const logoPage = () => `${server.baseURL}/employee-dashboard/settings/brand/logo`;
const pngOf = (background: string) =>
  sharp({ create: { width: 480, height: 120, channels: 3, background } })
    .png()
    .toBuffer();

function storedLogo(): { light: string | null; dark: string | null } {
  const row = db.prepare("select value from app_settings where key = 'brand'").get() as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as { logo: { light: string | null; dark: string | null } }).logo : { light: null, dark: null };
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The header's visible logo image. */
const headerLogo = (page: Page) => page.getByRole("navigation", { name: "Main" }).locator("picture img:visible");

test("An admin uploads a PNG logo and a dark variant; the public header shows each in its theme, and the favicon is made from it", async ({
  page,
  browser,
}) => {
  await signIn(page, { role: "employee", databaseFile: server.databaseFile, baseURL: server.baseURL });
  await page.goto(logoPage());
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Logo", exact: true, level: 2 })).toBeVisible();
  await expect(page.getByText("No logo uploaded: the built-in artwork shows.")).toBeVisible();
  await expectNoAxeViolations(page);

  const light = page.getByRole("group", { name: "Logo", exact: true });
  await light.getByLabel("Image file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await pngOf("#1e3a8a") });
  await expect(light.getByLabel("Alt text")).toHaveValue("Indigo Kite Technologies");
  await light.getByRole("button", { name: "Upload logo" }).click();
  await expect(light.getByRole("status")).toHaveText("Logo saved. The site shows it now.");

  const dark = page.getByRole("group", { name: "Dark-mode logo" });
  await dark.getByLabel("Image file").setInputFiles({ name: "logo-dark.png", mimeType: "image/png", buffer: await pngOf("#f8fafc") });
  await dark.getByRole("button", { name: "Upload dark-mode logo" }).click();
  await expect(dark.getByRole("status")).toHaveText("Dark-mode logo saved.");
  await expect(page.getByRole("img", { name: "Tab icon" })).toBeVisible();
  await expectNoAxeViolations(page);

  const { light: lightId, dark: darkId } = storedLogo();
  expect(lightId).toBeTruthy();
  expect(darkId).toBeTruthy();

  // A visitor in the light theme: the light logo, named by its alt text, and the favicons.
  const visitor = await browser.newPage();
  await visitor.goto(`${server.baseURL}/`);
  await expect(headerLogo(visitor)).toHaveCount(1);
  await expect(headerLogo(visitor)).toHaveAttribute("alt", "Indigo Kite Technologies");
  await expect(headerLogo(visitor)).toHaveJSProperty("complete", true);
  expect(await headerLogo(visitor).evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`/media/${lightId}-`);
  expect(await headerLogo(visitor).getAttribute("width")).toBe("128");
  expect(await headerLogo(visitor).getAttribute("height")).toBe("32");
  const icon = visitor.locator('head link[rel="icon"]');
  await expect(icon).toHaveAttribute("href", `/media/${lightId}-icon-32.png`);
  await expect(visitor.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute("href", `/media/${lightId}-icon-180.png`);
  const favicon = await visitor.request.get(`${server.baseURL}/media/${lightId}-icon-32.png`);
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toBe("image/png");
  expect(favicon.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  await visitor.close();

  // A visitor with a stored dark theme: the dark logo, with no script deciding it.
  const night = await browser.newPage();
  await storeTheme(night, "dark");
  await night.goto(`${server.baseURL}/`);
  await expect(headerLogo(night)).toHaveCount(1);
  await expect(headerLogo(night)).toHaveJSProperty("complete", true);
  expect(await headerLogo(night).evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`/media/${darkId}-`);
  await night.close();

  // Removing the logo brings the built-in artwork back.
  await page.getByRole("button", { name: "Remove logo" }).click();
  await expect(page.getByRole("group", { name: "Logo", exact: true }).getByRole("status")).toHaveText(
    "Logo removed: the built-in artwork shows again.",
  );
  const after = await browser.newPage();
  await after.goto(`${server.baseURL}/`);
  await expect(after.getByRole("navigation", { name: "Main" }).locator('img[src="/images/logo-mark.svg"]')).toBeVisible();
  await expect(after.locator('head link[rel="icon"]')).toHaveAttribute("href", "/favicon.svg");
  await after.close();
});

test("A file that is not an image is refused in place and changes nothing (dark theme)", async ({ page }) => {
  await signIn(page, { role: "employee", databaseFile: server.databaseFile, baseURL: server.baseURL });
  await storeTheme(page, "dark");
  await page.goto(logoPage());
  await waitForHydration(page);
  const before = storedLogo();
  const light = page.getByRole("group", { name: "Logo", exact: true });
  await light
    .getByLabel("Image file")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><script>alert(1)</script>") });
  await light.getByRole("button", { name: "Upload logo" }).click();
  await expect(light.getByRole("alert")).toContainText("“logo.png” is not a kind of file we accept. Accepted: PNG, JPEG, WebP or SVG");
  expect(storedLogo()).toEqual(before);
  await expectNoAxeViolations(page);
});
