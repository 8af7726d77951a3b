import { expect, test, type Page } from "@playwright/test";
import { storeTheme, waitForHydration } from "./helpers";

declare global {
  interface Window {
    __themeProbe?: { atBody: boolean | null; atDomContentLoaded: boolean | null };
  }
}

/**
 * Records whether <html> has the `dark` class when <body> is first parsed (before anything can be
 * painted) and at DOMContentLoaded.
 */
async function probeTheme(page: Page) {
  await page.addInitScript(() => {
    const probe = { atBody: null as boolean | null, atDomContentLoaded: null as boolean | null };
    window.__themeProbe = probe;
    const isDark = () => document.documentElement.classList.contains("dark");
    const observer = new MutationObserver(() => {
      if (document.body && probe.atBody === null) {
        probe.atBody = isDark();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => {
      probe.atDomContentLoaded = isDark();
    });
  });
}

async function readProbe(page: Page) {
  await page.waitForFunction(() => window.__themeProbe?.atDomContentLoaded !== null);
  return page.evaluate(() => window.__themeProbe!);
}

test("A stored dark theme puts the dark class on <html> before the body is parsed", async ({ page }) => {
  await storeTheme(page, "dark");
  await probeTheme(page);
  await page.goto("/", { waitUntil: "commit" });
  await page.waitForLoadState("domcontentloaded");
  expect(await readProbe(page)).toEqual({ atBody: true, atDomContentLoaded: true });
  await page.waitForLoadState("load");
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
});

test("A stored dark theme survives client-side navigation and reloads", async ({ page }) => {
  await storeTheme(page, "dark");
  await page.goto("/services");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Case Studies" }).click();
  await expect(page).toHaveURL("/cases");
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
});

test("The dark theme actually darkens the page background", async ({ page }) => {
  await page.goto("/about");
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await storeTheme(page, "dark");
  await page.goto("/about");
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(dark).not.toBe(light);
  const luminance = (rgb: string) => {
    const [r = 0, g = 0, b = 0] = (rgb.match(/[\d.]+/g) ?? []).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  expect(luminance(dark)).toBeLessThan(luminance(light));
});

test("Without a stored theme the page is light (no dark class)", async ({ page }) => {
  await probeTheme(page);
  await page.goto("/", { waitUntil: "commit" });
  await page.waitForLoadState("domcontentloaded");
  expect(await readProbe(page)).toEqual({ atBody: false, atDomContentLoaded: false });
  await page.waitForLoadState("load");
  await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
});

test("A stored light theme keeps the page light", async ({ page }) => {
  await storeTheme(page, "light");
  await probeTheme(page);
  await page.goto("/", { waitUntil: "commit" });
  await page.waitForLoadState("domcontentloaded");
  expect(await readProbe(page)).toEqual({ atBody: false, atDomContentLoaded: false });
  await page.waitForLoadState("load");
  await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
});

test("A system dark preference alone does not switch the theme (dark only if stored)", async ({ page }) => {
  await page.goto("/");
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await page.waitForLoadState("load");
  await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(lightBackground);
});

test("A visitor switches to dark in the header; it is stored, survives a reload, and switches back", async ({ page }) => {
  await page.goto("/cases");
  await waitForHydration(page);
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  await waitForHydration(page);
  await header.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(header.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
});

test("Without JavaScript the header's theme switch is not shown: it could do nothing", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await context.newPage();
  await noJs.goto("/");
  await expect(noJs.getByRole("button", { name: /Switch to (dark|light) theme/ })).toBeHidden();
  await context.close();
});

test("In the dark theme the built-in illustrations are drawn on a night backdrop, fetched only then", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto("/");
  const hero = page.getByRole("img", { name: /Illustration of app screens/ });
  await expect(hero).toBeVisible();
  expect(await hero.evaluate((img) => getComputedStyle(img).content)).toBe("normal");
  expect(fetched).not.toContain("/images/hero-dark.svg");

  await storeTheme(page, "dark");
  await page.goto("/");
  await expect(hero).toBeVisible();
  expect(await hero.evaluate((img) => getComputedStyle(img).content)).toContain("/images/hero-dark.svg");
  await expect.poll(() => fetched).toContain("/images/hero-dark.svg");
  // The variant keeps the picture's size, so the swap moves nothing.
  expect(await hero.evaluate((img: HTMLImageElement) => [img.width, img.height].every((n) => n > 0))).toBe(true);
});
