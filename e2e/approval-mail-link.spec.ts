import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { signIn } from "./fixtures";
import { openDatabase, uniqueId, waitForHydration, waitForMail } from "./helpers";
import { insertCompanyWithProject } from "./seed-rows";

// Decision 0099: staff ask for approval; the member, signed out, opens "Request changes" from the
// mail, is asked to confirm with a comment, decides once; the link then says it was used, and
// staff see the decision on the project.

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

async function askForApproval(page: Page, title: string, note: string) {
  const main = page.getByRole("main");
  const form = main.getByRole("form", { name: "Add a milestone" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Status").selectOption({ label: "Waiting for client" });
  await form.getByRole("button", { name: "Add milestone" }).click();
  await expect(main.getByRole("heading", { level: 4, name: title })).toBeVisible();
  await main.getByRole("button", { name: `Actions for "${title}"` }).click();
  await main.getByRole("menuitem", { name: "Ask for approval" }).click();
  const ask = main.getByRole("form", { name: `Ask for approval: ${title}` });
  await ask.getByLabel("Note to the client").fill(note);
  await ask.getByRole("button", { name: "Ask for approval" }).click();
  const item = main.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4, name: title }) });
  await expect(item.getByText("Waiting for approval")).toBeVisible();
}

/** The path of the mail's link for `decision`, as the reader's mail program shows it (quoted-printable undone). */
function linkIn(eml: string, decision: "approve" | "changes"): string {
  const text = eml.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = new RegExp(`https?://[^/\\s]+(/approval/[\\w-]+/[\\w-]+\\?decision=${decision})`).exec(text);
  if (!match) throw new Error(`No ${decision} link in the mail`);
  return match[1]!;
}

test("A member asks for changes from the approval mail's link, once, without signing in", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const uid = uniqueId();
  const staff = await signIn(page, { role: "employee", staffRole: "delivery" });
  const { companyId, projectId } = insertCompanyWithProject(db, uid, staff.id);
  const member = `member-${uid}@example.com`;
  // A verified member with no session: the mail is their only way in here.
  const context = await browser.newContext();
  const client = await context.newPage();
  try {
    const user = await signIn(client, { role: "client", email: member, emailVerified: true });
    db.prepare("update users set company_id = ?, client_admin = 0 where id = ?").run(companyId, user.id);
    await context.clearCookies();

    const since = Date.now();
    await page.goto(`/employee-dashboard/projects/${projectId}/milestones`);
    await waitForHydration(page);
    await askForApproval(page, "Design", "Screens are ready.");
    const link = linkIn(await waitForMail(member, since, /\/approval\//), "changes");

    // Opening the link decides nothing: it shows the request and asks.
    await client.goto(link);
    const main = client.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Request changes" })).toBeVisible();
    await expect(main).toContainText('asked for your approval of the milestone "Design"');
    await expect(main).toContainText("Note: Screens are ready.");
    expect(db.prepare("select status from approvals where project_id = ?").get(projectId)).toEqual({ status: "pending" });

    const form = main.getByRole("form", { name: "Request changes" });
    await form.getByRole("button", { name: "Request changes" }).click();
    await expect(form.getByText("Say what should change: a comment is required to request changes.")).toBeVisible();
    await form.getByLabel("Comment").fill("Bigger buttons, please.");
    await form.getByRole("button", { name: "Request changes" }).click();
    await expect(main.getByText("Changes requested. The team has been told.")).toBeVisible();
    expect(db.prepare("select status, comment from approvals where project_id = ?").get(projectId)).toEqual({
      status: "changes_requested",
      comment: "Bigger buttons, please.",
    });

    // The link is spent.
    await client.goto(link);
    await expect(client.getByTestId("link-refusal")).toHaveText("This link was already used. Each link works once.");
    await expect(client.getByRole("link", { name: "Go to the portal" })).toBeVisible();

    // Staff see the decision with its comment.
    await page.reload();
    const design = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 4, name: "Design" }) });
    await expect(design).toContainText("Bigger buttons, please.");
  } finally {
    await context.close();
  }
});
