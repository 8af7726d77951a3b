import { expect, test, type Page } from "@playwright/test";
import { hero } from "../app/content/home";
import { SERVICE_SLUGS, openQuoteModal, waitForHydration } from "./helpers";

function leadership(page: Page) {
  return page.getByRole("region", { name: "Leadership", exact: true });
}

function testimonialStrip(page: Page) {
  return page.getByRole("list", { name: "Client testimonials (scrollable)" });
}

/** The clock is installed before the page loads so that every interval it creates is under control. */
async function openHomeWithClock(page: Page) {
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
}

test("The hero shows the headline, tagline and a 'Get a Free Quote' button", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero.headline);
  await expect(page.getByText(hero.tagline)).toBeVisible();
  await expect(page.getByRole("button", { name: "Get a Free Quote", exact: true })).toBeVisible();
});

test("The services section has exactly 9 cards, each with a sized image, title, description and View Details link", async ({ page }) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Our services" });
  const cards = section.getByRole("listitem");
  await expect(cards).toHaveCount(9);
  for (const card of await cards.all()) {
    const img = card.locator("img");
    await expect(img).toHaveCount(1);
    await expect(img).toHaveAttribute("width", /^\d+$/);
    await expect(img).toHaveAttribute("height", /^\d+$/);
    await expect(card.getByRole("heading")).not.toBeEmpty();
    await expect(card.locator("p")).not.toBeEmpty();
    await expect(card.getByRole("link", { name: "View Details" })).toHaveCount(1);
  }
  const hrefs = await section.getByRole("link", { name: "View Details" }).evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual(SERVICE_SLUGS.map((slug) => `/service/${slug}`));
});

test("A card's View Details link opens that service's page", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const card = page.getByRole("region", { name: "Our services" }).getByRole("listitem").nth(3);
  const title = (await card.getByRole("heading").textContent()) ?? "";
  await card.getByRole("link", { name: "View Details" }).click();
  await expect(page).toHaveURL("/service/web-development");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("A service card is one target: a click on its picture opens the service too", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const card = page.getByRole("region", { name: "Our services" }).getByRole("listitem").nth(7);
  // Its top-left corner is picture, not link text: the link covers the card nonetheless.
  await card.click({ position: { x: 24, y: 24 } });
  await expect(page).toHaveURL("/service/crm");
});

test("'Get a Free Quote' opens the quote modal with the five fields of SPEC §5", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const dialog = await openQuoteModal(page);
  await expect(page).toHaveURL("/");
  await expect(dialog.getByLabel("Full Name")).toHaveAttribute("type", "text");
  await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(dialog.getByLabel("Phone")).toHaveAttribute("type", "tel");
  await expect(dialog.getByLabel("Country")).toBeVisible();
  await expect(dialog.getByText("(optional)")).toBeVisible();
  await expect(dialog.getByLabel("Requirement")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Submit Request" })).toBeEnabled();
});

test("'Start a Project' opens the same quote modal", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.locator("dialog")).toHaveCount(1);
  const dialog = await openQuoteModal(page, "Start a Project");
  await expect(page).toHaveURL("/");
  await expect(page.locator("dialog[open]")).toHaveCount(1);
  await expect(dialog.getByLabel("Requirement")).toBeVisible();
});

test("Submitting the empty quote form shows field errors and keeps the modal open", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const dialog = await openQuoteModal(page);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  for (const label of ["Full Name", "Email", "Phone", "Requirement"]) {
    const field = dialog.getByLabel(label);
    await expect(field, `${label} is required`).toHaveAttribute("aria-invalid", "true");
    const errorId = (await field.getAttribute("aria-describedby"))?.split(" ")[0] ?? "";
    await expect(page.locator(`[id="${errorId}"]`), `${label} shows its error`).not.toBeEmpty();
  }
  await expect(dialog.getByLabel("Country")).not.toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL("/");
});

test("An invalid e-mail address in the quote form is reported on the Email field", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const dialog = await openQuoteModal(page);
  await dialog.getByLabel("Full Name").fill("Asha Rao");
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Phone").fill("+91 98765 43210");
  await dialog.getByLabel("Requirement").fill("A booking app for our clinics.");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Full Name")).not.toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toBeVisible();
});

test("Escape closes the quote modal", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const dialog = await openQuoteModal(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.locator("dialog[open]")).toHaveCount(0);
});

test("The quote modal's close button closes it", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const dialog = await openQuoteModal(page);
  await dialog.getByRole("button", { name: "Close quote form" }).click();
  await expect(dialog).toBeHidden();
});

test("The leadership carousel shows the CEO first, the COO after 10 s and wraps back after another 10 s", async ({ page }) => {
  await openHomeWithClock(page);
  const carousel = leadership(page);
  await expect(carousel.getByText("CEO and Founder", { exact: true })).toBeVisible();
  await expect(carousel.getByText("COO and Co-Founder", { exact: true })).toHaveCount(0);

  await page.clock.runFor(10_000);
  await expect(carousel.getByText("COO and Co-Founder", { exact: true })).toBeVisible();
  await expect(carousel.getByText("CEO and Founder", { exact: true })).toHaveCount(0);

  await page.clock.runFor(10_000);
  await expect(carousel.getByText("CEO and Founder", { exact: true })).toBeVisible();
});

