import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { createSignedInUser, signIn } from "./fixtures";
import { ensureCompanyOf, openDatabase, storeTheme, uniqueId, waitForHydration } from "./helpers";
import { insertCompany, insertCompanyWithProject, insertMilestones } from "./seed-rows";

// Billing's screens around the invoice: Billing → Retainers (list and stop), who of a company
// receives its invoices (console company page, portal Team), and a line's project or milestone.

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A running monthly retainer of a new company, as the draft page's form leaves it. */
function insertRetainer(company: string): string {
  const companyId = insertCompany(db, company);
  const id = `retainer-${uniqueId()}`;
  const template = {
    currency: "EUR",
    netDays: 14,
    discountBp: 0,
    notes: "",
    terms: "",
    taxNote: null,
    clientTaxId: "",
    billingName: company,
    billingAddress: "",
    billingEmail: "",
    lines: [{ description: "Monthly care plan", quantityMilli: 1000, unitPrice: 50_000, taxRateBp: 2000 }],
  };
  const now = Date.now();
  db.prepare(
    "insert into recurring_invoices (id, company_id, template, interval, next_run_on, auto_issue, active, created_by, created_at, updated_at) values (?, ?, ?, 'monthly', '2099-01-01', 1, 1, null, ?, ?)",
  ).run(id, companyId, JSON.stringify(template), now, now);
  return id;
}

test.describe("Without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Finance staff find a retainer under Billing → Retainers and stop it after confirming", async ({ page }) => {
    const company = `Care Plan Co ${uniqueId()}`;
    insertRetainer(company);
    await signIn(page, { role: "employee", staffRole: "finance" });
    await page.goto("/employee-dashboard/billing");
    const main = page.getByRole("main");
    await main.getByRole("link", { name: "Retainers" }).click();
    await expect(main.getByRole("heading", { level: 2, name: "Retainers" })).toBeVisible();
    const row = main.getByRole("row").filter({ hasText: company });
    await expect(row).toContainText("Monthly care plan");
    await expect(row).toContainText("€600.00");
    await expect(row).toContainText("Monthly");
    await expect(row).toContainText("Issued and sent");
    await expect(row).toContainText("Running");
    await row.getByRole("link", { name: `Stop the monthly retainer of ${company}` }).click();
    await expect(row.getByText("No more invoices are written from it", { exact: false })).toBeVisible();
    await row.getByRole("button", { name: "Stop retainer" }).click();
    await expect(row.getByRole("status").filter({ hasText: "Retainer stopped" })).toBeVisible();
    await expect(row).toContainText("Stopped");
    await expect(row.getByRole("link", { name: /Stop the/ })).toHaveCount(0);
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`Billing → Retainers has no WCAG 2.1 AA violations in the ${theme} theme, empty or not`, async ({ page }) => {
    insertRetainer(`Axe Retainer ${uniqueId()}`);
    await signIn(page, { role: "employee", staffRole: "finance" });
    if (theme === "dark") await storeTheme(page, "dark");
    await page.goto("/employee-dashboard/billing/retainers");
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
    await page
      .getByRole("main")
      .getByRole("link", { name: /^Stop the/ })
      .first()
      .click();
    await expect(page.getByRole("button", { name: "Stop retainer" })).toBeFocused();
    await expectAccessible(page);
  });
}

test("An admin switches who receives a company's invoices on its console page; the choice shows after reload", async ({ page }) => {
  const companyId = insertCompany(db, `Payables Ltd ${uniqueId()}`);
  const admin = await createSignedInUser({ role: "client", emailVerified: true });
  const payer = await createSignedInUser({ role: "client", emailVerified: true });
  db.prepare("update users set company_id = ?, client_admin = 1 where id = ?").run(companyId, admin.id);
  db.prepare("update users set company_id = ?, client_admin = 0 where id = ?").run(companyId, payer.id);
  await signIn(page, { role: "employee", staffRole: "admin" });
  await page.goto(`/employee-dashboard/clients/${companyId}`);
  await waitForHydration(page);
  const main = page.getByRole("main");
  // Nobody chose yet: the client admin receives them, the other member does not.
  await expect(main.getByRole("switch", { name: `Receives invoices: ${admin.name}` })).toHaveAttribute("aria-checked", "true");
  const payerSwitch = main.getByRole("switch", { name: `Receives invoices: ${payer.name}` });
  await expect(payerSwitch).toHaveAttribute("aria-checked", "false");
  await payerSwitch.click();
  await expect(main.getByRole("status").filter({ hasText: `${payer.email} receives the company's invoices by e-mail.` })).toBeVisible();
  await page.reload();
  await expect(payerSwitch).toHaveAttribute("aria-checked", "true");
  const stored = db.prepare("select receives_invoices as r from users where id = ?").get(payer.id) as { r: number };
  expect(stored.r).toBe(1);
  await expectAccessible(page);
});

