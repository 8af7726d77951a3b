import { expect, test } from "@playwright/test";
import { serviceDetails } from "../app/content/service-details.server";
import { caseStudies } from "../app/content/cases";
import { services } from "../app/content/services";
import { SERVICE_SLUGS, waitForHydration } from "./helpers";

test("/services lists all 9 services with a View Details link each", async ({ page }) => {
  await page.goto("/services");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const links = page.getByRole("main").getByRole("link", { name: "View Details" });
  await expect(links).toHaveCount(9);
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual(SERVICE_SLUGS.map((slug) => `/service/${slug}`));
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(services.map((s) => s.title));
});

test("The service catalogue has exactly the nine slugs of SPEC §2", () => {
  expect(services.map((s) => s.slug)).toEqual([...SERVICE_SLUGS]);
});

for (const slug of SERVICE_SLUGS) {
  test(`/service/${slug} shows an image, its title, description, detail paragraphs and Back to Home`, async ({ page }) => {
    const service = services.find((s) => s.slug === slug)!;
    const response = await page.goto(`/service/${slug}`);
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    const img = main.locator("img").first();
    await expect(img).toBeVisible();
    await expect(img).toHaveAttribute("width", /^\d+$/);
    await expect(img).toHaveAttribute("height", /^\d+$/);
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(service.title);
    await expect(main.getByText(service.desc)).toBeVisible();
    const details = serviceDetails[service.slug] ?? [];
    for (const paragraph of details) {
      await expect(main.getByText(paragraph, { exact: true })).toBeVisible();
    }
    expect(details.length).toBeGreaterThanOrEqual(2);
    const back = main.getByRole("link", { name: "Back to Home" });
    await expect(back).toHaveAttribute("href", "/");
  });
}

test("A service page ends with a quote invitation before Back to Home", async ({ page }) => {
  await page.goto("/service/saas");
  const main = page.getByRole("main");
  const invitation = main.getByRole("region", { name: "Have a project like this in mind?" });
  await expect(invitation.getByRole("link", { name: "Get a Free Quote" })).toHaveAttribute("href", "/quote");
  const links = await main.getByRole("link").evaluateAll((as) => as.map((a) => a.textContent?.trim()));
  expect(links.slice(-2)).toEqual(["Get a Free Quote", "Back to Home"]);
});

test("Each case study ends with 'Get a Free Quote', described by its title", async ({ page }) => {
  await page.goto("/cases");
  for (const study of caseStudies) {
    const article = page.getByRole("article", { name: study.title });
    const cta = article.getByRole("link", { name: "Get a Free Quote" });
    await expect(cta).toHaveAttribute("href", "/quote");
    await expect(cta).toHaveAccessibleDescription(study.title);
  }
});

