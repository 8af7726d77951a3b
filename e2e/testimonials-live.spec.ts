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

/**
 * What the page heard and fetched, for the failure message of a live check: each stream event the
 * page's listeners got and each data request with whether its answer names `marker`. Whether the
 * event came, the reload happened, or the reload read old rows tells the cause apart.
 */
async function traceLiveUpdates(page: Page, marker: string) {
  const started = Date.now();
  const lines: { at: number; text: string }[] = [];
  await page.addInitScript(() => {
    const heard: { at: number; type: string }[] = ((window as unknown as { __liveEvents: typeof heard }).__liveEvents = []);
    const add = EventSource.prototype.addEventListener;
    EventSource.prototype.addEventListener = function (this: EventSource, type: string, listener: unknown, options?: unknown) {
      const wrapped = (event: Event) => {
        heard.push({ at: Date.now(), type });
        return typeof listener === "function" ? (listener as (e: Event) => void).call(this, event) : undefined;
      };
      return add.call(this, type, wrapped as EventListener, options as AddEventListenerOptions);
    } as typeof EventSource.prototype.addEventListener;
  });
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith(".data")) return;
    const at = Date.now();
    void response.text().then(
      (body) =>
        lines.push({ at, text: `GET ${url.pathname} ${response.status()}, ${body.includes(marker) ? "names" : "does not name"} the row` }),
      () => lines.push({ at, text: `GET ${url.pathname} ${response.status()} (body unread)` }),
    );
  });
  return {
    note: (text: string) => lines.push({ at: Date.now(), text }),
    async report(): Promise<string> {
      const heard = await page
        .evaluate(() => (window as unknown as { __liveEvents?: { at: number; type: string }[] }).__liveEvents ?? [])
        .catch(() => []);
      return [...lines, ...heard.map((e) => ({ at: e.at, text: `the page heard "${e.type}"` }))]
        .sort((a, b) => a.at - b.at)
        .map((line) => `${((line.at - started) / 1000).toFixed(2)} s: ${line.text}`)
        .join("\n");
    },
  };
}

test("A testimonial added in the database appears on an open home page without a reload", async ({ page }) => {
  const uid = uniqueId();
  const id = `e2e-${uid}`;
  const review = `The end-to-end tests wrote this review (${uid}).`;
  const trace = await traceLiveUpdates(page, uid);
  await openHome(page);
  await expect(testimonialCard(page, review)).toHaveCount(0);

  const now = Date.now();
  db.prepare(
    `insert into testimonials (id, review, name, category, status, sort_order, created_at, updated_at)
     values (?, ?, ?, ?, 'visible', 999, ?, ?)`,
  ).run(id, review, `Test Client ${uid}`, "Automation", now, now);
  trace.note("row inserted");
  try {
    const card = testimonialCard(page, review);
    await expect(card).toHaveCount(1, { timeout: LIVE_WAIT_MS });
    trace.note("card shown");
    await expect(card).toContainText(`Test Client ${uid}`);
    await expect(card).toContainText("Automation");
    await expectSameDocument(page);
  } finally {
    db.prepare("delete from testimonials where id = ?").run(id);
    trace.note("row deleted");
  }
  // Removing the row takes it off the open page again.
  try {
    await expect(testimonialCard(page, review)).toHaveCount(0, { timeout: LIVE_WAIT_MS });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nWhat the page heard and fetched:\n${await trace.report()}`);
  }
});
