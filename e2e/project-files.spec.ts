import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import type Database from "better-sqlite3";
import { signIn } from "./fixtures";
import { expectAccessible } from "./account-steps";
import { eventStreamOpened, openDatabase, pdfBytes, uniqueId, waitForHydration } from "./helpers";

// Both sides upload, version and download a project's files, with the progress
// bar, several files at once, drag and drop, the live list on the other side, and the no-JS form.

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

/** A company with one project, as the console would make them; returns the project's id. */
function companyWithProject(title: string, clientIds: string[]): string {
  const companyId = randomUUID();
  const projectId = randomUUID();
  const now = Date.now();
  db.prepare(
    "insert into companies (id, name, website, country, origin, created_at, updated_at) values (?, ?, '', 'India', 'staff', ?, ?)",
  ).run(companyId, `Co ${title}`, now, now);
  db.prepare(
    "insert into projects (id, company_id, title, description, progress, status, created_at, updated_at) values (?, ?, ?, '', 0, 'in_progress', ?, ?)",
  ).run(projectId, companyId, title, now, now);
  for (const id of clientIds) db.prepare("update users set company_id = ?, client_admin = 0 where id = ?").run(companyId, id);
  return projectId;
}

const filesTab = (page: Page) => page.getByRole("list", { name: "Files" });
const row = (page: Page, name: string) =>
  filesTab(page)
    .getByTestId("file-row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });

test("Staff and a client share files both ways: several at once with a progress bar, starting on select or drop, versions only from the file's own side, a new version seen live, every version downloadable", async ({
  browser,
}) => {
  // Two people and a deliberately slow upload.
  test.setTimeout(90_000);
  const uid = uniqueId();
  const staffContext = await browser.newContext();
  const clientContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const client = await clientContext.newPage();
  await signIn(staff, { role: "employee", staffRole: "delivery" });
  const member = await signIn(client, { role: "client", emailVerified: true });
  const projectId = companyWithProject(`Rider app ${uid}`, [member.id]);

  // Staff upload two files in one go, over a slow uplink so the progress bar shows.
  await staff.goto(`/employee-dashboard/projects/${projectId}/files`);
  await waitForHydration(staff);
  const cdp = await staffContext.newCDPSession(staff);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 300 * 1024 });
  await staff.getByLabel("Choose files or drop them here").setInputFiles([
    { name: "brief.pdf", mimeType: "application/pdf", buffer: pdfBytes(600_000) },
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Kick-off notes.\n") },
  ]);
  // Choosing the files starts their upload: with JavaScript there is no second button.
  await expect(staff.getByRole("progressbar")).toBeVisible();
  await expect(staff.getByRole("button", { name: "Upload", exact: true })).toHaveCount(0);
  await expect(staff.getByRole("status").filter({ hasText: "Uploaded “brief.pdf”, “notes.txt”." })).toBeVisible({ timeout: 15_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(row(staff, "brief.pdf")).toContainText("version 1");

  // The client sees them. A file of theirs named like the agency's brief is refused, not made the
  // brief's next version: versions come only from the side that shared the file.
  const clientStream = eventStreamOpened(client, "/events/portal");
  await client.goto(`/user-dashboard/projects/${projectId}/files`);
  await waitForHydration(client);
  await clientStream;
  await expect(row(client, "notes.txt")).toBeVisible();
  const dropped = await client.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], "Brief.pdf", { type: "application/pdf" }));
      return transfer;
    },
    [...pdfBytes(2_000)],
  );
  await client.getByTestId("files-drop-zone").dispatchEvent("drop", { dataTransfer: dropped });
  await expect(
    client.getByRole("alert").filter({
      hasText: "“brief.pdf” was shared by the agency, and only the agency can add versions to it. Rename your file and upload it again.",
    }),
  ).toBeVisible();
  await expect(row(client, "brief.pdf")).toContainText("version 1");

  // Staff upload the brief's new version; the client's open tab shows it without reloading.
  await staff
    .getByLabel("Choose files or drop them here")
    .setInputFiles([{ name: "Brief.pdf", mimeType: "application/pdf", buffer: pdfBytes(2_000) }]);
  await expect(staff.getByRole("status").filter({ hasText: "Uploaded “brief.pdf” (version 2)." })).toBeVisible();
  await expect(row(client, "brief.pdf")).toContainText("version 2", { timeout: 10_000 });
  await expect(row(staff, "brief.pdf")).toContainText("version 2");
  await row(staff, "brief.pdf").getByText("Older versions (1)").click();
  const [download] = await Promise.all([
    staff.waitForEvent("download"),
    row(staff, "brief.pdf").getByRole("link", { name: "Version 1" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("brief (v1).pdf");
  const [current] = await Promise.all([
    client.waitForEvent("download"),
    row(client, "brief.pdf").getByRole("link", { name: "brief.pdf" }).click(),
  ]);
  expect(current.suggestedFilename()).toBe("brief.pdf");

  // A program in disguise is refused with its reason, and nothing is added.
  await client
    .getByLabel("Choose files or drop them here")
    .setInputFiles([
      { name: "invoice.pdf", mimeType: "application/pdf", buffer: Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(512)]) },
    ]);
  await expect(client.getByRole("alert").filter({ hasText: "“invoice.pdf” is a program; programs can't be shared here." })).toBeVisible();
  await expect(filesTab(client).getByTestId("file-row")).toHaveCount(2);
  await staffContext.close();
  await clientContext.close();
});