test("The Back to Home link on a service page leads to /", async ({ page }) => {
  await page.goto("/service/crm");
  await waitForHydration(page);
  await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("An unknown service slug shows 'Service not found.' with a Go Back button to /", async ({ page }) => {
  const response = await page.goto("/service/nope");
  // A soft answer for people, a real 404 for crawlers.
  expect(response?.status()).toBe(404);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Service not found.");
  await expect(main.getByText("Service not found.", { exact: true })).toBeVisible();
  await waitForHydration(page);
  const back = main.getByRole("link", { name: "Go Back", exact: true });
  await expect(back).toHaveAttribute("href", "/");
  await back.click();
  await expect(page).toHaveURL("/");
});

test("/cases shows both case studies with technologies, features, results and images", async ({ page }) => {
  await page.goto("/cases");
  const main = page.getByRole("main");
  const studies = main.getByRole("article");
  await expect(studies).toHaveCount(2);
  await expect(studies.nth(0).getByRole("heading", { level: 2 })).toHaveText(/multi-app e-commerce suite/i);
  await expect(studies.nth(1).getByRole("heading", { level: 2 })).toHaveText(/creative content and anime streaming platform/i);
  for (const study of await studies.all()) {
    await expect(study.getByRole("heading", { name: "Technologies" })).toBeVisible();
    await expect(study.getByRole("heading", { name: "Features" })).toBeVisible();
    await expect(study.getByRole("heading", { name: "Result" })).toBeVisible();
    expect(await study.getByRole("listitem").count()).toBeGreaterThanOrEqual(4);
    const img = study.locator("img");
    await expect(img).toHaveCount(1);
    await expect(img).toHaveAttribute("width", /^\d+$/);
    await expect(img).toHaveAttribute("height", /^\d+$/);
  }
  await expect(studies.nth(0)).toContainText("40% fewer delivery delays");
  await expect(studies.nth(0)).toContainText("65% better vendor order efficiency");
  await expect(studies.nth(1)).toContainText("over 10,000 active users in 3 months");
});

test("Case-study results lead with their figures as headlines", async ({ page }) => {
  await page.goto("/cases");
  const figures = (n: number) =>
    page
      .getByRole("article")
      .nth(n)
      .locator("dl")
      .last()
      .evaluate((dl) => [...dl.querySelectorAll("dd")].map((dd) => `${dd.textContent} ${dd.previousElementSibling?.textContent}`));
  expect(await figures(0)).toEqual(["40% fewer delivery delays", "65% better vendor order efficiency"]);
  expect(await figures(1)).toEqual(["10,000+ active users"]);
});

test("/about shows the guiding principles and the four countries served", async ({ page }) => {
  await page.goto("/about");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  const principles = main.getByRole("region", { name: /guiding principles/i });
  expect(await principles.getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
  const countries = main.getByRole("region", { name: /countries/i }).getByRole("listitem");
  await expect(countries).toHaveText(["India", "USA", "Canada", "United Kingdom"]);
  await expect(main.getByRole("heading", { name: /cross-platform/i })).toBeVisible();
  await expect(main.getByRole("heading", { name: /ongoing support/i })).toBeVisible();
});

test("/terms states the six-month subscription, the 5th and 15th, 5 business days, 60 days and 590 rupees", async ({ page }) => {
  await page.goto("/terms");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  for (const fact of [
    "six-month subscription",
    "paid upfront",
    "5th",
    "15th",
    "suspended",
    "5 business days",
    "60 days",
    "590",
    "rupees",
  ]) {
    await expect(main, `terms mention '${fact}'`).toContainText(fact);
  }
});

test("/privacy repeats 60 days and 590 rupees, deletion after dues, and Indian law", async ({ page }) => {
  await page.goto("/privacy");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  for (const fact of ["60 days", "590", "rupees", "dues", "Indian law"]) {
    await expect(main, `privacy mentions '${fact}'`).toContainText(fact);
  }
});

test("/careers lists openings or says 'No active openings at the moment.'", async ({ page }) => {
  await page.goto("/careers");
  await expect(page.getByRole("heading", { level: 1, name: "Careers" })).toBeVisible();
  const empty = page.getByText("No active openings at the moment.", { exact: true });
  const openings = page.getByRole("main").getByRole("link", { name: "View Details" });
  await expect(empty.or(openings.first())).toBeVisible();
  if (await empty.isVisible()) await expect(openings).toHaveCount(0);
  else for (const link of await openings.all()) await expect(link).toHaveAttribute("href", /^\/careers\/[^/]+$/);
});

test("/login shows the Login form with a Create Account toggle and Back to Home", async ({ page }) => {
  const response = await page.goto("/login");
  expect(response?.status()).toBe(200);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  await expect(main.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(main.getByLabel("Password")).toHaveAttribute("type", "password");
  // The toggle is React's: a click before hydration is lost.
  await waitForHydration(page);
  await main.getByRole("button", { name: "Create Account" }).click();
  await expect(main.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
});

test("/employee-login exists with the heading 'Employee Login' and a Back to Home link", async ({ page }) => {
  const response = await page.goto("/employee-login");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Employee Login" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
});
