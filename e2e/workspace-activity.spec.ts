import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { signIn } from "./fixtures";
import { eventStreamOpened, expectSameDocument, markDocument, openDatabase, storeTheme, uniqueId, waitForHydration } from "./helpers";

// "Waiting on you" on the portal's first screen, each item leading to where
// the member acts; the project's timeline on both sides, following changes live; and the console
// overview's client work per owner. The workspace rows are written straight into the database.

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

function insertCompany(name: string): string {
  const id = randomUUID();
  const now = Date.now();
  db.prepare(
    "insert into companies (id, name, website, country, origin, created_at, updated_at) values (?, ?, '', 'India', 'staff', ?, ?)",
  ).run(id, name, now, now);
  return id;
}

function insertProject(companyId: string, title: string, ownerId: string | null = null): string {
  const id = randomUUID();
  const now = Date.now();
  db.prepare(
    "insert into projects (id, company_id, created_by, owner_id, title, description, progress, status, created_at, updated_at) values (?, ?, null, ?, ?, 'A rider tracking app.', 0, 'in_progress', ?, ?)",
  ).run(id, companyId, ownerId, title, now, now);
  return id;
}

function insertMilestone(projectId: string, title: string, dueDate: string, status = "in_progress"): string {
  const id = randomUUID();
  const now = Date.now();
  db.prepare(
    "insert into milestones (id, project_id, title, due_date, status, position, created_at, updated_at) values (?, ?, ?, ?, ?, 1, ?, ?)",
  ).run(id, projectId, title, dueDate, status, now, now);
  return id;
}

function insertApproval(
  projectId: string,
  milestoneId: string,
  fields: { status?: string; decidedByName?: string; comment?: string } = {},
) {
  const now = Date.now();
  db.prepare(
    "insert into approvals (id, project_id, subject_type, subject_id, requested_by_name, requested_at, note, status, decided_by_name, decided_at, comment) values (?, ?, 'milestone', ?, 'Priya Sharma', ?, 'Check the colours', ?, ?, ?, ?)",
  ).run(
    randomUUID(),
    projectId,
    milestoneId,
    now,
    fields.status ?? "pending",
    fields.decidedByName ?? null,
    fields.decidedByName ? now : null,
    fields.comment ?? "",
  );
}

function insertFile(projectId: string, name: string, side: "staff" | "client") {
  const fileId = randomUUID();
  const versionId = randomUUID();
  const now = Date.now();
  db.prepare("insert into project_files (id, project_id, name, name_key, side, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)").run(
    fileId,
    projectId,
    name,
    name.toLowerCase(),
    side,
    now,
    now,
  );
  db.prepare(
    "insert into file_versions (id, file_id, project_id, version, storage_key, size, content_type, kind, sha256, uploaded_by_name, side, created_at) values (?, ?, ?, 1, ?, 10, 'application/pdf', 'pdf', ?, ?, ?, ?)",
  ).run(versionId, fileId, projectId, `e2e/${versionId}`, "0".repeat(64), side === "staff" ? "Priya Sharma" : "Asha", side, now);
}

function insertActivity(projectId: string, summary: string, at: number, side = "staff") {
  db.prepare(
    "insert into project_activity (id, project_id, at, actor_name, actor_side, kind, summary) values (?, ?, ?, ?, ?, 'milestone.added', ?)",
  ).run(randomUUID(), projectId, at, side === "staff" ? "Priya Sharma" : "Asha", side, summary);
}

function insertComplaintWithStaffReply(companyId: string, subject: string): string {
  const id = randomUUID();
  const now = Date.now();
  db.prepare(
    "insert into complaints (id, company_id, subject, message, status, created_at, updated_at) values (?, ?, ?, 'It fails.', 'Pending', ?, ?)",
  ).run(id, companyId, subject, now, now);
  db.prepare(
    "insert into complaint_replies (id, complaint_id, sender, sender_name, text, timestamp) values (?, ?, 'staff', 'Priya Sharma', 'Fixed now.', ?)",
  ).run(randomUUID(), id, now);
  return id;
}

async function memberOf(page: Page, companyId: string) {
  const user = await signIn(page, { role: "client", emailVerified: true });
  db.prepare("update users set company_id = ?, client_admin = 0 where id = ?").run(companyId, user.id);
  return user;
}

