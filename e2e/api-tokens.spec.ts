import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signIn } from "./fixtures";
import { openDatabase, uniqueId, waitForHydration } from "./helpers";

// Decision 0104: an admin makes an API token in the console, copies it once, and `curl` lists the
// leads with it; once revoked, the same call is refused.

function curl(url: string, token: string): { status: number; body: string } {
  const out = execFileSync("curl", ["-sS", "-H", `Authorization: Bearer ${token}`, "-w", "\n%{http_code}", url], { encoding: "utf8" });
  const cut = out.lastIndexOf("\n");
  return { status: Number(out.slice(cut + 1)), body: out.slice(0, cut) };
}

test("An admin creates a token in the console and curl lists the leads with it; revoked, it opens nothing", async ({ page, baseURL }) => {
  const leadName = `Api Lead ${uniqueId()}`;
  const db = openDatabase();
  try {
    db.prepare(
      "insert into quotes (id, name, email, phone, country, requirement, submitted_at, status) values (?, ?, 'api-lead@example.com', '+91 98200 12345', '', 'From the site.', ?, 'new')",
    ).run(randomUUID(), leadName, Date.now());
  } finally {
    db.close();
  }

  await signIn(page, { role: "employee" });
  await page.goto("/employee-dashboard/settings");
  await page.getByRole("link", { name: "API tokens" }).click();
  await expect(page.getByRole("heading", { name: "API tokens", level: 2 })).toBeVisible();
  await waitForHydration(page);

  const tokenName = `CRM sync ${uniqueId()}`;
  await page.getByLabel("Name").fill(tokenName);
  await page.getByLabel("Expires after").selectOption("30");
  await page.getByRole("group", { name: "Leads" }).getByLabel("Read", { exact: true }).check();
  await page.getByRole("button", { name: "Create token" }).click();
  const shown = page.getByTestId("new-api-token");
  await expect(shown).toHaveValue(/^ak_/);
  const token = await shown.inputValue();
  const row = page.getByTestId("api-token-row").filter({ hasText: tokenName });
  await expect(row).toContainText("leads:read");
  await expect(row).toContainText("Never");

  // Every page of the new leads, by the cursor each page gives.
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const listed = curl(`${baseURL}/api/v1/leads?status=new&limit=100${cursor ? `&cursor=${cursor}` : ""}`, token);
    expect(listed.status).toBe(200);
    const batch = JSON.parse(listed.body) as { data: { name: string }[]; nextCursor: string | null };
    names.push(...batch.data.map((lead) => lead.name));
    cursor = batch.nextCursor;
  } while (cursor);
  expect(names).toContain(leadName);
  // Its scope is leads only.
  expect(curl(`${baseURL}/api/v1/companies`, token).status).toBe(403);

  await page.reload();
  await expect(row).not.toContainText("Never");
  await row.getByRole("button", { name: `Revoke ${tokenName}` }).click();
  await expect(row).toContainText("Revoked");
  const refused = curl(`${baseURL}/api/v1/leads`, token);
  expect(refused.status).toBe(401);
  expect(JSON.parse(refused.body)).toMatchObject({ status: 401, detail: "This token was revoked." });

  // The reference staff read, rendered from the OpenAPI document.
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page.getByRole("heading", { name: "API reference", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "GET /api/v1/leads", exact: true, level: 4 })).toBeVisible();
  await expect(page.locator("#schema-Lead")).toContainText("submittedAt");
});
