import { createHash, randomBytes, randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./account-steps";
import { signIn } from "./fixtures";
import { ensureCompanyOf, openDatabase, storeTheme, uniqueId, waitForHydration, waitForMail } from "./helpers";
import { insertLead } from "./seed-rows";

// A lead's proposal from the mail's link to the signature (decision 0093). The proposal is written
// as sending leaves it (the console that sends it is another journey): a sent version and a
// single-use link whose token only this spec knows.

const CONTENT = {
  title: "Website redesign",
  currency: "EUR",
  sections: [{ heading: "Scope", body: "A new site in **six weeks**." }],
  phases: [{ title: "Discovery", description: "Workshops", dueInDays: 7 }],
  items: [
    {
      id: "design",
      description: "Design, days",
      quantityMilli: 10_000,
      unitPrice: 9_000,
      taxRateBp: 2000,
      optional: false,
      included: true,
    },
    { id: "seo", description: "SEO audit", quantityMilli: 1_000, unitPrice: 45_000, taxRateBp: 700, optional: true, included: false },
  ],
  depositBp: 3000,
  validUntil: "2099-12-31",
  terms: "Payment within 14 days of each invoice.",
};

/** A lead with a sent proposal (or, with `companyId`, a proposal to that company); returns the link's token. */
function seedProposal(companyId: string | null = null, { countersign = false } = {}): { token: string; email: string; id: string } {
  const db = openDatabase();
  const uid = uniqueId();
  const email = `lena-${uid}@bakery.example`;
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const id = randomUUID();
  const content = JSON.stringify(CONTENT);
  try {
    const leadId = companyId ? null : insertLead(db, `Lena ${uid}`, email);
    db.transaction(() => {
      db.prepare(
        `insert into proposals (id, lead_id, company_id, client_name, client_email, owner_id, status, draft, sent_version, countersign,
          version, sent_at, first_viewed_at, accepted_at, declined_at, decline_reason, project_id, invoice_id, created_by, created_at, updated_at)
         values (?, ?, ?, ?, ?, null, 'sent', ?, 1, ?, 3, ?, null, null, null, null, null, null, null, ?, ?)`,
      ).run(id, leadId, companyId, `Lena's Bakery ${uid}`, email, content, countersign ? 1 : 0, now, now, now);
      db.prepare(
        "insert into proposal_versions (id, proposal_id, number, content, content_sha256, sent_by, sent_at) values (?, ?, 1, ?, ?, null, ?)",
      ).run(randomUUID(), id, content, createHash("sha256").update(content).digest("hex"), now);
      db.prepare(
        `insert into proposal_links (id, proposal_id, email, token_hash, created_at, expires_at, opened_at, revoked_at)
         values (?, ?, ?, ?, ?, ?, null, null)`,
      ).run(randomUUID(), id, email, createHash("sha256").update(token).digest("hex"), now, now + 14 * 86_400_000);
    }).immediate();
  } finally {
    db.close();
  }
  return { token, email, id };
}

async function openLink(page: Page, token: string) {
  await page.goto(`/proposal/${token}`);
  await expect(page).toHaveURL(/\/proposal\/view\//);
  await expect(page.getByRole("heading", { name: "Website redesign", level: 1 })).toBeVisible();
}

test("A lead opens the link, adds the optional item, signs with a drawing; the link is then used; light and dark pass axe", async ({
  page,
}) => {
  const { token, id } = seedProposal();
  await openLink(page, token);
  expect(page.url()).not.toContain(token);
  await waitForHydration(page);
  await expect(page.getByText("six weeks")).toBeVisible();
  await expectAccessible(page, "proposal, light");
  await storeTheme(page, "dark");
  await page.reload();
  await waitForHydration(page);
  await expectAccessible(page, "proposal, dark");

  const total = page.getByTestId("proposal-total");
  const before = await total.textContent();
  await page.getByRole("checkbox", { name: /SEO audit/ }).check();
  await expect(total).not.toHaveText(before!);

  const pad = page.getByRole("img", { name: "Signature drawing area" });
  await expect(pad).toBeVisible();
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 80, { steps: 5 });
  await page.mouse.move(box.x + 200, box.y + 30, { steps: 5 });
  await page.mouse.up();
  await expect(page.locator('input[name="drawnSignature"]')).toHaveValue(/^M/);

  await page.getByRole("button", { name: "Sign and accept" }).click();
  await expect(page.getByText("Type your full name to sign.")).toBeVisible();
  await page.getByLabel("Your full name").fill("Lena Lead");
  await page.getByRole("checkbox", { name: "I agree to sign electronically" }).check();
  await page.getByRole("button", { name: "Sign and accept" }).click();
  await expect(page.getByRole("heading", { name: "Signed. Your project has started." })).toBeVisible();
  await expect(page.getByTestId("document-sha256")).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByText(/Check your e-mail to set your password/)).toBeVisible();
  const db = openDatabase();
  try {
    const signature = db.prepare("select drawn_signature from proposal_signatures where proposal_id = ?").get(id) as {
      drawn_signature: string;
    };
    expect(signature.drawn_signature).toMatch(/^M[\d.]+ [\d.]+ L/);
  } finally {
    db.close();
  }

  await page.goto(`/proposal/${token}`);
  await expect(page.getByTestId("link-refusal")).toContainText("This link was already used");
  await page.getByRole("button", { name: "Mail me a new link" }).click();
  await expect(page.getByText("If this proposal is still open, a new link is on its way to the address it was sent to.")).toBeVisible();
});