/** axe scans take a while on a loaded machine: the tests that run one get more time. */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).include("main").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("A member sees what waits on them on the first screen, follows each item to where they act, and a reply read in Support leaves the list", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const uid = uniqueId();
  const companyId = insertCompany(`Kite Foods ${uid}`);
  const projectId = insertProject(companyId, `Rider app ${uid}`);
  const design = insertMilestone(projectId, `Design ${uid}`, dateIn(3));
  insertApproval(projectId, design);
  insertMilestone(projectId, `Launch ${uid}`, dateIn(30));
  insertFile(projectId, `wireframes-${uid}.pdf`, "staff");
  insertFile(projectId, `brief-${uid}.pdf`, "client");
  const complaintId = insertComplaintWithStaffReply(companyId, `Login broken ${uid}`);
  // Another company's work never shows.
  const otherProject = insertProject(insertCompany(`Acme ${uid}`), `Acme secret ${uid}`);
  insertApproval(otherProject, insertMilestone(otherProject, `Acme step ${uid}`, dateIn(2)));
  await memberOf(page, companyId);

  await page.goto("/user-dashboard");
  await waitForHydration(page);
  const main = page.getByRole("main");
  const waiting = main.getByRole("region", { name: "Waiting on you" });
  await expect(waiting.getByRole("region", { name: /Approvals waiting/ }).getByRole("link", { name: `Design ${uid}` })).toBeVisible();
  await expect(
    waiting.getByRole("region", { name: /Replies not yet read/ }).getByRole("link", { name: `Login broken ${uid}` }),
  ).toBeVisible();
  const files = waiting.getByRole("region", { name: /New files since your last visit/ });
  await expect(files.getByRole("link", { name: `wireframes-${uid}.pdf` })).toBeVisible();
  await expect(files).not.toContainText(`brief-${uid}.pdf`);
  const due = waiting.getByRole("region", { name: /Milestones due in the next 14 days/ });
  await expect(due.getByRole("link", { name: `Design ${uid}` })).toBeVisible();
  await expect(due).not.toContainText(`Launch ${uid}`);
  await expect(main).not.toContainText(`Acme step ${uid}`);
  // The SPEC's Profile panel is still there below it.
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(/profile/i);
  await expectNoAxeViolations(page);

  await expect(waiting.getByRole("region", { name: /Approvals waiting/ }).getByRole("link", { name: `Design ${uid}` })).toHaveAttribute(
    "href",
    new RegExp(`/user-dashboard/projects/${projectId}#approval-`),
  );
  await expect(files.getByRole("link", { name: `wireframes-${uid}.pdf` })).toHaveAttribute(
    "href",
    new RegExp(`/user-dashboard/projects/${projectId}/files\\?file=[^#]+#file-`),
  );

  await waiting.getByRole("link", { name: `Login broken ${uid}` }).click();
  await expect(page).toHaveURL(new RegExp(`/user-dashboard/support\\?request=${complaintId}#complaint-${complaintId}$`));
  await expect(main.getByRole("heading", { name: `Login broken ${uid}` })).toBeVisible();
  await page.goto("/user-dashboard");
  await expect(waiting.getByRole("region", { name: /Approvals waiting/ })).toBeVisible();
  await expect(waiting.getByRole("region", { name: /Replies not yet read/ })).toHaveCount(0);
});

