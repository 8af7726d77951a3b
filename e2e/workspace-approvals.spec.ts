import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { signIn } from "./fixtures";
import { eventStreamOpened, expectSameDocument, markDocument, openDatabase, storeTheme, uniqueId, waitForHydration } from "./helpers";
import { insertCompanyWithProject } from "./seed-rows";

// Staff add milestones and ask for approval; one client member approves and another
// asks for changes with a comment; staff see both decisions on their open page, without a reload.

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

async function openLive(page: Page, path: string, stream: string) {
  const opened = eventStreamOpened(page, stream);
  await page.goto(path);
  await waitForHydration(page);
  await opened;
  await markDocument(page);
}

async function addMilestone(page: Page, title: string, status: string) {
  const form = page.getByRole("main").getByRole("form", { name: "Add a milestone" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Status").selectOption({ label: status });
  await form.getByRole("button", { name: "Add milestone" }).click();
  await expect(form.getByRole("status")).toHaveText("Milestone added. The client sees it now.");
  await expect(page.getByRole("main").getByRole("heading", { level: 4, name: title })).toBeVisible();
}

/** The row's Actions menu → its item: the menu with JavaScript, the disclosure's link without. */
async function fromRowMenu(page: Page, title: string, item: string, javaScript = true) {
  const main = page.getByRole("main");
  if (javaScript) {
    await main.getByRole("button", { name: `Actions for "${title}"` }).click();
    await main.getByRole("menuitem", { name: item }).click();
  } else {
    const row = main.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4, name: title }) });
    await row.getByText("Actions", { exact: true }).click();
    await row.getByRole("link", { name: item }).click();
  }
}

async function askForApproval(page: Page, title: string, note: string) {
  await fromRowMenu(page, title, "Ask for approval");
  const form = page.getByRole("main").getByRole("form", { name: `Ask for approval: ${title}` });
  await form.getByLabel("Note to the client").fill(note);
  await form.getByRole("button", { name: "Ask for approval" }).click();
  const item = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 4, name: title }) });
  await expect(item.getByText("Waiting for approval")).toBeVisible();
}

test("Staff add milestones and ask for approval; one member approves, another asks for changes; staff see both live", async ({
  page,
  browser,
}) => {
  // Three signed-in browsers and a dozen round trips.
  test.setTimeout(60_000);
  const uid = uniqueId();
  const staff = await signIn(page, { role: "employee", staffRole: "delivery" });
  const { companyId, projectId, title } = insertCompanyWithProject(db, uid, staff.id);
  const contextA = await browser.newContext();
  const contextA2 = await browser.newContext();
  try {
    // Staff plan the work and ask for sign-off on two milestones.
    await openLive(page, `/employee-dashboard/projects/${projectId}/milestones`, "/events/console");
    await expect(page.getByRole("main").getByText("No milestones yet.")).toBeVisible();
    await addMilestone(page, "Design", "Waiting for client");
    await addMilestone(page, "Build", "In progress");
    await askForApproval(page, "Design", "Screens are ready.");
    await askForApproval(page, "Build", "First build is up.");

    const clientA = await contextA.newPage();
    const clientA2 = await contextA2.newPage();
    for (const client of [clientA, clientA2]) {
      const user = await signIn(client, { role: "client", emailVerified: true });
      db.prepare("update users set company_id = ?, client_admin = 0 where id = ?").run(companyId, user.id);
    }

    // Client A finds the project in My Projects and opens its workspace.
    await clientA.goto("/user-dashboard/projects");
    await clientA.getByRole("link", { name: `Open workspace: ${title}` }).click();
    await expect(clientA).toHaveURL(new RegExp(`/user-dashboard/projects/${projectId}$`));
    await waitForHydration(clientA);
    await openLive(clientA2, `/user-dashboard/projects/${projectId}`, "/events/portal");
    const waitingA2 = clientA2.getByRole("list", { name: "Approvals waiting" }).getByRole("listitem");
    await expect(waitingA2).toHaveCount(2);

    const designA = clientA.getByRole("form", { name: 'Decide on Milestone "Design"' });
    await expect(clientA.getByText("Note: Screens are ready.")).toBeVisible();
    await designA.getByLabel("Comment").fill("Looks great.");
    await designA.getByRole("button", { name: "Approve" }).click();
    await expect(clientA.getByRole("list", { name: "Past decisions" })).toContainText("Approved");
    await expect(clientA.getByRole("status").filter({ hasText: "Approved. The team has been told." })).toBeVisible();

    // Client A2's open page follows: only Build still waits.
    await expect(waitingA2).toHaveCount(1);
    const buildA2 = clientA2.getByRole("form", { name: 'Decide on Milestone "Build"' });
    await buildA2.getByRole("button", { name: "Request changes" }).click();
    await expect(buildA2.getByText("Say what should change: a comment is required to request changes.")).toBeVisible();
    await buildA2.getByLabel("Comment").fill("The map should load faster.");
    await buildA2.getByRole("button", { name: "Request changes" }).click();
    await expect(clientA2.getByText("Nothing is waiting for your approval.")).toBeVisible();
    const past = clientA2.getByRole("list", { name: "Past decisions" });
    await expect(past.getByRole("listitem")).toHaveCount(2);
    await expect(past).toContainText("Comment: The map should load faster.");
    await expectSameDocument(clientA2);

    // Staff's page, open all along, shows both decisions with who decided and the comment.
    const main = page.getByRole("main");
    const design = main.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4, name: "Design" }) });
    const build = main.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4, name: "Build" }) });
    await expect(design).toContainText("Approval: Approved", { timeout: 10_000 });
    await expect(design).toContainText("Comment: Looks great.");
    await expect(build).toContainText("Approval: Changes requested", { timeout: 10_000 });
    await expect(build).toContainText("Comment: The map should load faster.");
    await build.getByRole("button", { name: 'Actions for "Build"' }).click();
    await expect(build.getByRole("menuitem", { name: "Ask again" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expectSameDocument(page);
  } finally {
    await contextA.close();
    await contextA2.close();
  }
});

