import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import type Database from "better-sqlite3";
import { signIn } from "./fixtures";
import { openDatabase, uniqueId, waitForHydration } from "./helpers";
import { insertCompanyWithProject } from "./seed-rows";

// Decision 0105: an admin limits a delivery member to the companies they are assigned to; signed
// in as that member, nothing of another company appears anywhere in the console.

let db: Database.Database;
test.beforeAll(() => {
  db = openDatabase();
});
test.afterAll(() => {
  db?.close();
});

function insertRequest(companyId: string, subject: string): string {
  const id = randomUUID();
  const now = Date.now();
  db.prepare(
    "insert into complaints (id, company_id, created_by, subject, message, status, created_at, updated_at, waiting_since) values (?, ?, null, ?, 'It stopped working.', 'Pending', ?, ?, ?)",
  ).run(id, companyId, subject, now, now, now);
  return id;
}

test("An admin limits a delivery member to company A; signed in as them, nothing of company B appears in clients, desk or search, and B's page is 404", async ({
  page,
  browser,
}) => {
  const uid = uniqueId();
  const alder = insertCompanyWithProject(db, `alder-${uid}`);
  const birch = insertCompanyWithProject(db, `birch-${uid}`);
  db.prepare("update companies set name = ? where id = ?").run(`Alder Works ${uid}`, alder.companyId);
  db.prepare("update companies set name = ? where id = ?").run(`Birch Works ${uid}`, birch.companyId);
  insertRequest(alder.companyId, `Alder login fails ${uid}`);
  insertRequest(birch.companyId, `Birch login fails ${uid}`);

  const memberContext = await browser.newContext();
  const member = await signIn(memberContext, { role: "employee", staffRole: "delivery" });
  await signIn(page, { role: "employee" });

  // The Staff page: the row's menu limits them.
  await page.goto("/employee-dashboard/staff");
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: member.email });
  await expect(row.getByText("Assigned companies only")).toHaveCount(0);
  await row.getByRole("button", { name: `Actions for ${member.name} (${member.email})` }).click();
  await page.getByRole("menuitem", { name: `Limit ${member.name} (${member.email}) to their assigned companies` }).click();
  await expect(page.getByText(`${member.email} now sees only the companies they are assigned to.`)).toBeVisible();
  await expect(row.getByText("Assigned companies only")).toBeVisible();

  // Company A's page: they join its team.
  await page.goto(`/employee-dashboard/clients/${alder.companyId}`);
  await waitForHydration(page);
  const team = page.getByRole("region", { name: "Account team" });
  await team.getByLabel("Add to the team").selectOption({ label: `${member.name} (Delivery)` });
  await team.getByRole("button", { name: "Add to team" }).click();
  await expect(team.getByText("They are on the team now.")).toBeVisible();
  await expect(team.getByRole("list", { name: "Assigned staff" }).getByText(member.name)).toBeVisible();

  const limited = await memberContext.newPage();
  try {
    await limited.goto("/employee-dashboard/clients");
    await expect(limited.getByRole("link", { name: `Alder Works ${uid}` })).toBeVisible();
    await expect(limited.getByText(`Birch Works ${uid}`)).toHaveCount(0);

    await limited.goto("/employee-dashboard/support");
    await expect(limited.getByText(`Alder login fails ${uid}`)).toBeVisible();
    await expect(limited.getByText(`Birch login fails ${uid}`)).toHaveCount(0);

    await limited.goto("/employee-dashboard/projects");
    await expect(limited.getByText(alder.title)).toBeVisible();
    await expect(limited.getByText(birch.title)).toHaveCount(0);

    // Search everywhere, as its page (the palette's data): A's company and project, none of B's.
    await limited.goto(`/employee-dashboard/search?q=${encodeURIComponent(`works ${uid}`)}`);
    await expect(limited.getByRole("link", { name: new RegExp(`Alder Works ${uid}`) })).toBeVisible();
    await expect(limited.getByText(`Birch Works ${uid}`)).toHaveCount(0);
    await limited.goto(`/employee-dashboard/search?q=${encodeURIComponent(`birch ${uid}`)}`);
    await expect(limited.getByText(/Birch/)).toHaveCount(0);

    // B's pages by their address: "not found", as for an id that does not exist.
    const direct = await limited.goto(`/employee-dashboard/clients/${birch.companyId}`);
    expect(direct?.status()).toBe(404);
    await expect(limited.getByText(`Birch Works ${uid}`)).toHaveCount(0);
    expect((await limited.goto(`/employee-dashboard/projects/${birch.projectId}`))?.status()).toBe(404);
    expect((await limited.goto(`/employee-dashboard/clients/${alder.companyId}`))?.status()).toBe(200);
  } finally {
    await memberContext.close();
  }
});
