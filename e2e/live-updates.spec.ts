import { expect, test } from "@playwright/test";
import { signIn } from "./fixtures";
import { ensureCompanyOf, openDatabase, waitForHydration } from "./helpers";

// Live pages reload their data when the server says something changed, and a form's change says
// so too: that reload must not take the form's answer off the screen (decision 0092).

test("A form's message stays on screen when the live update its own change sent reloads the page", async ({ page, browser }) => {
  const client = await signIn(await browser.newPage(), { role: "client", emailVerified: true });
  const companyId = ensureCompanyOf(client.id);
  const db = openDatabase();
  const company = (db.prepare("select name from companies where id = ?").get(companyId) as { name: string }).name;
  db.close();
  await signIn(page, { role: "employee", staffRole: "finance" });
  await page.goto("/employee-dashboard/billing/new");
  const main = page.getByRole("main");
  await main.getByLabel("Client").selectOption({ label: company });
  await main.getByRole("button", { name: "Create draft" }).click();
  await waitForHydration(page);
  await main.getByLabel("Currency").fill("EUR");
  const line = main.getByRole("group", { name: "Lines" }).getByRole("listitem").first();
  await line.getByLabel("Line 1: description").fill("Support hours");
  await line.getByLabel("Quantity").fill("1");
  await line.getByLabel("Unit price").fill("200");
  await line.getByLabel("Tax (%)").fill("0");
  await main.getByRole("button", { name: "Save draft" }).click();
  await expect(main.getByTestId("draft-total")).toHaveText(/200\.00/);
  await main.getByRole("link", { name: "Issue…" }).click();
  await main.getByRole("button", { name: "Issue invoice" }).click();
  await expect(page).toHaveURL(/\?issued=/);
  await waitForHydration(page);

  await main.getByLabel("Amount (EUR)").fill("50");
  await main.getByRole("button", { name: "Record payment" }).click();
  const message = main.getByRole("status").filter({ hasText: "Payment recorded" });
  await expect(message).toBeVisible();
  // The payment's event reaches this page within a few hundred milliseconds and reloads it (or
  // rides on the action's own reload when it arrives first); either way the answer stays.
  await page.waitForTimeout(1_500);
  await expect(message).toBeVisible();
  await expect(main.getByTestId("invoice-balance")).toHaveText(/150\.00/);
});