test("Without JavaScript a client uploads files with the plain form and comes back to the tab with the outcome", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const member = await signIn(page, { role: "client", emailVerified: true });
  const projectId = companyWithProject(`Site ${uniqueId()}`, [member.id]);
  await page.goto(`/user-dashboard/projects/${projectId}/files`);
  await page.getByLabel("Choose files or drop them here").setInputFiles([
    { name: "logo-brief.txt", mimeType: "text/plain", buffer: Buffer.from("Use the blue logo.\n") },
    { name: "budget.csv", mimeType: "text/csv", buffer: Buffer.from("item,amount\nDesign,1200\n") },
  ]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/user-dashboard/projects/${projectId}/files\\?upload=done$`));
  await expect(page.getByText("Your files are uploaded.")).toBeVisible();
  await expect(row(page, "logo-brief.txt")).toBeVisible();
  await expect(row(page, "budget.csv")).toContainText("CSV");
  await context.close();
});

/** A file row as an upload leaves it (the bytes are not needed to list it). */
function fileOf(projectId: string, name: string, now = Date.now()): string {
  const fileId = randomUUID();
  db.prepare(
    "insert into project_files (id, project_id, name, name_key, side, created_by, created_at, updated_at, current_version) values (?, ?, ?, ?, 'staff', null, ?, ?, 1)",
  ).run(fileId, projectId, name, name.toLowerCase(), now, now);
  db.prepare(
    "insert into file_versions (id, file_id, project_id, version, storage_key, size, content_type, kind, sha256, thumbnail_key, uploaded_by, uploaded_by_name, side, created_at) values (?, ?, ?, 1, ?, 10, 'application/pdf', 'pdf', ?, null, null, 'Priya', 'staff', ?)",
  ).run(randomUUID(), fileId, projectId, `e2e/${fileId}`, "0".repeat(64), now);
  return fileId;
}

test("Without JavaScript staff ask for a file's approval and come back to the Files tab with the outcome", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, { role: "employee", staffRole: "delivery" });
  const projectId = companyWithProject(`Approvals ${uniqueId()}`, []);
  const fileId = fileOf(projectId, "final-logo.pdf");
  await page.goto(`/employee-dashboard/projects/${projectId}/files`);
  await row(page, "final-logo.pdf").getByText("Ask for approval…").click();
  await row(page, "final-logo.pdf").getByLabel("Note for the client (optional)").fill("Is this the logo you want?");
  await row(page, "final-logo.pdf").getByRole("button", { name: "Ask for approval of final-logo.pdf" }).click();
  // The form names its file, so the answer is the page of the tab that holds it.
  await expect(page).toHaveURL(new RegExp(`/employee-dashboard/projects/${projectId}/files\\?file=${fileId}$`));
  await expect(
    row(page, "final-logo.pdf").getByText("Approval requested. The client's members can decide in their portal now."),
  ).toBeVisible();
  await expect(row(page, "final-logo.pdf").getByText("Waiting for approval")).toBeVisible();
  await context.close();
});

test("Without JavaScript an admin deletes a project through its confirmation: it is gone, with its files", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, { role: "employee" });
  const title = `Doomed ${uniqueId()}`;
  const projectId = companyWithProject(title, []);
  fileOf(projectId, "old-brief.pdf");
  await page.goto(`/employee-dashboard/projects/${projectId}`);
  await page.getByRole("link", { name: "Delete project…" }).click();
  await expect(page).toHaveURL(new RegExp(`/employee-dashboard/projects/${projectId}\\?confirm=delete$`));
  await expect(page.getByRole("group").getByText(`Delete “${title}” for good?`)).toBeVisible();
  await page.getByRole("button", { name: "Yes, delete project" }).click();
  await expect(page).toHaveURL(/\/employee-dashboard\/projects\?notice=project-deleted$/);
  await expect(page.getByText("Project deleted, with its milestones, approvals, files and history.").first()).toBeVisible();
  expect(db.prepare("select count(*) as n from project_files where project_id = ?").get(projectId)).toEqual({ n: 0 });
  const gone = await page.goto(`/employee-dashboard/projects/${projectId}`);
  expect(gone?.status()).toBe(404);
  await context.close();
});

test("A project's Files tab shows twenty files a page, and a link naming an older file opens the page that holds it", async ({ page }) => {
  await signIn(page, { role: "employee", staffRole: "delivery" });
  const projectId = companyWithProject(`Many files ${uniqueId()}`, []);
  const start = Date.now() - 60_000;
  // file-00 changed first (the oldest, alone on page 2), file-20 last.
  const ids = Array.from({ length: 21 }, (_, i) => fileOf(projectId, `file-${String(i).padStart(2, "0")}.pdf`, start + i * 1_000));
  await page.goto(`/employee-dashboard/projects/${projectId}/files`);
  await waitForHydration(page);
  await expect(filesTab(page).getByTestId("file-row")).toHaveCount(20);
  await expect(row(page, "file-20.pdf")).toBeVisible();
  await expect(row(page, "file-00.pdf")).toHaveCount(0);
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager).toContainText("Page 1 of 2");
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(pager).toContainText("Page 2 of 2");
  await expect(filesTab(page).getByTestId("file-row")).toHaveCount(1);
  await expect(row(page, "file-00.pdf")).toBeVisible();
  await expectAccessible(page, "the Files tab's second page");

  // An activity entry's or an approval's link names the file: its page, scrolled to its row.
  await page.goto(`/employee-dashboard/projects/${projectId}/files?file=${ids[0]}#file-${ids[0]}`);
  await expect(pager).toContainText("Page 2 of 2");
  await expect(row(page, "file-00.pdf")).toBeInViewport();
});
