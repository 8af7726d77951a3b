import { randomUUID } from "node:crypto";
import http from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { startStripeStandIn, type StripeStandIn } from "../tests/helpers/stripe-stand-in";
import { expectAccessible } from "./account-steps";
import { signIn } from "./fixtures";
import {
  DATABASE_FILE,
  ensureCompanyOf,
  openDatabase,
  startIsolatedServer,
  storeTheme,
  uniqueId,
  waitForHydration,
  type IsolatedServer,
} from "./helpers";

// The portal's Billing (decision 0086). Invoices are written as issued rows with
// totals that add up (what issuing stores); the console that issues them is another journey.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** An issued EUR invoice: 2 × 150.00 at 20 % → net 30000, tax 6000, total 36000 cents. */
function seedInvoice(companyId: string, { dueIn, file = DATABASE_FILE() }: { dueIn: number; file?: string }) {
  const db = openDatabase(file);
  const id = randomUUID();
  const number = `INV-E2E-${uniqueId()}`;
  const now = Date.now();
  try {
    db.transaction(() => {
      db.prepare(
        `insert into invoices (id, kind, company_id, status, number, currency, issue_date, due_date, net_days, discount_bp, notes,
          terms, tax_note, client_tax_id, billing_name, billing_address, billing_email, agency_snapshot, subtotal, discount,
          tax_total, total, paid, credited, corrects_invoice_id, void_reason, voided_at, voided_by, issued_at, issued_by,
          sent_at, viewed_at, pdf_file_key, pdf_sha256, version, created_by, created_at, updated_at)
         values (?, 'invoice', ?, 'issued', ?, 'EUR', ?, ?, 14, 0, '', '', null, '', 'Kestrel GmbH', 'Hauptstraße 1', '', null,
          30000, 0, 6000, 36000, 0, 0, null, null, null, null, ?, null, null, null, null, null, 1, null, ?, ?)`,
      ).run(id, companyId, number, day(dueIn - 14), day(dueIn), now, now, now);
      db.prepare(
        `insert into invoice_lines (id, invoice_id, position, description, quantity_milli, unit_price, tax_rate_bp, net, tax,
          project_id, milestone_id, corrects_line_id) values (?, ?, 0, 'Design, days', 2000, 15000, 2000, 30000, 6000, null, null, null)`,
      ).run(randomUUID(), id);
    }).immediate();
  } finally {
    db.close();
  }
  return { id, number };
}

async function clientWithInvoices(page: Page, file?: string, baseURL?: string) {
  const user = await signIn(page, { role: "client", emailVerified: true, databaseFile: file, baseURL });
  const companyId = ensureCompanyOf(user.id, file);
  const due = seedInvoice(companyId, { dueIn: 10, file });
  const overdue = seedInvoice(companyId, { dueIn: -3, file });
  return { user, companyId, due, overdue };
}

