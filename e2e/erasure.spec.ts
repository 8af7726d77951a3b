import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import type Database from "better-sqlite3";
import { signIn } from "./fixtures";
import { openDatabase, storeTheme, uniqueId, waitForHydration } from "./helpers";
import { insertLead } from "./seed-rows";

// Decision 0048: an admin erases a lead from its page, confirming by typing the
// e-mail address; a mismatch is refused in place. Plain form posts: no JavaScript needed.

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("An admin erases a lead by typing its e-mail; a wrong address changes nothing", async ({ page }) => {
    const uid = uniqueId();
    const email = `erase-${uid}@example.com`;
    const id = insertLead(db, `Erin Vale ${uid}`, email);
    await signIn(page, { role: "employee", staffRole: "admin" });
    const main = page.getByRole("main");

    await page.goto(`/employee-dashboard/leads/${id}`);
    await main.getByRole("link", { name: `Erase Erin Vale ${uid}…` }).click();
    await expect(main.getByRole("heading", { name: `Erase Erin Vale ${uid}` })).toBeVisible();
    await main.getByLabel("Delete").check();
    const confirmation = main.getByLabel(/Type the e-mail address to confirm/);
    await confirmation.fill("someone-else@example.com");
    await main.getByRole("button", { name: "Erase" }).click();
    await expect(main.getByText("That does not match. Type the e-mail address exactly as shown; nothing was erased.")).toBeVisible();
    await expect(confirmation).toHaveAttribute("aria-invalid", "true");
    expect(db.prepare("select count(*) as n from quotes where id = ?").get(id)).toEqual({ n: 1 });

    await main.getByLabel(/Type the e-mail address to confirm/).fill(email);
    await main.getByRole("button", { name: "Erase" }).click();
    await expect(page).toHaveURL(/\/employee-dashboard\/leads\?notice=erased$/);
    await expect(page.getByText("Erased. The audit log records who and when.")).toBeVisible();
    expect(db.prepare("select count(*) as n from quotes where id = ?").get(id)).toEqual({ n: 0 });
  });

  test("A sales member sees no Erase… on the lead page and is refused the step", async ({ page }) => {
    const uid = uniqueId();
    const id = insertLead(db, `Sol Reyes ${uid}`, `sol-${uid}@example.com`);
    await signIn(page, { role: "employee", staffRole: "sales" });
    await page.goto(`/employee-dashboard/leads/${id}`);
    await expect(page.getByRole("main").getByRole("heading", { name: `Sol Reyes ${uid}` })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Erase/ })).toHaveCount(0);
    const response = await page.goto(`/employee-dashboard/erase/lead/${id}`);
    expect(response?.status()).toBe(403);
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`The Erase… step, with a refused confirmation, has no WCAG 2.1 AA violations in the ${theme} theme`, async ({ page }) => {
    const uid = uniqueId();
    const id = insertLead(db, `Ada Axe ${uid}`, `ada-${uid}@example.com`);
    if (theme === "dark") await storeTheme(page, "dark");
    await signIn(page, { role: "employee", staffRole: "admin" });
    const check = async () => {
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).include("main").analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    };
    await page.goto(`/employee-dashboard/erase/lead/${id}`);
    await waitForHydration(page);
    await check();
    const main = page.getByRole("main");
    await main.getByLabel(/Type the e-mail address to confirm/).fill("nobody@example.com");
    await main.getByRole("button", { name: "Erase" }).click();
    await expect(main.getByText(/That does not match/)).toBeVisible();
    // The pointer rests on the button it clicked: its hover colours must pass too (after their transition).
    await main.getByRole("button", { name: "Erase" }).hover();
    await page.waitForTimeout(300);
    await check();
    expect(db.prepare("select count(*) as n from quotes where id = ?").get(id)).toEqual({ n: 1 });
  });
}
