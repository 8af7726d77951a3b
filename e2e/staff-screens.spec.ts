import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { site } from "../app/content/site";
import { signIn } from "./fixtures";
import { openDatabase, storeTheme, uniqueId, waitForHydration } from "./helpers";
import { insertCompanyWithProject, insertMilestones } from "./seed-rows";

// Staff screens read first and act on demand: the Milestones tab's rows reorder from the keyboard
// (and by dragging), their forms open from a row's menu; the Staff table keeps its actions in a
// menu and offers nobody Disable or Remove on their own row.

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

const domain = () => process.env.COMPANY_DOMAIN || site.domain;

function insertProjectWithMilestones(uid: string, titles: string[]): string {
  const { projectId } = insertCompanyWithProject(db, uid);
  insertMilestones(db, projectId, titles);
  return projectId;
}

const milestoneTitles = (page: Page) => page.getByRole("list", { name: /^Milestones of / }).getByRole("heading", { level: 4 });
const storedOrder = (projectId: string) =>
  (db.prepare("select title from milestones where project_id = ? order by position").all(projectId) as { title: string }[]).map(
    (r) => r.title,
  );

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).include("main").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("Keyboard only: a milestone's handle moves it with the arrow keys, each move is announced, and the order is kept after a reload", async ({
  page,
}) => {
  await signIn(page, { role: "employee", staffRole: "delivery" });
  const projectId = insertProjectWithMilestones(uniqueId(), ["Design", "Build", "Launch"]);
  await page.goto(`/employee-dashboard/projects/${projectId}/milestones`);
  await waitForHydration(page);
  await expect(milestoneTitles(page)).toHaveText(["Design", "Build", "Launch"]);

  // From the first handle, Tab walks the rows: Design's handle, its Actions, Build's handle...
  const handle = (title: string, position: number) => page.getByRole("button", { name: `Move ${title}, position ${position} of 3` });
  await handle("Design", 1).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  await expect(handle("Launch", 3)).toBeFocused();

  // The list is aria-busy until every move asked for is saved and the page reloaded.
  const settled = () => expect(page.getByRole("list", { name: /^Milestones of / })).toHaveAttribute("aria-busy", "false");
  await page.keyboard.press("ArrowUp");
  await expect(page.getByText("Moved Launch to position 2 of 3.")).toBeAttached();
  await expect(milestoneTitles(page)).toHaveText(["Design", "Launch", "Build"]);
  await expect(handle("Launch", 2)).toBeFocused();
  await settled();
  await expect.poll(() => storedOrder(projectId)).toEqual(["Design", "Launch", "Build"]);

  // Keys pressed faster than the moves are saved all count, in order, and the focus stays put: here
  // the reload after each move is held back, and the next key comes while the first is reloading.
  await page.route(/\/milestones\.data/, async (route) => {
    if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 600));
    await route.fallback();
  });
  const saved = () => page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/milestones"));
  let answer = saved();
  await page.keyboard.press("ArrowDown");
  await answer;
  answer = saved();
  await page.keyboard.press("ArrowUp");
  await answer;
  await page.keyboard.press("ArrowUp");
  await expect(page.getByText("Moved Launch to position 1 of 3.")).toBeAttached();
  await expect(handle("Launch", 1)).toBeFocused();
  await settled();
  await expect(milestoneTitles(page)).toHaveText(["Launch", "Design", "Build"]);
  await expect.poll(() => storedOrder(projectId)).toEqual(["Launch", "Design", "Build"]);
  await page.unrouteAll();
  // At the top, Arrow Up changes nothing; End takes it to the bottom and Home back, at once.
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("End");
  await expect(page.getByText("Moved Launch to position 3 of 3.")).toBeAttached();
  await expect(handle("Launch", 3)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(page.getByText("Moved Launch to position 1 of 3.")).toBeAttached();
  await settled();
  await expect(handle("Launch", 1)).toBeFocused();
  await expect.poll(() => storedOrder(projectId)).toEqual(["Launch", "Design", "Build"]);

  await page.reload();
  await expect(milestoneTitles(page)).toHaveText(["Launch", "Design", "Build"]);
});

test("A milestone dragged by its handle onto another row takes that row's place", async ({ page }) => {
  await signIn(page, { role: "employee", staffRole: "delivery" });
  const projectId = insertProjectWithMilestones(uniqueId(), ["Design", "Build", "Launch"]);
  await page.goto(`/employee-dashboard/projects/${projectId}/milestones`);
  await waitForHydration(page);
  const rows = page.getByRole("list", { name: /^Milestones of / }).getByRole("listitem");
  await page.getByRole("button", { name: "Move Design, position 1 of 3" }).dragTo(rows.nth(2));
  await expect(milestoneTitles(page)).toHaveText(["Build", "Launch", "Design"]);
  await expect.poll(() => storedOrder(projectId)).toEqual(["Build", "Launch", "Design"]);
});

