import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./fixtures";
import { waitForHydration } from "./helpers";

// The one app shell of the portal and the console (decision 0077): sidebar, top bar, avatar menu.

async function openConsole(page: Page) {
  await signIn(page, { role: "employee" });
  await page.goto("/employee-dashboard");
  await waitForHydration(page);
}

async function openPortal(page: Page, path = "/user-dashboard") {
  await signIn(page, { role: "client", emailVerified: true });
  await page.goto(path);
  await waitForHydration(page);
}

const avatar = (page: Page) => page.getByRole("button", { name: "Account menu" });
const menu = (page: Page) => page.getByRole("menu", { name: "Account menu" });

test.describe("Avatar menu", () => {
  test("Opens from the keyboard on its first item; arrows move, Escape closes it and focus returns", async ({ page }) => {
    await openConsole(page);
    await avatar(page).focus();
    await page.keyboard.press("Enter");
    await expect(avatar(page)).toHaveAttribute("aria-expanded", "true");
    await expect(menu(page).getByRole("menuitem", { name: "My account" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu(page).getByRole("menuitemradio", { name: "Light theme" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(menu(page).getByRole("menuitem", { name: "Logout" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu(page).getByRole("menuitem", { name: "My account" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu(page)).toBeHidden();
    await expect(avatar(page)).toHaveAttribute("aria-expanded", "false");
    await expect(avatar(page)).toBeFocused();

    await page.keyboard.press("ArrowUp");
    await expect(menu(page).getByRole("menuitem", { name: "Logout" })).toBeFocused();
    await page.keyboard.press("Escape");
  });

  test("Its account item leads staff to My account", async ({ page }) => {
    await openConsole(page);
    await avatar(page).click();
    await menu(page).getByRole("menuitem", { name: "My account" }).click();
    await expect(page).toHaveURL(/\/employee-dashboard\/account$/);
    await expect(menu(page)).toBeHidden();
  });

  test("Its account item leads clients to Settings", async ({ page }) => {
    await openPortal(page);
    await avatar(page).click();
    await menu(page).getByRole("menuitem", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/settings$/);
  });

  test("Staff sign out from it", async ({ page }) => {
    await openConsole(page);
    await avatar(page).click();
    await menu(page).getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/employee-dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("A client signs out from it, and Settings still has its own Logout", async ({ page }) => {
    await openPortal(page, "/user-dashboard/settings");
    await expect(page.getByRole("main").getByRole("button", { name: "Logout" })).toBeVisible();
    await avatar(page).click();
    await menu(page).getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/user-dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("The theme chosen there applies at once and persists across a reload and the other app", async ({ page }) => {
    await openPortal(page);
    await avatar(page).click();
    await expect(menu(page).getByRole("menuitemradio", { name: "Light theme" })).toHaveAttribute("aria-checked", "true");
    await menu(page).getByRole("menuitemradio", { name: "Dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(avatar(page)).toBeFocused();
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await waitForHydration(page);
    await avatar(page).click();
    await expect(menu(page).getByRole("menuitemradio", { name: "Dark theme" })).toHaveAttribute("aria-checked", "true");
    await menu(page).getByRole("menuitemradio", { name: "Light theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });
});

test.describe("Shell", () => {
  test("The console shows its sections as a sidebar beside a top bar named 'Employee Dashboard' with Logout", async ({ page }) => {
    await openConsole(page);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("heading", { level: 1, name: "Employee Dashboard" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Logout" })).toBeVisible();
    const nav = page.getByRole("complementary").getByRole("navigation", { name: "Console sections" });
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Leads" }).click();
    await expect(page).toHaveURL(/\/employee-dashboard\/leads$/);
    await expect(nav.getByRole("link", { name: "Leads" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current", "page");
  });

  test("The console carries no marketing footer: its footer names the version only", async ({ page }) => {
    await openConsole(page);
    await expect(page.getByRole("contentinfo")).toHaveText(/^Version \S+$/);
    await expect(page.getByRole("link", { name: "Terms", exact: true })).toHaveCount(0);
  });

  test("The portal carries no footer; its panel's heading is the page's only h1", async ({ page }) => {
    await openPortal(page);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("The skip link moves focus to the main content", async ({ page }) => {
    await openPortal(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("The console sidebar shrinks to a rail of named icons, and stays so after a reload without shifting", async ({ page }) => {
    await openConsole(page);
    const nav = page.getByRole("navigation", { name: "Console sections" });
    const collapse = page.getByRole("button", { name: "Collapse sidebar" });
    const wide = (await nav.boundingBox())!.width;
    await collapse.click();
    await expect(collapse).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await nav.boundingBox())!.width).toBeLessThan(wide / 2);
    await expect(nav.getByRole("link", { name: "Leads" })).toBeVisible();
    await page.reload();
    // Before any script of the app runs, the stored rail is already in place.
    expect(await page.evaluate(() => document.documentElement.dataset.sidebar)).toBe("rail");
    await waitForHydration(page);
    await expect(collapse).toHaveAttribute("aria-pressed", "true");
    await collapse.click();
    await expect.poll(async () => (await nav.boundingBox())!.width).toBeGreaterThan(wide - 2);
  });

  test("The portal has no rail: at 768 px and wider its sidebar is always open", async ({ page }) => {
    await openPortal(page);
    await expect(page.getByRole("button", { name: "Collapse sidebar" })).toHaveCount(0);
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open dashboard menu" })).toBeHidden();
  });

  test("Without JavaScript on a phone the portal's links stand open above the page, once, with no menu button that cannot work", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    try {
      const page = await context.newPage();
      await signIn(page, { role: "client", emailVerified: true });
      await page.goto("/user-dashboard/support");
      const nav = page.getByRole("navigation", { name: "Dashboard" });
      await expect(nav).toHaveCount(1);
      await expect(nav.getByRole("link", { name: "My Projects" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Open dashboard menu" })).toBeHidden();
      // Above the page, not over it: the sidebar ends where the main content begins.
      const sidebar = (await nav.boundingBox())!;
      const main = (await page.getByRole("main").boundingBox())!;
      expect(sidebar.y + sidebar.height).toBeLessThanOrEqual(main.y);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await nav.getByRole("link", { name: "My Projects" }).click();
      await expect(page).toHaveURL(/\/user-dashboard\/projects$/);
    } finally {
      await context.close();
    }
  });

  test("On a phone the console sections open in a drawer with an overlay; choosing one closes it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openConsole(page);
    const nav = page.getByRole("navigation", { name: "Console sections" });
    await expect(nav).toBeHidden();
    await expect(page.getByRole("heading", { name: "Employee Dashboard" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
    const menuButton = page.getByRole("button", { name: "Open dashboard menu" });
    await menuButton.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Overview" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menuButton).toBeFocused();
    await menuButton.click();
    await nav.getByRole("link", { name: "Support" }).click();
    await expect(page).toHaveURL(/\/employee-dashboard\/support$/);
    await expect(nav).toBeHidden();
    // Nothing wider than the phone: the top bar fits.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