test("The timeline lists both sides' changes newest first on each side, and follows a progress change live", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const uid = uniqueId();
  const companyId = insertCompany(`Kite Foods ${uid}`);
  const title = `Rider app ${uid}`;
  const projectId = insertProject(companyId, title);
  const t0 = Date.now() - DAY;
  insertActivity(projectId, `Added milestone "Design ${uid}"`, t0);
  insertActivity(projectId, `Uploaded brief-${uid}.pdf`, t0 + 60_000, "client");
  const member = await browser.newContext();
  try {
    const client = await member.newPage();
    await memberOf(client, companyId);
    const stream = eventStreamOpened(client, "/events/portal");
    await client.goto(`/user-dashboard/projects/${projectId}/activity`);
    await waitForHydration(client);
    await stream;
    await markDocument(client);
    const timeline = client.getByRole("main").getByRole("list", { name: `Activity on ${title}` });
    await expect(timeline.getByRole("listitem")).toHaveText([/Uploaded brief-.*Your team/, /Added milestone.*Our team/]);
    await expect(
      client
        .getByRole("main")
        .getByRole("navigation", { name: `${title}: sections` })
        .getByRole("link", { name: "Activity" }),
    ).toHaveAttribute("aria-current", "page");

    await signIn(page, { role: "employee", staffRole: "delivery" });
    await page.goto(`/employee-dashboard/projects/${projectId}`);
    await waitForHydration(page);
    const main = page.getByRole("main");
    await main.getByLabel("Progress (0–100 %)").fill("40");
    await main.getByLabel("Note").fill("Design signed off");
    await main.getByRole("button", { name: "Save progress" }).click();
    await expect(main.getByText("Progress set to 40%. The client sees it now.")).toBeVisible();

    await expect(timeline.getByRole("listitem").first()).toContainText("Progress 0% → 40%: Design signed off", { timeout: 10_000 });
    await expect(timeline.getByRole("listitem").first()).toContainText("Our team");
    await expectSameDocument(client);

    await page.goto(`/employee-dashboard/projects/${projectId}/activity`);
    await waitForHydration(page);
    await expect(main.getByRole("navigation", { name: `${title}: sections` }).getByRole("link", { name: "Activity" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const staffTimeline = main.getByRole("list", { name: `Activity on ${title}` });
    await expect(staffTimeline.getByRole("listitem")).toHaveText([
      /Progress 0% → 40%.*Staff/,
      /Uploaded brief-.*Client/,
      /Added milestone.*Staff/,
    ]);
    await expect(
      staffTimeline
        .getByRole("listitem")
        .first()
        .getByRole("link", { name: /Open the details/ }),
    ).toHaveAttribute("href", `/employee-dashboard/projects/${projectId}`);
    await expectNoAxeViolations(page);
  } finally {
    await member.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("A long timeline is read a page at a time, and an empty one says so", async ({ page }) => {
    const uid = uniqueId();
    const companyId = insertCompany(`Kite Foods ${uid}`);
    const projectId = insertProject(companyId, `Rider app ${uid}`);
    const empty = insertProject(companyId, `Quiet project ${uid}`);
    const t0 = Date.now() - DAY;
    for (let i = 1; i <= 23; i++) insertActivity(projectId, `Step ${i} of ${uid}`, t0 + i * 1000);
    await memberOf(page, companyId);

    await page.goto(`/user-dashboard/projects/${projectId}/activity`);
    const main = page.getByRole("main");
    await expect(main.getByText("23 entries, newest first.")).toBeVisible();
    await expect(main.getByRole("listitem").filter({ hasText: `Step 23 of ${uid}` })).toBeVisible();
    await expect(main.getByRole("listitem").filter({ hasText: `Step 3 of ${uid}` })).toHaveCount(0);
    // Plain links: the pages work without JavaScript.
    await main.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(main.getByText("Page 2 of 2")).toBeVisible();
    await expect(main.getByRole("listitem").filter({ hasText: /Step \d+ of/ })).toHaveText([/Step 3 of/, /Step 2 of/, /Step 1 of/]);

    await page.goto(`/user-dashboard/projects/${empty}/activity`);
    await expect(main.getByText("Nothing has happened on this project yet.")).toBeVisible();
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`The console overview shows client work per owner to staff who run projects, not to a recruiter (${theme} theme)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const uid = uniqueId();
    if (theme === "dark") await storeTheme(page, "dark");
    const staff = await signIn(page, { role: "employee", staffRole: "delivery" });
    const companyId = insertCompany(`Kite Foods ${uid}`);
    const projectId = insertProject(companyId, `Rider app ${uid}`, staff.id);
    insertApproval(projectId, insertMilestone(projectId, `Design ${uid}`, dateIn(5)), {
      status: "changes_requested",
      decidedByName: "Asha",
      comment: `Bigger logo ${uid}`,
    });
    insertMilestone(projectId, `Content ${uid}`, dateIn(-2), "waiting");
    insertFile(projectId, `brief-${uid}.pdf`, "client");

    await page.goto("/employee-dashboard");
    await waitForHydration(page);
    const work = page.getByRole("main").getByRole("region", { name: "Client work" });
    const mine = work.getByRole("region", { name: /your projects/ });
    await expect(mine.getByRole("link", { name: `Changes requested: Design ${uid}` })).toHaveAttribute(
      "href",
      new RegExp(`/employee-dashboard/projects/${projectId}/milestones#milestone-`),
    );
    await expect(mine).toContainText(`Bigger logo ${uid}`);
    await expect(mine.getByRole("link", { name: `brief-${uid}.pdf` })).toHaveAttribute(
      "href",
      new RegExp(`/employee-dashboard/projects/${projectId}/files\\?file=[^#]+#file-`),
    );
    await expect(mine.getByRole("link", { name: `Content ${uid}` })).toBeVisible();
    await expectNoAxeViolations(page);

    const other = await browser.newContext();
    try {
      const recruiter = await other.newPage();
      await signIn(recruiter, { role: "employee", staffRole: "recruiter" });
      await recruiter.goto("/employee-dashboard");
      await expect(recruiter.getByRole("main").getByRole("heading", { name: "Overview" })).toBeVisible();
      await expect(recruiter.getByRole("main").getByRole("region", { name: "Client work" })).toHaveCount(0);
    } finally {
      await other.close();
    }
  });
}

test("Waiting on you and the timeline have no WCAG 2.1 AA violations in the dark theme", async ({ page }) => {
  test.setTimeout(90_000);
  const uid = uniqueId();
  const companyId = insertCompany(`Kite Foods ${uid}`);
  const projectId = insertProject(companyId, `Rider app ${uid}`);
  const design = insertMilestone(projectId, `Design ${uid}`, dateIn(3));
  insertApproval(projectId, design);
  insertFile(projectId, `wireframes-${uid}.pdf`, "staff");
  insertComplaintWithStaffReply(companyId, `Login broken ${uid}`);
  insertActivity(projectId, `Added milestone "Design ${uid}"`, Date.now() - 60_000);
  insertActivity(projectId, `Uploaded brief-${uid}.pdf`, Date.now(), "client");
  await storeTheme(page, "dark");
  await memberOf(page, companyId);
  await page.goto("/user-dashboard");
  await waitForHydration(page);
  await expect(page.getByRole("main").getByRole("region", { name: /Approvals waiting/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/user-dashboard/projects/${projectId}/activity`);
  await waitForHydration(page);
  await expect(
    page
      .getByRole("main")
      .getByRole("list", { name: `Activity on Rider app ${uid}` })
      .getByRole("listitem"),
  ).toHaveCount(2);
  await expectNoAxeViolations(page);
});
