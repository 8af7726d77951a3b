import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers";

const LINKS = ["Home", "Services", "Case Studies", "Careers", "Login / Register"];

function menuButton(page: Page) {
  return page.getByRole("button", { name: /menu/i });
}

async function menu(page: Page) {
  const id = await menuButton(page).getAttribute("aria-controls");
  expect(id, "the menu button names the menu it controls").toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

test("On a phone the desktop links are hidden and a menu button is shown", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of LINKS) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeHidden();
  }
  await expect(menuButton(page)).toBeVisible();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  await expect(await menu(page)).toBeHidden();
});

test("The menu button opens the menu with the five links, then 'Get a Free Quote'", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  // On a phone the header keeps the call to action out of the bar; the menu carries it.
  await expect(page.getByRole("link", { name: "Get a Free Quote" })).toBeHidden();
  await menuButton(page).click();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
  const opened = await menu(page);
  await expect(opened).toBeVisible();
  await expect(opened.getByRole("link")).toHaveText([...LINKS, "Get a Free Quote"]);
  expect(await opened.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
    "/",
    "/services",
    "/cases",
    "/careers",
    "/login",
    "/quote",
  ]);
  await opened.getByRole("link", { name: "Get a Free Quote" }).click();
  await expect(page).toHaveURL("/quote");
  await expect(page.getByRole("heading", { level: 1, name: "Get a Free Quote" })).toBeVisible();
});

test("Choosing a menu link navigates and closes the menu", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await menuButton(page).click();
  const opened = await menu(page);
  await opened.getByRole("link", { name: "Case Studies" }).click();
  await expect(page).toHaveURL("/cases");
  await expect(page.getByRole("heading", { level: 1, name: "Case Studies" })).toBeVisible();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  await expect(opened).toBeHidden();
});

test("Escape closes the mobile menu", async ({ page }) => {
  await page.goto("/services");
  await waitForHydration(page);
  await menuButton(page).click();
  const opened = await menu(page);
  await expect(opened).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(opened).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
});

test("The menu button toggles the menu closed again", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await menuButton(page).click();
  const opened = await menu(page);
  await expect(opened).toBeVisible();
  await menuButton(page).click();
  await expect(opened).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
});

test("Five taps in the bottom-right zone on a phone open /employee-login", async ({ page }) => {
  await page.goto("/terms");
  await waitForHydration(page);
  const { width, height } = page.viewportSize()!;
  for (let i = 0; i < 5; i++) await page.mouse.click(Math.round(width * 0.95), Math.round(height * 0.9));
  await expect(page).toHaveURL("/employee-login");
});

test("The home page fits a phone screen without horizontal scrolling", async ({ page }) => {
  await page.goto("/");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("On a phone the home page's nine services are one row to swipe, with the next card peeking in", async ({ page }) => {
  await page.goto("/");
  const row = page.getByRole("region", { name: "Our services" }).getByRole("list");
  await expect(row.getByRole("listitem")).toHaveCount(9);
  const shape = await row.evaluate((ul) => {
    const [first, second] = [...ul.children].map((li) => li.getBoundingClientRect());
    return { scrolls: ul.scrollWidth > ul.clientWidth * 5, sameRow: first!.top === second!.top, peek: second!.left < window.innerWidth };
  });
  expect(shape).toEqual({ scrolls: true, sameRow: true, peek: true });
  // A swipe (here: scrolling the row) brings the next card to the start.
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByRole("listitem").nth(1)).not.toBeInViewport({ ratio: 0.9 });
  await row.evaluate((ul) => ul.scrollBy({ left: ul.clientWidth * 0.8, behavior: "instant" }));
  await expect(row.getByRole("listitem").nth(1)).toBeInViewport({ ratio: 0.9 });
});
