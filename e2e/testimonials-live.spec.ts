import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { demoTestimonials } from "../app/content/testimonials";
import { eventStreamOpened, expectSameDocument, markDocument, openDatabase, uniqueId, waitForHydration } from "./helpers";

// Home testimonials come from the `testimonials` table (status 'visible') and follow it live: the
// content watcher polls the database every 2 s and the page listens on /events/testimonials.

/** A poll every 2 s, then the stream and a render: seconds on a busy CI machine running two workers. */
const LIVE_WAIT_MS = 20_000;

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

function strip(page: Page) {
  return page.getByRole("list", { name: "Client testimonials (scrollable)" });
}

function testimonialCard(page: Page, review: string) {
  return strip(page).getByRole("listitem").filter({ hasText: review });
}

function setStatus(id: string, status: "visible" | "hidden") {
  db.prepare("update testimonials set status = ?, updated_at = ? where id = ?").run(status, Date.now(), id);
}

async function openHome(page: Page) {
  const stream = eventStreamOpened(page, "/events/testimonials");
  await page.goto("/");
  await waitForHydration(page);
  await stream;
  await markDocument(page);
}

test("Hiding a testimonial in the database removes it from an open home page without a reload, and showing it brings it back", async ({
  page,
}) => {
  // The last demo testimonial; the other specs only rely on the strip overflowing, which it still does.
  const demo = demoTestimonials[demoTestimonials.length - 1]!;
  const id = `demo-${demo.id}`;
  const row = db.prepare("select status from testimonials where id = ?").get(id) as { status: string } | undefined;
  expect(row?.status).toBe("visible");

  await openHome(page);
  const card = testimonialCard(page, demo.review);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(demo.name);
  await expect(card).toContainText(demo.category);

  try {
    setStatus(id, "hidden");
    await expect(card).toHaveCount(0, { timeout: LIVE_WAIT_MS });
    // Only that one: the others stay (rows added by parallel tests make a count unreliable).
    for (const other of demoTestimonials.slice(0, -1)) await expect(testimonialCard(page, other.review)).toHaveCount(1);
    await expectSameDocument(page);
  } finally {
    setStatus(id, "visible");
  }
  await expect(card).toHaveCount(1, { timeout: LIVE_WAIT_MS });
  await expectSameDocument(page);
});

test("A testimonial added in the database appears on an open home page without a reload", async ({ page }) => {
  const uid = uniqueId();
  const id = `e2e-${uid}`;
  const review = `The end-to-end tests wrote this review (${uid}).`;
  await openHome(page);
  await expect(testimonialCard(page, review)).toHaveCount(0);

  const now = Date.now();
  db.prepare(
    `insert into testimonials (id, review, name, category, status, sort_order, created_at, updated_at)
     values (?, ?, ?, ?, 'visible', 999, ?, ?)`,
  ).run(id, review, `Test Client ${uid}`, "Automation", now, now);
  try {
    const card = testimonialCard(page, review);
    await expect(card).toHaveCount(1, { timeout: LIVE_WAIT_MS });
    await expect(card).toContainText(`Test Client ${uid}`);
    await expect(card).toContainText("Automation");
    await expectSameDocument(page);
  } finally {
    db.prepare("delete from testimonials where id = ?").run(id);
  }
  // Removing the row takes it off the open page again.
  await expect(testimonialCard(page, review)).toHaveCount(0, { timeout: LIVE_WAIT_MS });
});