test("The leadership carousel does not advance before 10 s", async ({ page }) => {
  await openHomeWithClock(page);
  await page.clock.runFor(8_000);
  await expect(leadership(page).getByText("CEO and Founder", { exact: true })).toBeVisible();
});

test("A leadership dot jumps to its person", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const carousel = leadership(page);
  const dots = carousel.getByRole("button", { name: /^Show / });
  await expect(dots).toHaveCount(2);
  await dots.nth(1).click();
  await expect(carousel.getByText("COO and Co-Founder", { exact: true })).toBeVisible();
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  await dots.nth(0).click();
  await expect(carousel.getByText("CEO and Founder", { exact: true })).toBeVisible();
});

test("The leadership carousel does not advance while hovered", async ({ page }) => {
  await openHomeWithClock(page);
  const carousel = leadership(page);
  await carousel.getByRole("blockquote").hover();
  await page.clock.runFor(10_000);
  await page.clock.runFor(5_000);
  await expect(carousel.getByText("CEO and Founder", { exact: true })).toBeVisible();
  // Moving the pointer away resumes the rotation.
  await page.mouse.move(0, 0);
  await page.clock.runFor(10_000);
  await expect(carousel.getByText("COO and Co-Founder", { exact: true })).toBeVisible();
});

test("The leadership carousel does not advance while a dot has keyboard focus", async ({ page }) => {
  await openHomeWithClock(page);
  const carousel = leadership(page);
  await carousel
    .getByRole("button", { name: /^Show / })
    .first()
    .focus();
  await page.mouse.move(0, 0);
  await page.clock.runFor(15_000);
  await expect(carousel.getByText("CEO and Founder", { exact: true })).toBeVisible();
});

test("With reduced motion preferred the leadership carousel does not auto-advance", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openHomeWithClock(page);
  await page.clock.runFor(25_000);
  await expect(leadership(page).getByText("CEO and Founder", { exact: true })).toBeVisible();
});

test("The testimonials strip scrolls by about half its width after 20 s, not before", async ({ page }) => {
  await openHomeWithClock(page);
  const strip = testimonialStrip(page);
  await expect(strip.getByRole("listitem")).not.toHaveCount(0);
  const metrics = await strip.evaluate((el) => ({ left: el.scrollLeft, width: el.clientWidth, scroll: el.scrollWidth }));
  expect(metrics.left).toBe(0);
  expect(metrics.scroll, "the strip must overflow to be able to scroll").toBeGreaterThan(metrics.width);

  await page.clock.runFor(15_000);
  await page.waitForTimeout(500);
  expect(await strip.evaluate((el) => el.scrollLeft)).toBe(0);

  await page.clock.runFor(5_000);
  await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  // Half the container width (snap points may round it to the nearest card edge).
  await page.waitForTimeout(800);
  const left = await strip.evaluate((el) => el.scrollLeft);
  expect(left).toBeGreaterThan(metrics.width / 4);
  expect(left).toBeLessThan(metrics.width);
});

test("The testimonials strip wraps back to the start after reaching the end", async ({ page }) => {
  await openHomeWithClock(page);
  const strip = testimonialStrip(page);
  const max = await strip.evaluate((el) => el.scrollWidth - el.clientWidth);
  await strip.evaluate((el, to) => el.scrollTo({ left: to, behavior: "instant" }), max);
  await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(max - 2);
  await page.clock.runFor(20_000);
  await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBe(0);
});

test("The testimonials strip does not scroll while hovered", async ({ page }) => {
  await openHomeWithClock(page);
  const strip = testimonialStrip(page);
  await strip.hover();
  await page.clock.runFor(25_000);
  await page.waitForTimeout(500);
  expect(await strip.evaluate((el) => el.scrollLeft)).toBe(0);
});

test("The trusted-by strip shows 8 client logos with alt text", async ({ page }) => {
  await page.goto("/");
  const logos = page.getByRole("region", { name: "Client logos" }).getByRole("img");
  await expect(logos).toHaveCount(8);
  for (const logo of await logos.all()) {
    await expect(logo).toHaveAttribute("alt", /\S/);
    await expect(logo).toHaveAttribute("width", /^\d+$/);
    await expect(logo).toHaveAttribute("height", /^\d+$/);
  }
});

test("The trusted-by logos strip auto-scrolls after 15 s", async ({ page }) => {
  await openHomeWithClock(page);
  const strip = page.getByRole("list", { name: "Client logos (scrollable)" });
  const overflow = await strip.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, "eight logos overflow a 1280 px viewport").toBeGreaterThan(0);
  await page.clock.runFor(15_000);
  await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});
