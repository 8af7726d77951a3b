import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./fixtures";
import { openQuoteModal, PUBLIC_ROUTES, storeTheme, waitForHydration } from "./helpers";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** One line per violation and node: rule id, impact, CSS target and axe's summary. */
function describeViolations(results: AxeResults): string {
  return results.violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    - ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
        .join("\n");
      return `${v.id} (${v.impact ?? "n/a"}): ${v.help}\n${nodes}`;
    })
    .join("\n");
}

async function expectNoViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  expect(results.violations, describeViolations(results)).toEqual([]);
}

async function openInTheme(page: Page, route: string, theme: "light" | "dark") {
  if (theme === "dark") await storeTheme(page, "dark");
  await page.goto(route);
  await waitForHydration(page);
  // Make sure the intended theme is really applied, or the sweep would check the wrong colours.
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  expect(dark).toBe(theme === "dark");
}

for (const theme of ["light", "dark"] as const) {
  for (const route of PUBLIC_ROUTES) {
    test(`${route} has no WCAG 2.1 AA violations in the ${theme} theme`, async ({ page }) => {
      await openInTheme(page, route, theme);
      await expectNoViolations(page);
    });
  }

  test(`The open quote modal on / has no WCAG 2.1 AA violations in the ${theme} theme`, async ({ page }) => {
    await openInTheme(page, "/", theme);
    await openQuoteModal(page);
    await expectNoViolations(page, "dialog[open]");
  });

  test(`The quote modal showing field errors has no WCAG 2.1 AA violations in the ${theme} theme`, async ({ page }) => {
    await openInTheme(page, "/", theme);
    const dialog = await openQuoteModal(page);
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(dialog.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "dialog[open]");
  });

  // The app shell (decision 0077) on both sides, with its avatar menu open, and the phone drawer.
  for (const [side, path] of [
    ["client", "/user-dashboard"],
    ["employee", "/employee-dashboard"],
  ] as const) {
    test(`The ${side === "client" ? "portal" : "console"}'s shell with its avatar menu open has no WCAG 2.1 AA violations in the ${theme} theme`, async ({
      page,
    }) => {
      test.slow(); // two full-page sweeps
      await signIn(page, { role: side, emailVerified: true });
      await openInTheme(page, path, theme);
      await expectNoViolations(page);
      await page.getByRole("button", { name: "Account menu" }).click();
      await expect(page.getByRole("menu", { name: "Account menu" })).toBeVisible();
      await expectNoViolations(page);
    });

    test(`The ${side === "client" ? "portal" : "console"}'s open phone drawer has no WCAG 2.1 AA violations in the ${theme} theme`, async ({
      page,
    }) => {
      test.slow(); // a full-page sweep on a signed-in page
      await page.setViewportSize({ width: 375, height: 812 });
      await signIn(page, { role: side, emailVerified: true });
      await openInTheme(page, path, theme);
      await page.getByRole("button", { name: "Open dashboard menu" }).click();
      await expect(page.getByRole("complementary")).toBeVisible();
      await expectNoViolations(page);
    });
  }
}
