import { expect, test, type Page } from "@playwright/test";
import { formatAddress, site } from "../app/content/site";
import { scrollY, waitForHydration } from "./helpers";

const NAV_LINKS = [
  { name: "Home", path: "/" },
  { name: "Services", path: "/services" },
  { name: "Case Studies", path: "/cases" },
  { name: "Careers", path: "/careers" },
  { name: "Login / Register", path: "/login" },
];

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** Clicks at a point given as a fraction of the viewport, after checking nothing clickable is there. */
async function clickAtFraction(page: Page, fx: number, fy: number, times: number, gapMs = 80) {
  const { width, height } = page.viewportSize()!;
  const x = Math.round(width * fx);
  const y = Math.round(height * fy);
  const target = await page.evaluate(
    ([px, py]) => {
      const el = document.elementFromPoint(px!, py!);
      return el?.closest("a, button, input, textarea, select, summary, label")?.outerHTML ?? null;
    },
    [x, y],
  );
  expect(target, "the test must click a non-interactive spot").toBeNull();
  for (let i = 0; i < times; i++) {
    await page.mouse.click(x, y);
    if (gapMs && i < times - 1) await page.waitForTimeout(gapMs);
  }
}

test("The desktop navigation shows Home, Services, Case Studies, Careers and Login / Register", async ({ page }) => {
  await page.goto("/");
  const links = mainNav(page).getByRole("link").filter({ visible: true });
  // The first visible link is the logo (home); the five menu entries follow in order.
  await expect(links).toHaveText([site.shortName, ...NAV_LINKS.map((l) => l.name)]);
  await expect(page.getByRole("button", { name: /menu/i })).toBeHidden();
});

for (const { name, path } of NAV_LINKS) {
  test(`The desktop navigation link '${name}' leads to ${path}`, async ({ page }) => {
    await page.goto(path === "/" ? "/cases" : "/");
    await waitForHydration(page);
    const link = mainNav(page).getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("href", path);
    await link.click();
    await expect(page).toHaveURL(path);
    await expect(mainNav(page).getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
  });
}

test("The header's 'Get a Free Quote' sits beside the navigation and opens the quote form", async ({ page }) => {
  await page.goto("/services");
  await waitForHydration(page);
  const cta = page.getByRole("banner").getByRole("link", { name: "Get a Free Quote" });
  await expect(cta).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Get a Free Quote" })).toHaveCount(0);
  await cta.click();
  await expect(page).toHaveURL("/quote");
  await expect(page.getByRole("main").getByLabel("Full Name")).toBeVisible();
  // On the quote page itself the header does not invite to it again.
  await expect(page.getByRole("banner").getByRole("link", { name: "Get a Free Quote" })).toHaveCount(0);
});

test("An unknown path like /no-such-page ends at /", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  await expect(page).toHaveURL("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("button", { name: "Get a Free Quote" })).toBeVisible();
});

test("An unknown nested path like /a/b/c also ends at /", async ({ page }) => {
  await page.goto("/a/b/c");
  await expect(page).toHaveURL("/");
});

test("The page scrolls back to the top after a route change from the footer", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms", exact: true }).scrollIntoViewIfNeeded();
  expect(await scrollY(page)).toBeGreaterThan(1000);
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms", exact: true }).click();
  await expect(page).toHaveURL("/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
});

test("The page scrolls back to the top after following a service's View Details link", async ({ page }) => {
  await page.goto("/services");
  await waitForHydration(page);
  const last = page.getByRole("link", { name: "View Details" }).last();
  await last.scrollIntoViewIfNeeded();
  expect(await scrollY(page)).toBeGreaterThan(200);
  await last.click();
  await expect(page).toHaveURL("/service/saas");
  await expect.poll(() => scrollY(page)).toBe(0);
});

test("The scroll-to-top button appears only after scrolling more than 200 px and scrolls to the top", async ({ page }) => {
  await page.goto("/terms");
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Scroll to top" });
  await expect(button).toBeHidden();

  await page.evaluate(() => window.scrollTo({ top: 200, behavior: "instant" }));
  await expect.poll(() => scrollY(page)).toBe(200);
  await page.waitForTimeout(200);
  await expect(button).toBeHidden();

  await page.evaluate(() => window.scrollTo({ top: 201, behavior: "instant" }));
  await expect(button).toBeVisible();

  await page.evaluate(() => window.scrollTo({ top: 1500, behavior: "instant" }));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => scrollY(page)).toBe(0);
  await expect(button).toBeHidden();
});

