import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { demoOpenings } from "../app/content/demo-openings";
import {
  eventStreamOpened,
  expectSameDocument,
  insertOpening,
  markDocument,
  openDatabase,
  setOpeningStatus,
  startIsolatedServer,
  waitForHydration,
  type IsolatedServer,
} from "./helpers";

// The demo openings are seeded into the fresh database of every run and stay open: tests that need
// to change an opening insert their own (uniquely titled) one, and the empty state is checked on a
// separate server instance, so these tests can run in parallel with everything else.

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

function openingsList(page: Page) {
  return page.getByRole("main").getByRole("listitem");
}

function card(page: Page, title: string) {
  return openingsList(page).filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

const [firstDemo] = demoOpenings;

test("/careers lists every demo opening with its location, type, a two-line description and View Details", async ({ page }) => {
  const response = await page.goto("/careers");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Careers" })).toBeVisible();
  expect(demoOpenings).toHaveLength(4);
  for (const opening of demoOpenings) {
    const item = card(page, opening.title);
    await expect(item, opening.title).toHaveCount(1);
    await expect(item.getByRole("heading", { level: 3 })).toHaveText(opening.title);
    await expect(item).toContainText(`${opening.location} · ${opening.type}`);
    const description = item.getByText(opening.description, { exact: true });
    await expect(description).toBeVisible();
    // Clamped to two lines on screen (the full text stays in the DOM).
    const clamp = await description.evaluate((el) => {
      const style = getComputedStyle(el);
      return { clamp: style.webkitLineClamp, lines: el.clientHeight / parseFloat(style.lineHeight) };
    });
    expect(clamp.clamp).toBe("2");
    expect(clamp.lines).toBeLessThanOrEqual(2.05);
    const link = item.getByRole("link", { name: "View Details" });
    await expect(link).toHaveAttribute("href", `/careers/${opening.id}`);
  }
  // Every listed opening is open in the database (closed ones are never shown).
  const shown = await page
    .getByRole("main")
    .getByRole("link", { name: "View Details" })
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")!.replace("/careers/", "")));
  const statuses = shown.map((id) => (db.prepare("select status from job_openings where id = ?").get(id) as { status: string }).status);
  expect(new Set(statuses)).toEqual(new Set(["open"]));
  await expect(page.getByText("No active openings at the moment.")).toHaveCount(0);
});

test("View Details opens the opening's page with title, location, type, salary, description and requirements", async ({ page }) => {
  await page.goto("/careers");
  await waitForHydration(page);
  await card(page, firstDemo!.title).getByRole("link", { name: "View Details" }).click();
  await expect(page).toHaveURL(`/careers/${firstDemo!.id}`);

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(firstDemo!.title);
  for (const [term, value] of [
    ["Location", firstDemo!.location],
    ["Type", firstDemo!.type],
    ["Salary", firstDemo!.salary],
  ]) {
    await expect(main.locator("dt", { hasText: term! }).locator("xpath=following-sibling::dd[1]")).toHaveText(value!);
  }
  await expect(main.getByText(firstDemo!.description, { exact: true })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Requirements" })).toBeVisible();
  await expect(main.getByRole("list").last().getByRole("listitem")).toHaveText(firstDemo!.requirements);
  await expect(main.getByRole("button", { name: "Back to Openings" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Apply Now" })).toHaveAttribute("href", `/apply/${firstDemo!.id}`);
});

test("Opening a job from the list shows 'Loading...' until its details arrive", async ({ page }) => {
  await page.goto("/careers");
  await waitForHydration(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/careers/${firstDemo!.id}.data*`, async (route) => {
    await released;
    await route.continue();
  });
  await card(page, firstDemo!.title).getByRole("link", { name: "View Details" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Loading\.\.\.$/ })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstDemo!.title);
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
});

test("'Back to Openings' goes back one step in history to /careers", async ({ page }) => {
  await page.goto("/careers");
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, 300));
  await card(page, firstDemo!.title).getByRole("link", { name: "View Details" }).click();
  await expect(page).toHaveURL(`/careers/${firstDemo!.id}`);
  const historyLength = await page.evaluate(() => history.length);
  await page.getByRole("button", { name: "Back to Openings" }).click();
  await expect(page).toHaveURL("/careers");
  await expect(card(page, firstDemo!.title)).toBeVisible();
  // A step back, not a new entry: forward leads to the opening again.
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  await page.goForward();
  await expect(page).toHaveURL(`/careers/${firstDemo!.id}`);
});

test("'Back to Openings' on a directly opened opening page still leads to /careers", async ({ page }) => {
  await page.goto(`/careers/${firstDemo!.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Back to Openings" }).click();
  await expect(page).toHaveURL("/careers");
});

test("'Apply Now' leads to the opening's application form at /apply/{id}", async ({ page }) => {
  await page.goto(`/careers/${firstDemo!.id}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Apply Now" }).click();
  await expect(page).toHaveURL(`/apply/${firstDemo!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Apply for ${firstDemo!.title}`);
  await expect(page.getByRole("button", { name: "Submit Application" })).toBeVisible();
});

test("An unknown opening id answers 404 with 'Job opening not found.'", async ({ page }) => {
  const response = await page.goto("/careers/no-such-opening");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Job opening not found.");
  await expect(page.getByRole("link", { name: "Apply Now" })).toHaveCount(0);
  const apply = await page.goto("/apply/no-such-opening");
  expect(apply?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Job opening not found.");
});

test("An opening added in the database appears on an open /careers page without a reload", async ({ page }) => {
  const stream = eventStreamOpened(page, "/events/careers");
  await page.goto("/careers");
  await waitForHydration(page);
  await stream;
  await markDocument(page);

  const opening = insertOpening(db);
  try {
    const item = card(page, opening.title);
    await expect(item).toBeVisible({ timeout: 10_000 });
    await expect(item).toContainText(`${opening.location} · ${opening.type}`);
    await expect(item.getByText(opening.description)).toBeVisible();
    await expect(item.getByRole("link", { name: "View Details" })).toHaveAttribute("href", `/careers/${opening.id}`);
    await expectSameDocument(page);
  } finally {
    setOpeningStatus(db, opening.id, "closed");
  }
});

test("Closing an opening in the database removes it from an open /careers page; its page then says 'This position is closed.'", async ({
  page,
}) => {
  const opening = insertOpening(db);
  try {
    const stream = eventStreamOpened(page, "/events/careers");
    await page.goto("/careers");
    await waitForHydration(page);
    await stream;
    await markDocument(page);
    await expect(card(page, opening.title)).toBeVisible();

    setOpeningStatus(db, opening.id, "closed");
    await expect(card(page, opening.title)).toHaveCount(0, { timeout: 10_000 });
    await expect(card(page, firstDemo!.title)).toBeVisible();
    await expectSameDocument(page);
  } finally {
    setOpeningStatus(db, opening.id, "closed");
  }

  const response = await page.goto(`/careers/${opening.id}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This position is closed.");
  await expect(page.getByRole("link", { name: "Apply Now" })).toHaveCount(0);
  const apply = await page.goto(`/apply/${opening.id}`);
  expect(apply?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This position is closed.");
  await expect(page.getByRole("button", { name: "Submit Application" })).toHaveCount(0);
});

test("An open opening page turns into 'This position is closed.' without a reload when the opening is closed", async ({ page }) => {
  const opening = insertOpening(db);
  try {
    const stream = eventStreamOpened(page, "/events/careers");
    await page.goto(`/careers/${opening.id}`);
    await waitForHydration(page);
    await stream;
    await markDocument(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(opening.title);

    setOpeningStatus(db, opening.id, "closed");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This position is closed.", { timeout: 10_000 });
    await expect(page.getByRole("link", { name: "Apply Now" })).toHaveCount(0);
    await expectSameDocument(page);
  } finally {
    setOpeningStatus(db, opening.id, "closed");
  }
});

test("Navigating to Careers shows 'Loading job openings...' while the list loads", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/careers.data*", async (route) => {
    await released;
    await route.continue();
  });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Careers", exact: true }).click();
  const loading = page.getByRole("status").filter({ hasText: "Loading job openings..." });
  await expect(loading.first()).toBeVisible();
  await expect(card(page, firstDemo!.title)).toHaveCount(0);

  release();
  await expect(page).toHaveURL("/careers");
  await expect(card(page, firstDemo!.title)).toBeVisible();
  await expect(page.getByText("Loading job openings...")).toHaveCount(0);
});

test.describe("With no open openings", () => {
  // Closing every opening is global state: it runs on its own server with its own database.
  test.describe.configure({ mode: "serial" });
  let server: IsolatedServer;
  let isolatedDb: Database.Database;

  test.beforeAll(async () => {
    server = await startIsolatedServer();
    isolatedDb = openDatabase(server.databaseFile);
  });
  test.afterAll(async () => {
    isolatedDb?.close();
    await server?.stop();
  });

  test("/careers says 'No active openings at the moment.', live and after a reload", async ({ page }) => {
    const stream = eventStreamOpened(page, "/events/careers");
    await page.goto(`${server.baseURL}/careers`);
    await waitForHydration(page);
    await stream;
    await markDocument(page);
    await expect(page.getByRole("main").getByRole("link", { name: "View Details" })).toHaveCount(demoOpenings.length);
    await expect(page.getByText("No active openings at the moment.")).toHaveCount(0);

    isolatedDb.prepare("update job_openings set status = 'closed', updated_at = ? where status = 'open'").run(Date.now());
    await expect(page.getByText("No active openings at the moment.", { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole("main").getByRole("link", { name: "View Details" })).toHaveCount(0);
    await expectSameDocument(page);

    const reconnected = eventStreamOpened(page, "/events/careers");
    const response = await page.reload();
    expect(response?.status()).toBe(200);
    await expect(page.getByText("No active openings at the moment.", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(0);

    // Reopening one brings the list back.
    await waitForHydration(page);
    await reconnected;
    setOpeningStatus(isolatedDb, firstDemo!.id, "open");
    await expect(card(page, firstDemo!.title)).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText("No active openings at the moment.")).toHaveCount(0);
  });
});
