import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { expectAccessible } from "./account-steps";
import { signIn } from "./fixtures";
import { openDatabase, storeTheme, uniqueId, waitForHydration } from "./helpers";
import { insertCompany, insertLead, insertProject } from "./seed-rows";

// Search everywhere (decision 0078): the console's command palette, by keyboard alone, scoped by
// the staff member's role; and its page, for a browser without JavaScript.

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

/** A company with projects of these titles; the first was changed last, so it is listed first. */
function insertProjects(companyName: string, titles: string[]): string[] {
  const companyId = insertCompany(db, companyName);
  return titles.map((title, i) => insertProject(db, companyId, title, { changedAt: Date.now() - i * 1000 }));
}

async function openPalette(page: Page) {
  await page.keyboard.press("Control+K");
  const dialog = page.getByRole("dialog", { name: "Search everywhere" });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole("combobox");
  await expect(input).toBeFocused();
  return { dialog, input };
}

test("Staff open the palette with Control+K, find a lead by e-mail and a project by name, and open them with Enter", async ({ page }) => {
  const uid = uniqueId();
  const email = `meera-${uid}@clinic.example`;
  const leadId = insertLead(db, `Meera Iyer ${uid}`, email);
  const [, webId] = insertProjects(`Harbour Foods ${uid}`, [`Harbour app ${uid}`, `Harbour web ${uid}`]);
  await storeTheme(page, "dark");
  await signIn(page, { role: "employee", staffRole: "sales" });
  await page.goto("/employee-dashboard");
  await waitForHydration(page);

  let { dialog, input } = await openPalette(page);
  await expect(dialog.getByRole("status")).toHaveText(/Type a name, an e-mail or a phone number/);
  await input.fill(email);
  const lead = dialog.getByRole("option", { name: new RegExp(`Meera Iyer ${uid}`) });
  await expect(lead).toBeVisible();
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await expect(lead).toHaveAttribute("aria-selected", "true");
  await expect(input).toHaveAttribute("aria-activedescendant", (await lead.getAttribute("id"))!);
  await expectAccessible(page, "the open palette with results, dark");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/employee-dashboard/leads/${leadId}`);
  await expect(dialog).toBeHidden();

  ({ dialog, input } = await openPalette(page));
  await input.fill(`harbour ${uid}`);
  const web = dialog.getByRole("option", { name: new RegExp(`Harbour web ${uid}`) });
  // The company first (its group comes before Projects), then its two projects, newest first.
  await expect(dialog.getByRole("group", { name: "Companies" }).getByRole("option")).toHaveText([new RegExp(`Harbour Foods ${uid}`)]);
  await expect(dialog.getByRole("group", { name: "Projects" }).getByRole("option")).toHaveCount(2);
  await expect(dialog.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await expect(web).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowDown");
  await expect(web).toHaveAttribute("aria-selected", "true");
  await expect(dialog.getByRole("option", { selected: true })).toHaveCount(1);
  await expect(input).toHaveAttribute("aria-activedescendant", (await web.getAttribute("id"))!);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/employee-dashboard/projects/${webId}`);
});

test("Escape closes the palette and gives focus back; nothing matching says so", async ({ page }) => {
  await signIn(page, { role: "employee", staffRole: "admin" });
  await page.goto("/employee-dashboard");
  await waitForHydration(page);
  const button = page.getByRole("banner").getByRole("button", { name: /Search/ });
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Search everywhere" });
  const input = dialog.getByRole("combobox");
  await expect(input).toBeFocused();
  const nothing = `zzqx${uniqueId()}`;
  await input.fill(nothing);
  await expect(dialog.getByRole("status")).toHaveText(`No matches for “${nothing}”.`);
  await expect(input).toHaveAttribute("aria-expanded", "false");
  await expectAccessible(page, "the open palette, no matches");
  // The dialog is modal: Tab stays inside it.
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("link", { name: "All results" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test("A staff role without Leads finds no lead, even by its exact e-mail", async ({ page }) => {
  const uid = uniqueId();
  const email = `kiran-${uid}@clinic.example`;
  insertLead(db, `Kiran Das ${uid}`, email);
  const [projectId] = insertProjects(`Kiran Logistics ${uid}`, [`Kiran fleet ${uid}`]);
  await signIn(page, { role: "employee", staffRole: "delivery" });
  await page.goto("/employee-dashboard");
  await waitForHydration(page);
  const { dialog, input } = await openPalette(page);
  await input.fill(email);
  await expect(dialog.getByRole("status")).toHaveText(`No matches for “${email}”.`);
  await expect(dialog.getByRole("option")).toHaveCount(0);
  // What the role does include is found as usual.
  await input.fill(`fleet ${uid}`);
  await expect(dialog.getByRole("option", { name: new RegExp(`Kiran fleet ${uid}`) })).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Leads" })).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/employee-dashboard/projects/${projectId}`);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("The top bar's search icon opens the palette", async ({ page }) => {
    await signIn(page, { role: "employee", staffRole: "admin" });
    await page.goto("/employee-dashboard");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("button", { name: "Search…" }).click();
    await expect(page.getByRole("dialog", { name: "Search everywhere" }).getByRole("combobox")).toBeFocused();
    await expectAccessible(page, "the open palette on a phone");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("The top bar's search form opens a page of the same results", async ({ page }) => {
    const uid = uniqueId();
    const [projectId] = insertProjects(`Lotus Retail ${uid}`, [`Lotus checkout ${uid}`]);
    await signIn(page, { role: "employee", staffRole: "delivery" });
    await page.goto("/employee-dashboard");
    const search = page.getByRole("search", { name: "Search everywhere" });
    await search.getByLabel("Search leads, clients, projects and requests").fill(`lotus ${uid}`);
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`/employee-dashboard/search\\?q=lotus`));
    const main = page.getByRole("main");
    await main.getByRole("link", { name: `Lotus checkout ${uid}` }).click();
    await expect(page).toHaveURL(`/employee-dashboard/projects/${projectId}`);
  });
});
