import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { signIn } from "./fixtures";
import { eventStreamOpened, expectSameDocument, markDocument, openDatabase, storeTheme, uniqueId, waitForHydration } from "./helpers";

// Staff run a company's projects from the console; the company's members see the change
// on their open My Projects page without a reload (project.changed over /events/portal).

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

/** A company inserted as the console would make it. */
function insertCompany(name: string): string {
  const id = randomUUID();
  const now = Date.now();
  db.prepare(
    "insert into companies (id, name, website, country, origin, created_at, updated_at) values (?, ?, '', 'India', 'staff', ?, ?)",
  ).run(id, name, now, now);
  return id;
}

function joinCompany(userId: string, companyId: string) {
  db.prepare("update users set company_id = ?, client_admin = 0 where id = ?").run(companyId, userId);
}

async function createProject(page: Page, companyId: string, title: string) {
  await page.goto(`/employee-dashboard/clients/${companyId}/projects/new`);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await main.getByLabel("Title").fill(title);
  await main.getByLabel("Description").fill("A rider tracking app for the delivery fleet.");
  await main.getByLabel("Status").selectOption({ label: "In progress" });
  await main.getByLabel("Start date").fill("2026-11-01");
  await main.getByLabel("Due date").fill("2026-10-01");
  await main.getByRole("button", { name: "Create project" }).click();
  // Checked in the browser first, and by the action without JavaScript: the message sits by the field.
  await expect(main.getByText("The due date cannot be before the start date.")).toBeVisible();
  await main.getByLabel("Due date").fill("2027-01-31");
  await main.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/employee-dashboard\/projects\/[\w-]+\?created=1$/);
  await expect(main.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(main.getByRole("status").filter({ hasText: "Project created" })).toBeVisible();
}