test("A lead declines with a reason and sees the declined state", async ({ page }) => {
  const { token } = seedProposal();
  await openLink(page, token);
  await page.getByLabel("Why not? (optional)").fill("We will wait until spring.");
  await page.getByRole("button", { name: "Decline this proposal" }).click();
  await expect(page.getByRole("heading", { name: "You declined this proposal." })).toBeVisible();
  await expect(page.getByText("Your reason: We will wait until spring.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign and accept" })).toHaveCount(0);
});

test("A company member finds the proposal in the portal, signs it and is shown the project and the deposit invoice", async ({ page }) => {
  const user = await signIn(page, { role: "client", emailVerified: true });
  seedProposal(ensureCompanyOf(user.id));
  await page.goto("/user-dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Proposals" }).click();
  await page.getByRole("list", { name: "Open proposals" }).getByRole("link", { name: "Website redesign" }).click();
  await expect(page.getByRole("heading", { name: "Website redesign", level: 1 })).toBeVisible();
  await waitForHydration(page);
  await expectAccessible(page, "portal proposal, light");
  await page.getByLabel("Your full name").fill("Mia Member");
  await page.getByRole("checkbox", { name: "I agree to sign electronically" }).check();
  await page.getByRole("button", { name: "Sign and accept" }).click();
  await expect(page.getByRole("heading", { name: "Signed. Your project has started." })).toBeVisible();
  await expect(page.getByRole("link", { name: "See the deposit invoice" })).toBeVisible();
  await page.getByRole("link", { name: "Open the project" }).click();
  await expect(page).toHaveURL(/\/user-dashboard\/projects\//);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Update total re-renders with the chosen item, and signing works", async ({ page }) => {
    const { token } = seedProposal();
    await openLink(page, token);
    const total = page.getByTestId("proposal-total");
    const before = await total.textContent();
    await page.getByRole("checkbox", { name: /SEO audit/ }).check();
    await page.getByRole("button", { name: "Update total" }).click();
    await expect(total).not.toHaveText(before!);
    await expect(page.getByRole("checkbox", { name: /SEO audit/ })).toBeChecked();
    await page.getByLabel("Your full name").fill("Lena Lead");
    await page.getByRole("checkbox", { name: "I agree to sign electronically" }).check();
    await page.getByRole("button", { name: "Sign and accept" }).click();
    await expect(page.getByRole("heading", { name: "Signed. Your project has started." })).toBeVisible();
  });
});

test("When the agency countersigns: the client signs and is told the agency signs next; staff countersign in the console; then the signed PDF is theirs", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const { token, id, email } = seedProposal(null, { countersign: true });
  await openLink(page, token);
  await waitForHydration(page);
  await page.getByLabel("Your full name").fill("Lena Lead");
  await page.getByRole("checkbox", { name: "I agree to sign electronically" }).check();
  await page.getByRole("button", { name: "Sign and accept" }).click();
  await expect(page.getByRole("heading", { name: "Signed. Your project has started." })).toBeVisible();
  await expect(page.getByText("The agency countersigns it next; you will receive the signed PDF by e-mail then.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the signed PDF" })).toHaveCount(0);

  const console = await browser.newContext();
  const staff = await console.newPage();
  await signIn(staff, { role: "employee", staffRole: "admin" });
  await staff.goto(`/employee-dashboard/proposals/${id}`);
  const countersign = staff.getByRole("region", { name: "Countersign" });
  await expect(countersign).toBeVisible();
  await expectAccessible(staff, "countersign form");
  // No consent: refused beside the box, nothing signed.
  await countersign.getByLabel("Your full name").fill("Carla Countersign");
  await countersign.getByRole("button", { name: "Countersign" }).click();
  await expect(countersign.getByText("Tick the box to agree to sign electronically.")).toBeVisible();
  await expect(countersign.getByLabel("Your full name")).toHaveValue("Carla Countersign");
  const since = Date.now();
  await countersign.getByRole("checkbox", { name: "I agree to sign electronically" }).check();
  await countersign.getByRole("button", { name: "Countersign" }).click();
  await expect(staff.getByText("Countersigned. Both sides receive the signed PDF by e-mail.")).toBeVisible();
  await expect(staff.getByRole("region", { name: "Countersign" })).toHaveCount(0);
  await expect(staff.getByTestId("proposal-signature")).toHaveCount(2);

  // The signer's mail carries both signatures and the PDF; their page says so.
  const mail = await waitForMail(email, since, /countersigned it/);
  expect(mail).toMatch(/Carla Countersign/);
  expect(mail).toMatch(/application\/pdf/);
  await page.reload();
  await expect(page.getByText("The signed PDF is in your e-mail.")).toBeVisible();
  const download = staff.getByRole("link", { name: "Download the signed PDF" });
  const pdf = await staff.request.get((await download.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await console.close();
});
