import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { signIn } from "./fixtures";
import { eventStreamOpened, expectSameDocument, markDocument, openDatabase, storeTheme, uniqueId, waitForHydration } from "./helpers";
import { insertCompanyWithProject } from "./seed-rows";

// Staff change a project's progress with a note; the client's bell, open
// all along, counts up without a reload, its panel lists it and opens the project; mark all as read.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

async function clientOf(page: Page, companyId: string) {
  const user = await signIn(page, { role: "client", emailVerified: true });
  db.prepare("update users set company_id = ?, client_admin = 0 where id = ?").run(companyId, user.id);
  return user;
}

test("A staff progress change reaches the client's bell live; the panel lists it and opens the project; mark all as read", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const uid = uniqueId();
  const { companyId, projectId, title } = insertCompanyWithProject(db, uid);
  await clientOf(page, companyId);
  const opened = eventStreamOpened(page, "/events/portal");
  await page.goto("/user-dashboard/projects");
  await waitForHydration(page);
  await opened;
  await markDocument(page);
  const bell = page.getByRole("button", { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName("Notifications, none unread");

  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await signIn(staff, { role: "employee", staffRole: "delivery" });
    await staff.goto(`/employee-dashboard/projects/${projectId}`);
    const main = staff.getByRole("main");
    await main.getByLabel("Progress (0–100 %)").fill("40");
    await main.getByLabel("Note").fill("Login screens are done");
    await main.getByRole("button", { name: "Save progress" }).click();
    await expect(main.getByText("Progress set to 40%. The client sees it now.")).toBeVisible();
  } finally {
    await staffContext.close();
  }

  // The client's page, open all along, counts up without a reload.
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 10_000 });
  await expect(page.getByRole("status").filter({ hasText: "1 unread notifications" })).toBeAttached();
  await expectSameDocument(page);

  // The panel: what, who, when, and a link; Escape closes it and gives focus back.
  await bell.click();
  await expect(bell).toHaveAttribute("aria-expanded", "true");
  const link = page.getByRole("link", { name: `Unread: ${title} is now 40% done` });
  await expect(link).toBeVisible();
  await expect(page.getByText("Login screens are done").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(bell).toHaveAttribute("aria-expanded", "false");
  await expect(bell).toBeFocused();

  // Opening it marks it read and lands on the project.
  await bell.click();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/user-dashboard/projects/${projectId}$`));
  await expect(bell).toHaveAccessibleName("Notifications, none unread");

  // Two more (written as the app would), then "Mark all as read" from the panel.
  for (const n of [1, 2]) {
    db.prepare(
      "insert into notifications (id, user_id, type, event_key, title, body, link, actor_name, created_at, read_at) select ?, id, 'milestone_done', ?, ?, '', ?, 'Dev', ?, null from users where company_id = ?",
    ).run(
      randomUUID(),
      `e2e:${uid}:${n}`,
      `Milestone ${n} of ${title} is done`,
      `/user-dashboard/projects/${projectId}`,
      Date.now() + n,
      companyId,
    );
  }
  await page.goto("/user-dashboard/notifications");
  await waitForHydration(page);
  await expect(bell).toHaveAccessibleName("Notifications, 2 unread");
  await bell.click();
  await page.getByRole("button", { name: "Mark all as read" }).first().click();
  await expect(bell).toHaveAccessibleName("Notifications, none unread");
  await expect(page.getByRole("main").getByRole("button", { name: "Mark read" })).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`The notifications page and the open bell pass axe in ${theme}`, async ({ page }) => {
    const uid = uniqueId();
    const { companyId, projectId, title } = insertCompanyWithProject(db, uid);
    const user = await clientOf(page, companyId);
    db.prepare(
      "insert into notifications (id, user_id, type, event_key, title, body, link, actor_name, created_at, read_at) values (?, ?, 'progress_change', ?, ?, 'A note.', ?, 'Dev', ?, null)",
    ).run(randomUUID(), user.id, `e2e-axe:${uid}`, `${title} is now 40% done`, `/user-dashboard/projects/${projectId}`, Date.now());
    if (theme === "dark") await storeTheme(page, "dark");
    await page.goto("/user-dashboard/notifications");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("The bell is a link to the notifications page, where one and all are marked read with plain posts", async ({ page }) => {
    const uid = uniqueId();
    const { companyId, projectId, title } = insertCompanyWithProject(db, uid);
    const user = await clientOf(page, companyId);
    for (const n of [1, 2]) {
      db.prepare(
        "insert into notifications (id, user_id, type, event_key, title, body, link, actor_name, created_at, read_at) values (?, ?, 'progress_change', ?, ?, '', ?, null, ?, null)",
      ).run(randomUUID(), user.id, `e2e-nojs:${uid}:${n}`, `${title} news ${n}`, `/user-dashboard/projects/${projectId}`, Date.now() + n);
    }
    await page.goto("/user-dashboard");
    await page.getByRole("link", { name: "Notifications, 2 unread" }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/notifications$/);
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Mark read" }).first().click();
    await expect(page.getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible();
    await main.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByRole("link", { name: "Notifications, none unread" })).toBeVisible();
    await page.goto("/user-dashboard/notifications?unread=1");
    await expect(main.getByText("No notifications match these filters.")).toBeVisible();
  });
});
