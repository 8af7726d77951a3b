import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { signIn } from "./fixtures";
import { openDatabase, storeTheme, uniqueId, waitForHydration } from "./helpers";
import { insertCompany } from "./seed-rows";

// Console → Billing: finance staff write a draft, issue it, record payments and correct it.
// Every total on screen is the server's (saved, then read back), never the browser's arithmetic.

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

async function newDraft(page: Page, company: string) {
  await page.goto("/employee-dashboard/billing/new");
  const main = page.getByRole("main");
  await main.getByLabel("Client").selectOption({ label: company });
  await main.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/employee-dashboard\/billing\/[\w-]+$/);
  await expect(main.getByRole("heading", { level: 2, name: `Draft for ${company}` })).toBeVisible();
}

async function fillLine(lines: Locator, index: number, values: { description: string; quantity: string; price: string; tax: string }) {
  const row = lines.getByRole("listitem").nth(index);
  await row.getByLabel(`Line ${index + 1}: description`).fill(values.description);
  await row.getByLabel("Quantity").fill(values.quantity);
  await row.getByLabel("Unit price").fill(values.price);
  await row.getByLabel("Tax (%)").fill(values.tax);
}

test("Finance staff write a draft, issue it, take a partial payment, are refused more than the balance or a void, and credit it", async ({
  page,
}) => {
  const company = `Ledger Foods ${uniqueId()}`;
  const companyId = insertCompany(db, company);
  await signIn(page, { role: "employee", staffRole: "finance" });
  await newDraft(page, company);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await main.getByLabel("Currency").fill("EUR");
  const lines = main.getByRole("group", { name: "Lines" });
  await fillLine(lines, 0, { description: "Design sprint", quantity: "2", price: "100", tax: "10" });
  await lines.getByRole("button", { name: "Add line" }).click();
  await fillLine(lines, 1, { description: "Hosting", quantity: "1", price: "10.00", tax: "0" });
  await main.getByRole("button", { name: "Save draft" }).click();
  await expect(main.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  // 2 × 100.00 + 10 % tax, plus 10.00 untaxed: the server's sums.
  await expect(main.getByTestId("draft-total")).toHaveText(/230\.00/);
  await expect(main.getByTestId("draft-subtotal")).toHaveText(/210\.00/);

  await main.getByRole("link", { name: "Issue…" }).click();
  await main.getByRole("button", { name: "Issue invoice" }).click();
  await expect(page).toHaveURL(/\?issued=INV-\d{4}-\d{4,}/);
  await expect(main.getByRole("heading", { level: 2, name: /^INV-\d{4}-\d{4,}$/ })).toBeVisible();
  await expect(main.getByTestId("invoice-balance")).toHaveText(/230\.00/);

  await waitForHydration(page);
  // Nobody receives this new client's invoices yet: sending is refused in place.
  await main.getByRole("button", { name: "Send to client" }).click();
  await expect(main.getByText("Nobody receives this client's invoices", { exact: false })).toBeVisible();
  // The PDF stored at issue, as a download named by the number.
  const [download] = await Promise.all([page.waitForEvent("download"), main.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{4,}\.pdf$/);

  await main.getByLabel("Amount (EUR)").fill("100");
  await main.getByLabel("Reference").fill("Bank ref 77");
  await main.getByRole("button", { name: "Record payment" }).click();
  await expect(main.getByRole("status").filter({ hasText: "Payment recorded" })).toBeVisible();
  await expect(main.getByTestId("invoice-balance")).toHaveText(/130\.00/);
  await expect(main.getByText("Bank ref 77")).toBeVisible();

  await main.getByLabel("Amount (EUR)").fill("200");
  await main.getByRole("button", { name: "Record payment" }).click();
  await expect(main.getByText(/That is more than the balance of .*130\.00/)).toBeVisible();
  await expect(main.getByLabel("Amount (EUR)")).toHaveValue("200");
  await expect(main.getByTestId("invoice-balance")).toHaveText(/130\.00/);

  // The list, filtered to the client, says what they owe.
  const invoiceUrl = page.url();
  await page.goto(`/employee-dashboard/billing?client=${companyId}`);
  await expect(main.getByTestId("client-balance")).toHaveText(new RegExp(`${company} owes .*130\\.00`));
  await page.goto(invoiceUrl);

  await main.getByRole("link", { name: "Void…" }).click();
  await main.getByLabel("Reason").fill("Wrong client");
  await main.getByRole("button", { name: "Void invoice" }).click();
  await expect(main.getByText("This invoice has payments: it cannot be voided.", { exact: false })).toBeVisible();

  await main.getByRole("link", { name: "Credit note…" }).click();
  await main.getByRole("button", { name: "Issue credit note" }).click();
  await expect(page).toHaveURL(/\?credited=/);
  await expect(main.getByRole("status").filter({ hasText: /Credit note .+ issued/ })).toBeVisible();
});

test("A draft saved by someone else meanwhile is refused in place, and what was typed stays", async ({ page }) => {
  const company = `Stale Paper ${uniqueId()}`;
  insertCompany(db, company);
  await signIn(page, { role: "employee", staffRole: "finance" });
  await newDraft(page, company);
  await waitForHydration(page);
  const main = page.getByRole("main");
  const lines = main.getByRole("group", { name: "Lines" });
  await fillLine(lines, 0, { description: "Brochure", quantity: "1", price: "80", tax: "0" });
  const id = new URL(page.url()).pathname.split("/").pop()!;
  // Another editor's save, as the model leaves it: the version moved on.
  db.prepare("update invoices set version = version + 1 where id = ?").run(id);
  await main.getByRole("button", { name: "Save draft" }).click();
  await expect(main.getByText("This draft changed since you opened it", { exact: false })).toBeVisible();
  await expect(lines.getByLabel("Line 1: description")).toHaveValue("Brochure");
  await expect(main.getByTestId("draft-total")).toHaveText(/0\.00/);
});

test("A saved draft is repeated as a monthly retainer from its page; a day in the past is refused in place", async ({ page }) => {
  const company = `Retainer Foods ${uniqueId()}`;
  insertCompany(db, company);
  await signIn(page, { role: "employee", staffRole: "finance" });
  await newDraft(page, company);
  await waitForHydration(page);
  const main = page.getByRole("main");
  const lines = main.getByRole("group", { name: "Lines" });
  await fillLine(lines, 0, { description: "Monthly care plan", quantity: "1", price: "500", tax: "0" });
  await main.getByRole("button", { name: "Save draft" }).click();
  await expect(main.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  const retainer = main.getByRole("form", { name: "Repeat as a retainer" });
  await retainer.getByLabel("First invoice on").fill("2020-01-01");
  await retainer.getByRole("button", { name: "Start retainer" }).click();
  await expect(retainer.getByRole("alert")).toHaveText(/The first invoice.s day is today or later\./);
  await retainer.getByLabel("First invoice on").fill("2099-01-01");
  await retainer.getByRole("button", { name: "Start retainer" }).click();
  await expect(retainer.getByText("Retainer started: the first invoice is written on 2099-01-01, then every month.")).toBeVisible();
});

test("Billing settings refuse a number format without a counter in place, and save the bank details printed on invoices", async ({
  page,
}) => {
  await signIn(page, { role: "employee", staffRole: "finance" });
  await page.goto("/employee-dashboard/billing");
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "Settings" }).click();
  await expect(main.getByRole("heading", { level: 2, name: "Billing settings" })).toBeVisible();
  await main.getByLabel("Invoice numbers").fill("INV-{YYYY}");
  await main.getByRole("button", { name: "Save settings" }).click();
  // The refusal itself (the field's hint also says "counter"): only then is the form typed into again.
  await expect(main.getByText("A number format has exactly one counter, such as {0001}.")).toBeVisible();
  await main.getByLabel("Invoice numbers").fill("INV-{YYYY}-{0001}");
  await main.getByLabel("Bank details").fill("Kite Bank\nIBAN DE02 1001 0010 0123 4567 89");
  await main.getByRole("button", { name: "Save settings" }).click();
  await expect(main.getByRole("status").filter({ hasText: "Billing settings saved." })).toBeVisible();
  await page.reload();
  await expect(main.getByLabel("Bank details")).toHaveValue("Kite Bank\nIBAN DE02 1001 0010 0123 4567 89");
});

test("Billing reports show what is owed by age and what came in; the accountant's CSV downloads with every invoice", async ({ page }) => {
  await signIn(page, { role: "employee", staffRole: "finance" });
  await page.goto("/employee-dashboard/billing");
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "Reports" }).click();
  await expect(main.getByRole("heading", { level: 2, name: "Billing reports" })).toBeVisible();
  await expect(main.getByRole("heading", { level: 3, name: "What is owed, by age" })).toBeVisible();
  await expect(main.getByRole("heading", { level: 3, name: "Money received per month" })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    main.getByRole("link", { name: "Export CSV for the accountant" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^billing-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), "utf8");
  // A byte-order mark first, so spreadsheets read the file as UTF-8.
  expect(text.startsWith("\uFEFF")).toBe(true);
  // Every cell quoted (decision on CSV exports: RFC 4180, no formula injection).
  expect(text.slice(1).split("\r\n")[0]).toBe(
    [
      "Type",
      "Number",
      "Date",
      "Due date",
      "Billed to",
      "Client tax ID",
      "Currency",
      "Subtotal (minor units)",
      "Discount (minor units)",
      "Tax (minor units)",
      "Total / amount (minor units)",
      "Paid / refunded (minor units)",
      "Status / method",
      "Corrects",
      "Void reason",
      "Payment reference",
    ]
      .map((cell) => `"${cell}"`)
      .join(","),
  );
});