test("A client admin sees what they owe, opens the invoice and downloads its PDF; light and dark pass axe", async ({ page }) => {
  const { due, overdue } = await clientWithInvoices(page);
  await page.goto("/user-dashboard");
  const owe = page.getByRole("region", { name: /What you owe/ });
  await expect(owe.getByRole("link")).toHaveText([`Invoice ${overdue.number}`, `Invoice ${due.number}`]);
  await expect(owe.getByText("Overdue")).toBeVisible();

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Billing" }).click();
  await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
  await expect(page.getByText("€720.00")).toBeVisible();
  await expect(page.getByText("€360.00 overdue")).toBeVisible();
  const open = page.getByRole("table", { name: "Open invoices" });
  await expect(open.getByRole("row").nth(1)).toContainText(overdue.number);
  await expect(open.getByRole("row").nth(1)).toContainText("Overdue");
  await expectAccessible(page, "billing, light");

  await open.getByRole("link", { name: due.number }).click();
  await expect(page.getByRole("heading", { name: `Invoice ${due.number}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("invoice-status")).toHaveText("Viewed");
  await expect(page.getByText("Design, days")).toBeVisible();
  await expect(page.getByText("No payments yet.")).toBeVisible();
  await expectAccessible(page, "invoice, light");

  const pdf = await page.request.get(`/user-dashboard/billing/${due.id}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect((await pdf.body()).subarray(0, 4).toString("latin1")).toBe("%PDF");

  await storeTheme(page, "dark");
  await page.goto("/user-dashboard/billing");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page, "billing, dark");
  await page.goto(`/user-dashboard/billing/${due.id}`);
  await expectAccessible(page, "invoice, dark");
});

test("Another company's member gets 404 for the invoice and its PDF; a member who does not receive invoices has no Billing", async ({
  browser,
}) => {
  const owner = await browser.newPage();
  const { due, companyId } = await clientWithInvoices(owner);
  const stranger = await browser.newPage();
  await signIn(stranger, { role: "client", emailVerified: true });
  expect((await stranger.goto(`/user-dashboard/billing/${due.id}`))?.status()).toBe(404);
  expect((await stranger.request.get(`/user-dashboard/billing/${due.id}/pdf`)).status()).toBe(404);

  const member = await browser.newPage();
  const plain = await signIn(member, { role: "client", emailVerified: true });
  const db = openDatabase();
  try {
    db.prepare("update users set company_id = ?, client_admin = 0, receives_invoices = null where id = ?").run(companyId, plain.id);
  } finally {
    db.close();
  }
  await member.goto("/user-dashboard");
  await expect(member.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Team" })).toBeVisible();
  await expect(member.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Billing" })).toHaveCount(0);
  await expect(member.getByRole("region", { name: /What you owe/ })).toHaveCount(0);
  expect((await member.goto("/user-dashboard/billing"))?.status()).toBe(404);
  expect((await member.goto(`/user-dashboard/billing/${due.id}`))?.status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("The Billing list and an invoice render from the server", async ({ page }) => {
    const { due } = await clientWithInvoices(page);
    await page.goto("/user-dashboard/billing");
    await expect(page.getByRole("table", { name: "Open invoices" }).getByRole("link", { name: due.number })).toBeVisible();
    await page.getByRole("link", { name: due.number }).click();
    await expect(page.getByRole("heading", { name: `Invoice ${due.number}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", `/user-dashboard/billing/${due.id}/pdf`);
  });
});

test.describe("Pay by card through the Stripe stand-in", () => {
  const SECRET_KEY = "sk_test_e2ebilling0123456789";
  const WEBHOOK_SECRET = "whsec_e2ebilling0123456789abcdef";
  let standIn: StripeStandIn;
  let server: IsolatedServer;
  // Stripe's delivery is held here until the test lets it through, so the page is seen before and
  // after the webhook lands (the stand-in's Pay page waits for its delivery before redirecting).
  let held: { body: string; signature: string }[] = [];
  let holder: http.Server;

  test.beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    holder = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        held.push({ body: Buffer.concat(chunks).toString("utf8"), signature: String(req.headers["stripe-signature"]) });
        res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const address = holder.address();
    standIn.webhookUrl = `http://127.0.0.1:${address && typeof address === "object" ? address.port : 0}/hold`;
    server = await startIsolatedServer({
      env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: standIn.url },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await standIn?.close();
    await new Promise((resolve) => holder?.close(resolve));
  });

  test("Pay → the stand-in's page → back on the invoice, which shows Paid live once the webhook lands", async ({ page }) => {
    held = [];
    const { due } = await clientWithInvoices(page, server.databaseFile, server.baseURL);
    await page.goto(`${server.baseURL}/user-dashboard/billing/${due.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Pay €360.00" }).click();
    await expect(page).toHaveURL(new RegExp(`^${standIn.url}/pay/`));
    await page.getByRole("button", { name: "Pay" }).click();
    // Stripe fills in the session's id: "pending" shows while that session is open (decision 0090).
    await expect(page).toHaveURL(new RegExp(`^${server.baseURL}/user-dashboard/billing/${due.id}\\?paid=1&session=cs_test_\\w+$`));
    await waitForHydration(page);
    await expect(page.getByText("Payment received — it shows here once confirmed")).toBeVisible();
    await expect(page.getByTestId("invoice-status")).not.toHaveText("Paid");

    expect(held).toHaveLength(1);
    const reply = await fetch(`${server.baseURL}/api/stripe/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": held[0]!.signature },
      body: held[0]!.body,
    });
    expect(reply.status).toBe(200);
    await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
    await expect(page.getByText("Payment received — it shows here once confirmed")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Payments" })).toContainText("Card");
    await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  });
});
