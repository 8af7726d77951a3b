import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { signIn } from "./fixtures";
import { openDatabase, storeTheme, uniqueId, waitForHydration } from "./helpers";
import { insertLead } from "./seed-rows";

// Console → Proposals: sales write a proposal from a lead's page, fill it in, save, see the
// server's total and send it; the editor's rows work without JavaScript; both screens pass axe.

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

/** From the lead's page to the new proposal's editor. */
async function writeProposal(page: Page, leadId: string, title: string) {
  await page.goto(`/employee-dashboard/leads/${leadId}`);
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "Write a proposal" }).click();
  await main.getByLabel("Title").fill(title);
  await main.getByRole("button", { name: "Write the proposal" }).click();
  await expect(main.getByRole("heading", { level: 2, name: title })).toBeVisible();
}

/** The list entry of a row whose first field is labelled `label`. */
const rowOf = (page: Page, label: string) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByLabel(label, { exact: true }) });

test("Sales write a proposal for a lead: a section, a phase, a required and an optional item; save, see the total, send", async ({
  page,
}) => {
  const uid = uniqueId();
  const leadId = insertLead(db, `Proposal Lead ${uid}`, `proposal-${uid}@example.com`);
  await signIn(page, { role: "employee", staffRole: "sales" });
  await writeProposal(page, leadId, `Delivery app ${uid}`);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByLabel("Client e-mail (optional)")).toHaveValue(`proposal-${uid}@example.com`);

  await main.getByRole("button", { name: "Add section" }).click();
  await main.getByLabel("Section 1: heading").fill("Scope");
  await main.getByLabel("Section 1: text").fill("A rider app in **eight weeks**.");
  await main.getByRole("button", { name: "Add phase" }).click();
  await main.getByLabel("Phase 1: title").fill("Discovery");
  await rowOf(page, "Phase 1: title").getByLabel("Due in days (optional)").fill("14");
  await main.getByRole("button", { name: "Add item" }).click();
  await main.getByLabel("Item 1: description").fill("Design and build");
  const first = rowOf(page, "Item 1: description");
  await first.getByLabel("Quantity").fill("2");
  await first.getByLabel("Unit price").fill("500");
  await main.getByRole("button", { name: "Add item" }).click();
  await main.getByLabel("Item 2: description").fill("Analytics");
  const second = rowOf(page, "Item 2: description");
  await second.getByLabel("Unit price").fill("200");
  await second.getByLabel("Item 2 is optional").check();
  await second.getByLabel("Optional item 2 ticked at first").check();
  await main.getByRole("button", { name: "Save proposal", exact: true }).click();
  await expect(main.getByRole("status").filter({ hasText: "Proposal saved" })).toBeVisible();
  // 2 × 500 + the optional 200 ticked at first, no tax.
  await expect(main.getByTestId("proposal-total")).toContainText("1,200.00");
  await expect(main.getByLabel("Section 1: heading")).toHaveValue("Scope");

  await main.getByRole("button", { name: "Send", exact: true }).click();
  await expect(main.getByRole("status").filter({ hasText: "Version 1 sent." })).toBeVisible();
  await expect(main.getByText("Sent", { exact: true }).first()).toBeVisible();
  await expect(main.getByRole("heading", { name: "Versions sent" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Send new version" })).toBeVisible();

  await page.goto("/employee-dashboard/proposals?status=sent");
  const row = main.getByRole("row").filter({ hasText: `Delivery app ${uid}` });
  await expect(row).toContainText("Sent");
  await expect(row).toContainText("1,200.00");
});

test.describe("Without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Sales add an item and save it with a full page round trip", async ({ page }) => {
    const uid = uniqueId();
    const leadId = insertLead(db, `No-JS Lead ${uid}`, `nojs-${uid}@example.com`);
    await signIn(page, { role: "employee", staffRole: "sales" });
    await writeProposal(page, leadId, `Static site ${uid}`);
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Add item" }).click();
    await main.getByLabel("Item 1: description").fill("Pages");
    const item = rowOf(page, "Item 1: description");
    await item.getByLabel("Quantity").fill("3");
    await item.getByLabel("Unit price").fill("100");
    await main.getByRole("button", { name: "Save proposal", exact: true }).click();
    await expect(main.getByRole("status").filter({ hasText: "Proposal saved" })).toBeVisible();
    await expect(main.getByTestId("proposal-total")).toContainText("300.00");
    await expect(main.getByLabel("Item 1: description")).toHaveValue("Pages");
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`Proposals' list and editor have no WCAG 2.1 AA violations in the ${theme} theme`, async ({ page }) => {
    const uid = uniqueId();
    const leadId = insertLead(db, `Axe Lead ${uid}`, `axe-${uid}@example.com`);
    await signIn(page, { role: "employee", staffRole: "sales" });
    if (theme === "dark") await storeTheme(page, "dark");
    await writeProposal(page, leadId, `Axe proposal ${uid}`);
    await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: "Add item" }).click();
    await expect(page.getByLabel("Item 1: description")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
    await expectAccessible(page);
    await page.goto("/employee-dashboard/proposals");
    await waitForHydration(page);
    await expect(page.getByRole("main").getByRole("link", { name: `Axe proposal ${uid}` })).toBeVisible();
    await expectAccessible(page);
  });
}
