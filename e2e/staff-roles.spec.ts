import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { invitationLink } from "./account-steps";
import { signIn } from "./fixtures";
import { insertOpening, openDatabase, pdfBytes, STORAGE_DIR, uniqueId, waitForHydration, waitForMail } from "./helpers";

// Staff are invited and choose their own password; each role opens only its own
// console sections (decision 0031). The invitee's 2FA enrolment under STAFF_2FA=required:
// e2e/staff-two-factor-journeys.spec.ts.

test("An admin invites a recruiter; the mail's link lets them choose a password and land in the console, which shows only their sections", async ({
  page,
  browser,
}) => {
  await signIn(page, { role: "employee" });
  const email = `invitee-${uniqueId()}@indigokite.dev`;
  const since = Date.now();
  await page.goto("/employee-dashboard/staff");
  await waitForHydration(page);
  await page.getByLabel("Name").fill("Rita Recruiter");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("recruiter");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email} (Recruiter).` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Pending invitations" }).getByText(email)).toBeVisible();

  const link = invitationLink(await waitForMail(email, since, /staff-invitation/));
  // The invitee's own browser: nobody is signed in there.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  try {
    await invitee.goto(link);
    await waitForHydration(invitee);
    await expect(invitee.getByRole("heading", { name: "Set up your staff account" })).toBeVisible();
    await expect(invitee.getByText(`invited as Recruiter with ${email}`)).toBeVisible();
    // Too short for staff: refused in place.
    await invitee.getByLabel("Password", { exact: true }).fill("short-pw-1");
    await invitee.getByLabel("Repeat password").fill("short-pw-1");
    await invitee.getByRole("button", { name: "Save password and sign in" }).click();
    await expect(invitee.getByText("Staff passwords need at least 12 characters.")).toBeVisible();

    await invitee.getByLabel("Password", { exact: true }).fill("rita-chose-this-password");
    await invitee.getByLabel("Repeat password").fill("rita-chose-this-password");
    await invitee.getByRole("button", { name: "Save password and sign in" }).click();
    // Two Argon2 hashes (the new password, then the sign-in): slow on a busy machine.
    await expect(invitee).toHaveURL(/\/employee-dashboard$/, { timeout: 20_000 });
    await expect(invitee.getByText(`Signed in as ${email} (Recruiter)`)).toBeVisible();
    const nav = invitee.getByRole("navigation", { name: "Console sections" });
    await expect(nav.getByRole("link")).toHaveText(["Overview", "Applications", "Openings"]);

    // The link worked once.
    await invitee.goto(link);
    await expect(invitee.getByRole("alert").filter({ hasText: "This invitation link is invalid, used or expired." })).toBeVisible();
  } finally {
    await context.close();
  }

  await page.reload();
  await expect(page.getByText("Pending invitations")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
  await expect(page.getByRole("table").getByText(email, { exact: true })).toBeVisible();
});

test("A recruiter cannot open Leads: the navigation hides it and the page answers 403 with the reason", async ({ page }) => {
  await signIn(page, { role: "employee", staffRole: "recruiter" });
  await page.goto("/employee-dashboard");
  const nav = page.getByRole("navigation", { name: "Console sections" });
  await expect(nav.getByRole("link", { name: "Applications" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Leads" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);

  const response = await page.goto("/employee-dashboard/leads");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not part of your role" })).toBeVisible();
  await expect(page.getByText("The Recruiter role does not include Leads. Ask an admin if you need it.")).toBeVisible();
  const csv = await page.request.get("/employee-dashboard/leads/export", { maxRedirects: 0 });
  expect(csv.status()).toBe(403);
});

test("Sales cannot open Applications or download a resume, though an admin can: the navigation hides it and both answer 403", async ({
  page,
  browser,
}) => {
  // A real application with a stored resume, so the refusal is the role's and not a missing file.
  const db = openDatabase();
  const key = `resumes/e2e-${uniqueId()}_cv.pdf`;
  const applicationId = `e2e-${uniqueId()}`;
  try {
    const opening = insertOpening(db);
    mkdirSync(path.dirname(path.join(STORAGE_DIR(), key)), { recursive: true });
    writeFileSync(path.join(STORAGE_DIR(), key), pdfBytes());
    db.prepare(
      "insert into job_applications (id, name, email, message, resume, resume_name, resume_type, resume_size, job_id, submitted_at) values (?, 'Ann Applicant', 'ann@example.com', '', ?, 'cv.pdf', 'pdf', ?, ?, ?)",
    ).run(applicationId, key, pdfBytes().length, opening.id, Date.now());
  } finally {
    db.close();
  }
  const resumePath = `/employee-dashboard/applications/${applicationId}/resume`;

  await signIn(page, { role: "employee", staffRole: "sales" });
  await page.goto("/employee-dashboard");
  const nav = page.getByRole("navigation", { name: "Console sections" });
  await expect(nav.getByRole("link", { name: "Leads" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Applications" })).toHaveCount(0);
  const response = await page.goto("/employee-dashboard/applications");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not part of your role" })).toBeVisible();
  await expect(page.getByText("The Sales role does not include Applications. Ask an admin if you need it.")).toBeVisible();
  const refused = await page.request.get(resumePath, { maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  expect(refused.headers()["content-disposition"]).toBeUndefined();

  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, { role: "employee", staffRole: "admin" });
    const download = await admin.request.get(resumePath, { maxRedirects: 0 });
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toContain("attachment");
  } finally {
    await adminContext.close();
  }
});

test("Delivery cannot open the Staff page: the navigation hides it and the typed address answers 403 with the reason", async ({ page }) => {
  await signIn(page, { role: "employee", staffRole: "delivery" });
  await page.goto("/employee-dashboard");
  const nav = page.getByRole("navigation", { name: "Console sections" });
  await expect(nav.getByRole("link")).toHaveText(["Overview", "Clients", "Projects", "Support"]);
  const response = await page.goto("/employee-dashboard/staff");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not part of your role" })).toBeVisible();
  await expect(page.getByText("The Delivery role does not include Staff. Ask an admin if you need it.")).toBeVisible();
});
