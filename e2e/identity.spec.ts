import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn } from "./fixtures";
import { uniqueId, waitForHydration } from "./helpers";

// Decision 0075: a client named at sign-up is shown to staff by that name, and so is their company.

test("Register with a full name and a company name → the console lists the company and the person by those names", async ({
  page,
  browser,
}) => {
  const id = uniqueId();
  const company = `BrightPath Learning ${id}`;
  const email = `priya-${id}@brightpath.example`;
  await page.goto("/login?mode=register");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("e2e-password-0123");
  const fullName = page.getByLabel("Full name (optional)");
  await expect(fullName).toHaveAttribute("autocomplete", "name");
  await fullName.fill("Priya Sharma");
  const companyName = page.getByLabel("Company name (optional)");
  await expect(companyName).toHaveAttribute("autocomplete", "organization");
  await companyName.fill(company);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.getByRole("main").getByRole("button", { name: "Create Account", exact: true }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);

  const context = await browser.newContext();
  const staff = await context.newPage();
  try {
    await signIn(staff, { role: "employee", staffRole: "sales" });
    await staff.goto("/employee-dashboard/clients");
    await waitForHydration(staff);
    await staff.getByRole("link", { name: company }).click();
    await expect(staff.getByRole("heading", { level: 2, name: company })).toBeVisible();
    const members = staff.getByRole("table", { name: "Members of this company" });
    await expect(members.getByRole("rowheader", { name: "Priya Sharma" })).toBeVisible();
    await expect(members.getByText(`priya-${id}`, { exact: true })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
