import { expect, test } from "@playwright/test";
import { expectAccessible } from "./account-steps";
import { headerLogo, headerLogoSource, logoPng, storedLogo as storedLogoOf, uploadLogo } from "./brand-steps";
import { signIn } from "./fixtures";
import { startIsolatedServer, storeTheme, waitForHydration, type IsolatedServer } from "./helpers";

// Console → Settings → Brand → Logo on its own server: an uploaded logo shows on every page of
// the site, so it must not race the specs that check the built-in header.

test.describe.configure({ mode: "serial" });

let server: IsolatedServer;

test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const logoPage = () => `${server.baseURL}/employee-dashboard/settings/brand/logo`;
const storedLogo = () => storedLogoOf(server.databaseFile);

test("An admin uploads a PNG logo and a dark variant; the public header shows each in its theme, and the favicon is made from it", async ({
  page,
  browser,
}) => {
  // Two uploads made into variants by sharp, two axe scans and four visitors' pages: about 15 s
  // alone, and past the default 30 s beside the other worker on two CPUs (as brand.spec.ts).
  test.setTimeout(90_000);
  await signIn(page, { role: "employee", databaseFile: server.databaseFile, baseURL: server.baseURL });
  await page.goto(logoPage());
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Logo", exact: true, level: 2 })).toBeVisible();
  await expect(page.getByText("No logo uploaded: the built-in artwork shows.")).toBeVisible();
  await expectAccessible(page, "logo page");

  await uploadLogo(page, "light", { name: "logo.png", buffer: await logoPng("#1e3a8a") }, "Indigo Kite Technologies");
  await uploadLogo(page, "dark", { name: "logo-dark.png", buffer: await logoPng("#f8fafc") });
  await expect(page.getByRole("img", { name: "Tab icon" })).toBeVisible();
  await expectAccessible(page, "logo page");

  const { light: lightId, dark: darkId } = storedLogo();
  expect(lightId).toBeTruthy();
  expect(darkId).toBeTruthy();

  // A visitor in the light theme: the light logo, named by its alt text, and the favicons.
  const visitor = await browser.newPage();
  await visitor.goto(`${server.baseURL}/`);
  expect(await headerLogoSource(visitor)).toContain(`/media/${lightId}-`);
  await expect(headerLogo(visitor)).toHaveAttribute("alt", "Indigo Kite Technologies");
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
  expect(await headerLogoSource(night)).toContain(`/media/${darkId}-`);
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
  await expectAccessible(page, "logo page");
});
