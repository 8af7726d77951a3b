import { createHash, randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { clientInvitationLink } from "./account-steps";
import { signIn } from "./fixtures";
import { openDatabase, uniqueId, waitForHydration, waitForMail } from "./helpers";

// Decision 0034: staff invite a person to a company, the invitee chooses a
// password from the mailed link and lands in the portal; dead links say so; a client admin
// invites a teammate from the Team page.

/** A company made directly in the server's database (the console's company pages are elsewhere). */
function insertCompany(name: string): string {
  const id = randomUUID();
  const db = openDatabase();
  try {
    const now = Date.now();
    db.prepare(
      "insert into companies (id, name, website, country, origin, created_at, updated_at, closed_at) values (?, ?, '', '', 'staff', ?, ?, null)",
    ).run(id, name, now, now);
  } finally {
    db.close();
  }
  return id;
}

test("Staff invite a person to a company; the mailed link lets them choose a password and lands them in the portal", async ({
  page,
  browser,
}) => {
  const company = `Acme ${uniqueId()}`;
  const companyId = insertCompany(company);
  await signIn(page, { role: "employee", staffRole: "sales" });
  const email = `carla-${uniqueId()}@example.com`;
  const since = Date.now();
  await page.goto(`/employee-dashboard/clients/${companyId}/invite`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: `Invite a person to ${company}` })).toBeVisible();
  await page.getByLabel("Name").fill("Carla Client");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Client admin").check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  // The notice leaves the address bar once shown, which can be before this check looks.
  await expect(page).toHaveURL(new RegExp(`/employee-dashboard/clients/${companyId}(\\?notice=client-invited)?$`));
  await expect(page.getByText("Invitation sent. The link works for 7 days.")).toBeVisible();

  const link = clientInvitationLink(await waitForMail(email, since, /invitation\?token/));
  const context = await browser.newContext();
  const invitee = await context.newPage();
  try {
    await invitee.goto(link);
    await waitForHydration(invitee);
    await expect(invitee.getByRole("heading", { name: `Join ${company}` })).toBeVisible();
    await expect(invitee.getByText(email)).toBeVisible();
    await invitee.getByLabel("Password", { exact: true }).fill("short-1");
    await invitee.getByLabel("Repeat password").fill("short-1");
    await invitee.getByRole("button", { name: "Save password and sign in" }).click();
    await expect(invitee.getByText("Passwords need at least 10 characters.")).toBeVisible();
    await invitee.getByLabel("Password", { exact: true }).fill("carla-chose-this-password");
    await invitee.getByLabel("Repeat password").fill("carla-chose-this-password");
    await invitee.getByRole("button", { name: "Save password and sign in" }).click();
    // The notice leaves the address bar once shown.
    await expect(invitee).toHaveURL(/\/user-dashboard(\?notice=invitation-accepted)?$/);
    await expect(invitee.getByText("Welcome! You have joined your company's client portal.")).toBeVisible();
    // The link is spent: opening it again says so.
    await invitee.goto(link);
    await expect(invitee.getByText("This invitation was already accepted.")).toBeVisible();
  } finally {
    await context.close();
  }
});

test("Expired and revoked links show a page that says so and how to ask for a new one", async ({ page }) => {
  const companyId = insertCompany(`Dead Links ${uniqueId()}`);
  const db = openDatabase();
  const tokens = { expired: randomBytes(32).toString("base64url"), revoked: randomBytes(32).toString("base64url") };
  try {
    const now = Date.now();
    const insert = db.prepare(
      "insert into client_invitations (id, company_id, email, name, client_admin, token_hash, invited_by, created_at, expires_at, accepted_at, revoked_at) values (?, ?, ?, 'X', 0, ?, 'someone', ?, ?, null, ?)",
    );
    insert.run(
      randomUUID(),
      companyId,
      `old-${uniqueId()}@example.com`,
      createHash("sha256").update(tokens.expired).digest("hex"),
      now - 10 * 86_400_000,
      now - 3 * 86_400_000,
      null,
    );
    insert.run(
      randomUUID(),
      companyId,
      `gone-${uniqueId()}@example.com`,
      createHash("sha256").update(tokens.revoked).digest("hex"),
      now,
      now + 86_400_000,
      now,
    );
  } finally {
    db.close();
  }
  await page.goto(`/invitation?token=${tokens.expired}`);
  await expect(page.getByRole("alert").filter({ hasText: "This invitation link has expired" })).toBeVisible();
  await expect(page.getByText("ask the person who invited you to send it again")).toBeVisible();
  await page.goto(`/invitation?token=${tokens.revoked}`);
  await expect(
    page.getByRole("alert").filter({ hasText: "This invitation link was withdrawn, or replaced by a newer one." }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Save password and sign in" })).toHaveCount(0);
});

test("A client admin sees the team and invites a teammate from the Team page; the mail goes out", async ({ page }) => {
  const companyId = insertCompany(`Team Co ${uniqueId()}`);
  const admin = await signIn(page, { role: "client", emailVerified: true });
  const db = openDatabase();
  try {
    db.prepare("update users set company_id = ?, client_admin = 1 where id = ?").run(companyId, admin.id);
  } finally {
    db.close();
  }
  await page.goto("/user-dashboard/team");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Team" })).toBeVisible();
  await expect(page.getByRole("cell", { name: admin.email, exact: true })).toBeVisible();
  const email = `mate-${uniqueId()}@example.com`;
  const since = Date.now();
  await page.getByLabel("Name").fill("Mo Mate");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Pending invitations" }).getByText(email)).toBeVisible();
  expect(await waitForMail(email, since, /invitation\?token/)).toMatch(/client portal/);
});