test("Staff create, edit and archive a company's project from the console, with the Projects list following", async ({ page }) => {
  const uid = uniqueId();
  const company = `Kite Foods ${uid}`;
  const companyId = insertCompany(company);
  const title = `Rider app ${uid}`;
  await signIn(page, { role: "employee", staffRole: "delivery" });

  await createProject(page, companyId, title);
  const main = page.getByRole("main");
  // The page reads first: the fields as text, their form behind "Edit details".
  await expect(main.getByRole("term").filter({ hasText: "Description" })).toBeVisible();
  await expect(main.getByLabel("Title")).toHaveCount(0);
  await main.getByRole("link", { name: `Edit details of ${title}` }).click();
  await expect(main.getByLabel("Title")).toBeFocused();
  await main.getByLabel("Title").fill(`${title} v2`);
  await main.getByLabel("Status").selectOption({ label: "On hold" });
  await main.getByRole("button", { name: "Save changes" }).click();
  await expect(main.getByRole("status").filter({ hasText: "Changes saved" })).toBeVisible();
  await expect(main.getByRole("heading", { level: 2, name: `${title} v2` })).toBeVisible();

  // A new project's progress follows its milestones; staff choose "Set by hand" to type a value.
  await expect(main.getByLabel("Progress (0–100 %)")).toBeDisabled();
  const projectPage = page.url();
  await main.getByRole("link", { name: "Open the Milestones tab" }).click();
  await main.getByLabel("Set by hand").check();
  await main.getByRole("button", { name: "Save progress setting" }).click();
  await expect(main.getByText("Progress setting saved.")).toBeVisible();
  await page.goto(projectPage);
  await main.getByLabel("Progress (0–100 %)").fill("40");
  await main.getByLabel("Note").fill("Design signed off");
  await main.getByRole("button", { name: "Save progress" }).click();
  await expect(main.getByText("Progress set to 40%. The client sees it now.")).toBeVisible();

  await page.goto(`/employee-dashboard/projects?q=${encodeURIComponent(uid)}`);
  const row = main.getByRole("row").filter({ hasText: `${title} v2` });
  await expect(row).toContainText(company);
  await expect(row).toContainText("On hold");
  await expect(row).toContainText("40%");
  await row.getByRole("link", { name: `${title} v2` }).click();

  await main.getByRole("link", { name: "Archive project" }).click();
  await main.getByRole("button", { name: "Yes, archive project" }).click();
  await expect(main.getByRole("status").filter({ hasText: "Project archived" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Restore project" })).toBeVisible();

  await page.goto(`/employee-dashboard/projects?q=${encodeURIComponent(uid)}`);
  await expect(main.getByText("No projects match these filters.")).toBeVisible();
  await page.goto(`/employee-dashboard/projects?q=${encodeURIComponent(uid)}&archived=1`);
  await expect(main.getByRole("row").filter({ hasText: `${title} v2` })).toHaveCount(1);
});

test("A client member's open My Projects page shows a project staff create, and loses it when staff archive it, without a reload", async ({
  page,
  browser,
}) => {
  const uid = uniqueId();
  const companyId = insertCompany(`Acme ${uid}`);
  const title = `Warehouse scanner ${uid}`;
  const member = await browser.newContext();
  try {
    const client = await member.newPage();
    const user = await signIn(client, { role: "client", emailVerified: true });
    joinCompany(user.id, companyId);
    const stream = eventStreamOpened(client, "/events/portal");
    await client.goto("/user-dashboard/projects");
    await waitForHydration(client);
    await stream;
    await markDocument(client);
    const card = client.getByRole("main").getByRole("listitem").filter({ hasText: title });
    await expect(card).toHaveCount(0);

    await signIn(page, { role: "employee", staffRole: "sales" });
    await createProject(page, companyId, title);
    await expect(card).toHaveCount(1, { timeout: 10_000 });

    await page.getByRole("main").getByRole("link", { name: "Archive project" }).click();
    await page.getByRole("main").getByRole("button", { name: "Yes, archive project" }).click();
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Project archived" })).toBeVisible();
    await expect(card).toHaveCount(0, { timeout: 10_000 });
    await expectSameDocument(client);
  } finally {
    await member.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Staff create, edit and archive a project with plain form posts, each answer shown in place", async ({ page }) => {
    const uid = uniqueId();
    const companyId = insertCompany(`No Script ${uid}`);
    const title = `Plain form ${uid}`;
    await signIn(page, { role: "employee", staffRole: "admin" });
    const main = page.getByRole("main");

    await page.goto(`/employee-dashboard/clients/${companyId}/projects/new`);
    await main.getByLabel("Title").fill(title);
    await main.getByLabel("Description").fill("Posted without scripts.");
    await main.getByLabel("Start date").fill("2026-11-01");
    await main.getByLabel("Due date").fill("2026-10-01");
    await main.getByRole("button", { name: "Create project" }).click();
    await expect(main.getByText("The due date cannot be before the start date.")).toBeVisible();
    await expect(main.getByLabel("Title")).toHaveValue(title);
    await main.getByLabel("Due date").fill("2026-12-01");
    await main.getByRole("button", { name: "Create project" }).click();
    await expect(main.getByRole("heading", { level: 2, name: title })).toBeVisible();

    await main.getByRole("link", { name: `Edit details of ${title}` }).click();
    await main.getByLabel("Status").selectOption({ label: "Done" });
    await main.getByRole("button", { name: "Save changes" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Changes saved" })).toBeVisible();
    await expect(main.getByText("Status: Done")).toBeVisible();

    await main.getByRole("link", { name: "Archive project" }).click();
    await main.getByRole("link", { name: "Cancel" }).click();
    await expect(main.getByRole("button", { name: "Yes, archive project" })).toHaveCount(0);
    await main.getByRole("link", { name: "Archive project" }).click();
    await main.getByRole("button", { name: "Yes, archive project" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Project archived" })).toBeVisible();
    await main.getByRole("button", { name: "Restore project" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Project restored" })).toBeVisible();
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`The Projects list, the new-project form with errors, and a project page with its archive confirmation have no WCAG 2.1 AA violations in the ${theme} theme`, async ({
    page,
  }) => {
    // Five pages, each scanned by axe.
    test.setTimeout(90_000);
    const uid = uniqueId();
    const companyId = insertCompany(`Axe ${uid}`);
    if (theme === "dark") await storeTheme(page, "dark");
    await signIn(page, { role: "employee" });
    const check = async () => {
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).include("main").analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    };
    await createProject(page, companyId, `Accessible ${uid}`);
    await check();
    await page.goto(`${new URL(page.url()).pathname}?confirm=archive`);
    await waitForHydration(page);
    await check();
    await page.goto(`/employee-dashboard/projects?q=${uid}&overdue=1`);
    await waitForHydration(page);
    await check();
    await page.goto(`/employee-dashboard/projects?q=${uid}`);
    await waitForHydration(page);
    await check();
    await page.goto(`/employee-dashboard/clients/${companyId}/projects/new`);
    await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: "Create project" }).click();
    await expect(page.getByRole("main").getByText("Title is required.")).toBeVisible();
    await check();
  });
}