function insertMilestone(projectId: string, title: string): string {
  const id = randomUUID();
  const now = Date.now();
  db.prepare(
    "insert into milestones (id, project_id, title, description, due_date, status, position, created_at, updated_at) values (?, ?, ?, 'Screens and flows.', '2026-12-01', 'planned', 1, ?, ?)",
  ).run(id, projectId, title, now, now);
  return id;
}

/** Actions → Edit → Status Done → Save milestone, on the milestone's own row. */
async function markDoneInItsForm(page: Page, title: string, javaScript = true) {
  const main = page.getByRole("main");
  const row = main.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4, name: title }) });
  await fromRowMenu(page, title, `Edit "${title}"`, javaScript);
  const form = row.getByRole("form", { name: `Edit milestone ${title}` });
  await expect(form.getByLabel("Title")).toHaveValue(title);
  await form.getByLabel("Status").selectOption({ label: "Done" });
  await form.getByRole("button", { name: "Save milestone" }).click();
  return row;
}

test("Staff edit a milestone: Actions → Edit → Status Done → Save milestone saves it as Done", async ({ page }) => {
  const uid = uniqueId();
  const staff = await signIn(page, { role: "employee", staffRole: "delivery" });
  const { projectId } = insertCompanyWithProject(db, uid, staff.id);
  const id = insertMilestone(projectId, "Design");
  await page.goto(`/employee-dashboard/projects/${projectId}/milestones`);
  await waitForHydration(page);
  const row = await markDoneInItsForm(page, "Design");
  await expect(row.getByRole("status").filter({ hasText: "Milestone saved." })).toBeVisible();
  await expect(row.getByText("Title is required.")).toHaveCount(0);
  await expect(row.getByText("Choose a status from the list.")).toHaveCount(0);
  await expect(row.locator("h4 + span")).toHaveText("Status: Done");
  expect(db.prepare("select status, title from milestones where id = ?").get(id)).toEqual({ status: "done", title: "Design" });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Staff edit a milestone with a plain form post and it is saved as Done", async ({ page }) => {
    const uid = uniqueId();
    const staff = await signIn(page, { role: "employee", staffRole: "admin" });
    const { projectId } = insertCompanyWithProject(db, uid, staff.id);
    const id = insertMilestone(projectId, "Copy deck");
    await page.goto(`/employee-dashboard/projects/${projectId}/milestones`);
    const row = await markDoneInItsForm(page, "Copy deck", false);
    // The page comes back with the row's Edit section closed; its badge tells the new status.
    await expect(row.locator("h4 + span")).toHaveText("Status: Done");
    expect(db.prepare("select status from milestones where id = ?").get(id)).toEqual({ status: "done" });
  });

  test("Staff add a milestone and ask for approval, and a member asks for changes, with plain form posts", async ({ page, browser }) => {
    const uid = uniqueId();
    const staff = await signIn(page, { role: "employee", staffRole: "admin" });
    const { companyId, projectId } = insertCompanyWithProject(db, uid, staff.id);
    const main = page.getByRole("main");
    await page.goto(`/employee-dashboard/projects/${projectId}/milestones`);
    const add = main.getByRole("form", { name: "Add a milestone" });
    await add.getByLabel("Title").fill("Copy deck");
    await add.getByRole("button", { name: "Add milestone" }).click();
    await expect(main.getByText("Milestone added. The client sees it now.")).toBeVisible();
    await fromRowMenu(page, "Copy deck", "Ask for approval", false);
    await main.getByRole("form", { name: "Ask for approval: Copy deck" }).getByRole("button", { name: "Ask for approval" }).click();
    await expect(main.getByText("Approval requested.", { exact: false })).toBeVisible();

    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const client = await context.newPage();
      const user = await signIn(client, { role: "client", emailVerified: true });
      db.prepare("update users set company_id = ?, client_admin = 0 where id = ?").run(companyId, user.id);
      await client.goto(`/user-dashboard/projects/${projectId}`);
      const decide = client.getByRole("form", { name: 'Decide on Milestone "Copy deck"' });
      await decide.getByRole("button", { name: "Request changes" }).click();
      // The action's answer: the field's message, and nothing decided.
      await expect(client.getByText("Say what should change: a comment is required to request changes.")).toBeVisible();
      await client.getByRole("form", { name: 'Decide on Milestone "Copy deck"' }).getByLabel("Comment").fill("Shorter headlines.");
      await client.getByRole("form", { name: 'Decide on Milestone "Copy deck"' }).getByRole("button", { name: "Request changes" }).click();
      await expect(client.getByText("Changes requested. The team has been told.")).toBeVisible();
      await expect(client.getByRole("list", { name: "Past decisions" })).toContainText("Comment: Shorter headlines.");
    } finally {
      await context.close();
    }
    await page.goto(`/employee-dashboard/projects/${projectId}/milestones`);
    await expect(main.getByRole("listitem").filter({ hasText: "Copy deck" }).first()).toContainText("Approval: Changes requested");
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`The Milestones tab and the portal Overview, with a request waiting and one decided, have no WCAG 2.1 AA violations in the ${theme} theme`, async ({
    page,
    browser,
  }) => {
    const uid = uniqueId();
    if (theme === "dark") await storeTheme(page, "dark");
    const staff = await signIn(page, { role: "employee", staffRole: "delivery" });
    const { companyId, projectId } = insertCompanyWithProject(db, uid, staff.id);
    const now = Date.now();
    const insert = db.prepare(
      "insert into milestones (id, project_id, title, description, due_date, status, position, created_at, updated_at) values (?, ?, ?, 'Details.', '2026-12-01', ?, ?, ?, ?)",
    );
    const ask = db.prepare(
      "insert into approvals (id, project_id, subject_type, subject_id, requested_by_name, requested_at, note, status, decided_by_name, decided_at, comment) values (?, ?, 'milestone', ?, 'Dev Rao', ?, 'Please check.', ?, ?, ?, ?)",
    );
    const [one, two] = [randomUUID(), randomUUID()];
    insert.run(one, projectId, "Design", "waiting", 1, now, now);
    insert.run(two, projectId, "Build", "done", 2, now, now);
    ask.run(randomUUID(), projectId, one, now, "pending", null, null, "");
    ask.run(randomUUID(), projectId, two, now, "changes_requested", "Alice", now, "Bigger buttons.");
    const check = async (target: Page) => {
      const results = await new AxeBuilder({ page: target })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .include("main")
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    };
    await page.goto(`/employee-dashboard/projects/${projectId}/milestones`);
    await waitForHydration(page);
    await check(page);

    const context = await browser.newContext();
    try {
      const client = await context.newPage();
      if (theme === "dark") await storeTheme(client, "dark");
      const user = await signIn(client, { role: "client", emailVerified: true });
      db.prepare("update users set company_id = ?, client_admin = 0 where id = ?").run(companyId, user.id);
      await client.goto(`/user-dashboard/projects/${projectId}`);
      await waitForHydration(client);
      await client.getByRole("form", { name: 'Decide on Milestone "Design"' }).getByRole("button", { name: "Request changes" }).click();
      await expect(client.getByText("Say what should change: a comment is required to request changes.")).toBeVisible();
      await check(client);
    } finally {
      await context.close();
    }
  });
}
