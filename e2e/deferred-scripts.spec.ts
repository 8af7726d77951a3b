import { expect, test } from "@playwright/test";
import { waitForHydration } from "./helpers";

// Decision 0020: pages paint before their JavaScript loads, and nothing clicked meanwhile is lost.

const isHydrated = () => document.documentElement.hasAttribute("data-hydrated");

test("Pages are sent without module preloads or module scripts; the boot script adds them after the first paint", async ({
  page,
  request,
}) => {
  for (const path of ["/", "/careers", "/login"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html, path).not.toMatch(/<script[^>]*type="module"/);
    expect(html, path).toContain("(function bootApp(");
  }
  await page.goto("/");
  await waitForHydration(page);
  const added = await page.evaluate(() => ({
    preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    modules: document.querySelectorAll('script[type="module"]').length,
  }));
  expect(added.preloads).toBeGreaterThan(3);
  expect(added.modules).toBe(1);
});

test("A click on 'Get a Free Quote' made before the page hydrates opens the quote modal once it has", async ({ page }) => {
  // Slow scripts: the page is visible and clickable well before React takes over.
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const trigger = page.getByRole("button", {
    name: "Get a Free Quote",
    exact: true,
  });
  await expect(trigger).toBeVisible();
  expect(await page.evaluate(isHydrated)).toBe(false);
  await trigger.click();
  await expect(page.getByRole("dialog", { name: "Get a Free Quote" })).toBeVisible({ timeout: 15_000 });
});

test("A link followed before the page hydrates still navigates", async ({ page }) => {
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  expect(await page.evaluate(isHydrated)).toBe(false);
  await page.getByRole("navigation").getByRole("link", { name: "Careers" }).first().click();
  await expect(page).toHaveURL(/\/careers$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("Ctrl+E pressed before the page hydrates takes the visitor to /employee-login once it has", async ({ page }) => {
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto("/about", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(isHydrated)).toBe(false);
  await page.keyboard.press("Control+e");
  await expect(page).toHaveURL(/\/employee-login$/, { timeout: 15_000 });
});