test("A client admin chooses on the Team page who receives invoices; a member sees the choice without the switch", async ({ browser }) => {
  // Axe needs pages of contexts of their own.
  const adminPage = await (await browser.newContext()).newPage();
  const admin = await signIn(adminPage, { role: "client", emailVerified: true });
  const companyId = ensureCompanyOf(admin.id);
  const memberPage = await (await browser.newContext()).newPage();
  const member = await signIn(memberPage, { role: "client", emailVerified: true });
  db.prepare("update users set company_id = ?, client_admin = 0 where id = ?").run(companyId, member.id);

  await adminPage.goto("/user-dashboard/team");
  await waitForHydration(adminPage);
  const memberSwitch = adminPage.getByRole("switch", { name: `Receives invoices: ${member.email}` });
  await expect(memberSwitch).toHaveAttribute("aria-checked", "false");
  await memberSwitch.click();
  await expect(adminPage.getByRole("status").filter({ hasText: `${member.email} receives the company's invoices` })).toBeVisible();
  await expect(memberSwitch).toHaveAttribute("aria-checked", "true");
  await expectAccessible(adminPage);

  await memberPage.goto("/user-dashboard/team");
  await expect(memberPage.getByRole("switch")).toHaveCount(0);
  await expect(memberPage.getByRole("row").filter({ hasText: member.email })).toContainText("Yes");
  // Receiving invoices opens Billing to them (decision 0086).
  await expect(memberPage.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Billing" })).toBeVisible();
});

test("A line names a milestone of the client's project, shown on the issued invoice in the console and the portal; another company's project is refused in place", async ({
  page,
  browser,
}) => {
  const uid = uniqueId();
  const { companyId, projectId, title } = insertCompanyWithProject(db, uid);
  insertMilestones(db, projectId, ["Discovery", "Launch"]);
  const other = insertCompanyWithProject(db, `other-${uid}`);
  await signIn(page, { role: "employee", staffRole: "finance" });
  await page.goto("/employee-dashboard/billing/new");
  const main = page.getByRole("main");
  await main.getByLabel("Client").selectOption({ label: `Kite Foods ${uid}` });
  await main.getByRole("button", { name: "Create draft" }).click();
  await expect(main.getByRole("heading", { level: 2, name: `Draft for Kite Foods ${uid}` })).toBeVisible();
  const draftUrl = page.url();
  await waitForHydration(page);
  const lines = main.getByRole("group", { name: "Lines" });
  await lines.getByLabel("Line 1: description").fill("Launch work");
  await lines.getByLabel("Quantity").fill("1");
  await lines.getByLabel("Unit price").fill("300");
  const picker = lines.getByLabel("Line 1: project or milestone");
  await expect(picker.locator("optgroup")).toHaveAttribute("label", title);

  // A forged choice of another company's project: refused beside the line, nothing saved.
  await picker.evaluate((select: HTMLSelectElement, id) => {
    select.options[1]!.value = `project:${id}`;
    select.selectedIndex = 1;
  }, other.projectId);
  await main.getByRole("button", { name: "Save draft" }).click();
  await expect(lines.getByText("Line 1: that project is not one of this client's.")).toBeVisible();
  await expect(main.getByTestId("draft-total")).toHaveText(/0\.00/);

  await page.goto(draftUrl);
  await waitForHydration(page);
  await lines.getByLabel("Line 1: description").fill("Launch work");
  await lines.getByLabel("Unit price").fill("300");
  await picker.selectOption({ label: "Launch" });
  await main.getByRole("button", { name: "Save draft" }).click();
  await expect(main.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await expect(picker.locator("option:checked")).toHaveText("Launch");
  await page.goto(`${draftUrl}?issue=1`);
  await main.getByRole("button", { name: "Issue invoice" }).click();
  await expect(page).toHaveURL(/\?issued=/);
  await expect(main.getByTestId("line-work")).toHaveText(`For: ${title} · Launch`);

  const client = await browser.newPage();
  const payer = await signIn(client, { role: "client", emailVerified: true });
  db.prepare("update users set company_id = ?, client_admin = 1 where id = ?").run(companyId, payer.id);
  const invoiceId = new URL(draftUrl).pathname.split("/").pop()!;
  await client.goto(`/user-dashboard/billing/${invoiceId}`);
  await expect(client.getByTestId("line-work")).toHaveText(`For: ${title} · Launch`);
});
