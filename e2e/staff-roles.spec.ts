import { expect, test } from "@playwright/test";
import { signIn } from "./fixtures";
import { uniqueId, waitForHydration, waitForMail } from "./helpers";

// Issue 15 part 3: staff are invited and choose their own password; each role opens only its own
// console sections (decision 0031). The 2FA enrolment step of the invitee joins at merge (issue 15).

/** The invitation link of a stored .eml (quoted-printable: soft breaks and "=3D"). */
function invitationLink(eml: string): string {
  const text = eml.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const match = /https?:\/\/[^\s"<>]+\/staff-invitation\?token=[\w%-]+/.exec(text);
  if (!match) throw new Error("no invitation link in the mail");
  return match[0];
}

test("An admin invites a recruiter; the mail's link lets them choose a password and land in the console, which shows only their sections", async ({ page, browser }) => {
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