test("A milestone's menu opens from the keyboard, Escape closes it, and Edit opens the form in the row with the focus on it", async ({
  page,
}) => {
  await signIn(page, { role: "employee", staffRole: "delivery" });
  const projectId = insertProjectWithMilestones(uniqueId(), ["Design", "Build"]);
  await page.goto(`/employee-dashboard/projects/${projectId}/milestones`);
  await waitForHydration(page);
  const actions = page.getByRole("button", { name: 'Actions for "Design"' });
  await expect(actions).toHaveAttribute("aria-haspopup", "menu");
  await actions.focus();
  await page.keyboard.press("Enter");
  await expect(actions).toHaveAttribute("aria-expanded", "true");
  const menu = page.getByRole("menu", { name: 'Actions for "Design"' });
  await expect(menu.getByRole("menuitem")).toHaveText(["Edit", "Ask for approval", "Move down", "Remove…"]);
  await expect(menu.getByRole("menuitem", { name: 'Edit "Design"' })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(menu.getByRole("menuitem", { name: 'Remove "Design"' })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(actions).toBeFocused();
  // Only the row asked for opens its form.
  await expect(page.getByRole("form", { name: /^Edit milestone / })).toHaveCount(0);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?edit=/);
  const form = page.getByRole("form", { name: "Edit milestone Design" });
  await expect(form.getByLabel("Title")).toHaveValue("Design");
  await expect(page.getByRole("heading", { name: 'Edit "Design"' })).toBeFocused();
  await page.getByRole("link", { name: "Close" }).click();
  await expect(form).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`The Milestones tab with a row's menu and form open, and the Staff table with its menu open, have no WCAG 2.1 AA violations in the ${theme} theme`, async ({
    page,
  }) => {
    if (theme === "dark") await storeTheme(page, "dark");
    await signIn(page, { role: "employee", staffRole: "admin" });
    const projectId = insertProjectWithMilestones(uniqueId(), ["Design", "Build", "Launch"]);
    const id = (db.prepare("select id from milestones where project_id = ? and title = 'Build'").get(projectId) as { id: string }).id;
    await page.goto(`/employee-dashboard/projects/${projectId}/milestones?edit=${id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: 'Actions for "Design"' }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoViolations(page);

    await page.goto("/employee-dashboard/staff");
    await waitForHydration(page);
    await page
      .getByRole("button", { name: /^Actions for / })
      .first()
      .click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoViolations(page);
  });
}

test("The Staff table writes the role whole and keeps each row's actions in a menu, without Disable or Remove on your own row", async ({
  page,
}) => {
  const uid = uniqueId();
  // Names that sort first, so both rows are on the table's first page.
  const me = await signIn(page, { role: "employee", staffRole: "admin", email: `00-admin-${uid}@${domain()}` });
  const colleague = `00-colleague-${uid}@${domain()}`;
  const now = Date.now();
  db.prepare(
    "insert into users (id, name, email, email_verified, image, role, staff_role, created_at, updated_at) values (?, 'Colleague', ?, 1, null, 'employee', 'delivery', ?, ?)",
  ).run(randomUUID(), colleague, now, now);
  await page.goto("/employee-dashboard/staff");
  await waitForHydration(page);
  const table = page.getByRole("table");
  const myRow = table.getByRole("row").filter({ hasText: me.email });
  await expect(myRow.getByRole("cell").nth(1)).toHaveText("Admin");

  await myRow.getByRole("button", { name: `Actions for ${me.email.split("@")[0]} (${me.email})` }).click();
  await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(["Change role"]);
  await page.keyboard.press("Escape");

  const theirRow = table.getByRole("row").filter({ hasText: colleague });
  await expect(theirRow.getByRole("cell").nth(1)).toHaveText("Delivery");
  await theirRow.getByRole("button", { name: `Actions for Colleague (${colleague})` }).click();
  // Decision 0105: an admin limits a colleague (never an admin) to their assigned companies.
  await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText([
    "Change role",
    "Limit to assigned companies",
    "Disable",
    "Remove…",
  ]);
  await page.getByRole("menuitem", { name: `Change the role of Colleague (${colleague})` }).click();
  await expect(page.getByLabel(`Role of Colleague (${colleague})`)).toBeFocused();
  await page.getByLabel(`Role of Colleague (${colleague})`).selectOption({ label: "Sales" });
  await page.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Role changed to Sales." })).toBeVisible();
  await expect(theirRow.getByRole("cell").nth(1)).toHaveText("Sales");
  await expect(page.getByRole("button", { name: "Save role" })).toHaveCount(0);

  await theirRow.getByRole("button", { name: `Actions for Colleague (${colleague})` }).click();
  await page.getByRole("menuitem", { name: `Remove Colleague (${colleague})` }).click();
  await page.getByRole("button", { name: "Remove Colleague" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${colleague} is no longer staff.` })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: colleague })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("A milestone moves down from its row's menu, and Edit opens its form by address", async ({ page }) => {
    await signIn(page, { role: "employee", staffRole: "delivery" });
    const projectId = insertProjectWithMilestones(uniqueId(), ["Design", "Build"]);
    await page.goto(`/employee-dashboard/projects/${projectId}/milestones`);
    const design = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4, name: "Design" }) });
    await design.getByText("Actions").click();
    await design.getByRole("button", { name: 'Move "Design" down' }).click();
    await expect(milestoneTitles(page)).toHaveText(["Build", "Design"]);
    expect(storedOrder(projectId)).toEqual(["Build", "Design"]);
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 4, name: "Build" }) })
      .getByText("Actions")
      .click();
    await page.getByRole("link", { name: 'Edit "Build"' }).click();
    await expect(page.getByRole("form", { name: "Edit milestone Build" }).getByLabel("Title")).toHaveValue("Build");
  });
});