test.describe("Without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("A draft gets a second line with “Add line” and is saved, the server's totals shown", async ({ page }) => {
    const company = `Paper Mill ${uniqueId()}`;
    insertCompany(db, company);
    await signIn(page, { role: "employee", staffRole: "finance" });
    await newDraft(page, company);
    const main = page.getByRole("main");
    await main.getByLabel("Currency").fill("EUR");
    const lines = main.getByRole("group", { name: "Lines" });
    await fillLine(lines, 0, { description: "Copywriting", quantity: "3", price: "20", tax: "0" });
    await lines.getByRole("button", { name: "Add line" }).click();
    // The round trip kept what was typed and added a row.
    await expect(lines.getByRole("listitem")).toHaveCount(2);
    await expect(lines.getByLabel("Line 1: description")).toHaveValue("Copywriting");
    await fillLine(lines, 1, { description: "Editing", quantity: "1", price: "5.50", tax: "0" });
    await main.getByRole("button", { name: "Save draft" }).click();
    await expect(main.getByText("Draft saved")).toBeVisible();
    await expect(main.getByTestId("draft-total")).toHaveText(/65\.50/);
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`The Billing list and an invoice have no WCAG 2.1 AA violations in the ${theme} theme`, async ({ page }) => {
    const company = `Axe Works ${uniqueId()}`;
    insertCompany(db, company);
    await signIn(page, { role: "employee", staffRole: "finance" });
    if (theme === "dark") await storeTheme(page, "dark");
    await newDraft(page, company);
    const draftUrl = page.url();
    const axe = async () => {
      await waitForHydration(page);
      const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
      expect(dark).toBe(theme === "dark");
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    };
    await axe();
    await fillLine(page.getByRole("group", { name: "Lines" }), 0, { description: "Audit", quantity: "1", price: "50", tax: "20" });
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("draft-total")).toHaveText(/60\.00/);
    await page.goto(`${draftUrl}?issue=1`);
    await page.getByRole("button", { name: "Issue invoice" }).click();
    await expect(page).toHaveURL(/\?issued=/);
    await axe();
    // Past its due date and unpaid: the overview counts it, and the list's filter finds it.
    db.prepare("update invoices set due_date = '2001-01-31' where id = ?").run(new URL(draftUrl).pathname.split("/").pop());
    await page.goto("/employee-dashboard");
    await page.getByRole("link", { name: /Overdue invoices/ }).click();
    await expect(page).toHaveURL(/\/employee-dashboard\/billing\?status=overdue$/);
    await expect(page.getByRole("row").filter({ hasText: company })).toContainText("Overdue");
    await axe();
  });
}