test("The footer shows the address, phone, info e-mail, Terms and Privacy links", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText(formatAddress())).toBeVisible();
  await expect(footer.getByRole("link", { name: site.phone })).toHaveAttribute("href", `tel:${site.phone.replace(/\s/g, "")}`);
  await expect(footer.getByRole("link", { name: site.emails.info })).toHaveAttribute("href", `mailto:${site.emails.info}`);
  await expect(footer.getByRole("link", { name: "Terms", exact: true })).toHaveAttribute("href", "/terms");
  await expect(footer.getByRole("link", { name: "Privacy", exact: true })).toHaveAttribute("href", "/privacy");
});

for (const [name, host] of [
  ["LinkedIn", "linkedin.com"],
  ["YouTube", "youtube.com"],
  ["Instagram", "instagram.com"],
] as const) {
  test(`The footer's ${name} link opens ${host} over https in a new tab`, async ({ page }) => {
    await page.goto("/");
    const link = page.getByRole("contentinfo").getByRole("link", { name, exact: true });
    await expect(link).toBeVisible();
    const href = (await link.getAttribute("href")) ?? "";
    const url = new URL(href);
    expect(url.protocol).toBe("https:");
    expect(url.hostname === host || url.hostname.endsWith(`.${host}`)).toBe(true);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  });
}

test("The footer's Privacy link leads to /privacy", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy", exact: true }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
});

test("Ctrl+E navigates to /employee-login", async ({ page }) => {
  await page.goto("/services");
  await waitForHydration(page);
  await page.keyboard.press("Control+e");
  await expect(page).toHaveURL("/employee-login");
  await expect(page.getByRole("heading", { level: 1, name: "Employee Login" })).toBeVisible();
});

test("Cmd+E navigates to /employee-login", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.keyboard.press("Meta+e");
  await expect(page).toHaveURL("/employee-login");
});

test("Five clicks within 1.5 s in the bottom-right zone navigate to /employee-login", async ({ page }) => {
  await page.goto("/terms");
  await waitForHydration(page);
  await clickAtFraction(page, 0.9, 0.9, 5);
  await expect(page).toHaveURL("/employee-login");
});

test("Five clicks just inside the zone's top-left corner (80%/80% of the viewport) navigate to /employee-login", async ({ page }) => {
  await page.goto("/terms");
  await waitForHydration(page);
  await clickAtFraction(page, 0.81, 0.81, 5);
  await expect(page).toHaveURL("/employee-login");
});

test("Four clicks in the bottom-right zone do not navigate", async ({ page }) => {
  await page.goto("/terms");
  await waitForHydration(page);
  await clickAtFraction(page, 0.9, 0.9, 4);
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL("/terms");
});

test("Five clicks in the middle of the viewport do not navigate", async ({ page }) => {
  await page.goto("/terms");
  await waitForHydration(page);
  await clickAtFraction(page, 0.5, 0.5, 5);
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL("/terms");
});

test("Five clicks just left of the zone (78% across, 90% down) do not navigate", async ({ page }) => {
  await page.goto("/terms");
  await waitForHydration(page);
  await clickAtFraction(page, 0.78, 0.9, 5);
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL("/terms");
});

test("Five clicks just above the zone (90% across, 78% down) do not navigate", async ({ page }) => {
  await page.goto("/terms");
  await waitForHydration(page);
  await clickAtFraction(page, 0.9, 0.78, 5);
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL("/terms");
});

test("Five clicks in the bottom-left corner (outside the right 20%) do not navigate", async ({ page }) => {
  await page.goto("/terms");
  await waitForHydration(page);
  await clickAtFraction(page, 0.02, 0.9, 5);
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL("/terms");
});

test("Five clicks in the top-right corner (outside the bottom 20%) do not navigate", async ({ page }) => {
  await page.goto("/terms");
  await waitForHydration(page);
  await clickAtFraction(page, 0.98, 0.3, 5);
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL("/terms");
});

test("Zone clicks spread beyond the 1.5 s window (3 clicks, 1.6 s pause, 2 clicks) do not navigate", async ({ page }) => {
  await page.goto("/terms");
  await waitForHydration(page);
  await clickAtFraction(page, 0.9, 0.9, 3);
  await page.waitForTimeout(1600);
  await clickAtFraction(page, 0.9, 0.9, 2);
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL("/terms");
});
