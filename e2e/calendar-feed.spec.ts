import { expect, test } from "@playwright/test";
import { signIn } from "./fixtures";
import { openDatabase, uniqueId } from "./helpers";
import { insertCompanyWithProject, insertMilestones } from "./seed-rows";

// Decision 0106: a staff member makes their calendar address on My account (a plain form: no
// JavaScript here), a calendar app reads it, a new address stops the old one.

test.use({ javaScriptEnabled: false });

test("A staff member makes a calendar address, a calendar app reads the due milestone from it, and a new address stops the old one", async ({
  page,
  request,
}) => {
  const uid = uniqueId();
  const db = openDatabase();
  const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  try {
    const { projectId, title } = insertCompanyWithProject(db, uid);
    const [milestoneId] = insertMilestones(db, projectId, [`Beta review ${uid}`]);
    db.prepare("update milestones set due_date = ? where id = ?").run(due, milestoneId);
    expect(title).toContain(uid);
  } finally {
    db.close();
  }

  await signIn(page, { role: "employee", staffRole: "delivery" });
  await page.goto("/employee-dashboard/account");
  await page.getByRole("button", { name: "Make a calendar address" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your calendar feed is ready." })).toBeVisible();
  const address = await page.getByLabel("Calendar address").inputValue();
  expect(address).toMatch(/\/calendar\/[0-9a-f-]{36}\.[\w-]{43}\.ics$/);

  // The calendar app: no cookies, just the address.
  const feed = await request.get(new URL(address).pathname, { headers: { Cookie: "" } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const ics = (await feed.text()).replace(/\r\n[ \t]/g, "");
  expect(ics).toContain(`SUMMARY:Beta review ${uid} · Rider app ${uid} (Kite Foods ${uid})`);
  expect(ics).toContain(`DTSTART;VALUE=DATE:${due.replaceAll("-", "")}`);

  await page.getByRole("button", { name: "Make a new address" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your calendar feed has a new address" })).toBeVisible();
  expect(await page.getByLabel("Calendar address").inputValue()).not.toBe(address);
  expect((await request.get(new URL(address).pathname)).status()).toBe(404);

  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your calendar feed is off" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Make a calendar address" })).toBeVisible();
});
