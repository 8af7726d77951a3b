import { expect, test } from "@playwright/test";

test.use({ javaScriptEnabled: false });

test("Without JavaScript 'Get a Free Quote' on / leads to /quote", async ({ page }) => {
  await page.goto("/");
  const button = page.getByRole("button", { name: "Get a Free Quote", exact: true });
  await expect(button).toHaveAttribute("type", "submit");
  await button.click();
  await expect(page).toHaveURL(/\/quote\??$/);
  await expect(page.getByRole("heading", { level: 1, name: "Get a Free Quote" })).toBeVisible();
});

test("Without JavaScript 'Start a Project' on / leads to /quote", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Start a Project", exact: true }).click();
  await expect(page).toHaveURL(/\/quote\??$/);
});

test("Without JavaScript /quote renders a form with the five quote fields", async ({ page }) => {
  await page.goto("/quote");
  const form = page.locator("main form");
  await expect(form).toHaveCount(1);
  await expect(form).toHaveAttribute("method", /post/i);
  await expect(form.getByLabel("Full Name")).toBeVisible();
  await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(form.getByLabel("Phone")).toHaveAttribute("type", "tel");
  await expect(form.getByLabel("Country")).toBeVisible();
  await expect(form.getByLabel("Requirement")).toBeVisible();
  await expect(form.getByRole("button", { name: "Submit Request" })).toBeVisible();
  for (const label of ["Full Name", "Email", "Phone", "Requirement"]) {
    await expect(form.getByLabel(label), `${label} is required`).toHaveAttribute("required", "");
  }
  await expect(form.getByLabel("Country")).not.toHaveAttribute("required", "");
});

test("Without JavaScript the navigation links and footer links still work", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Case Studies" }).click();
  await expect(page).toHaveURL("/cases");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms", exact: true }).click();
  await expect(page).toHaveURL("/terms");
});

test("Without JavaScript the leadership carousel still shows the first quote and all service cards render", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Leadership", exact: true }).getByText("CEO and Founder")).toBeVisible();
  await expect(page.getByRole("region", { name: "Our services" }).getByRole("link", { name: "View Details" })).toHaveCount(9);
});
