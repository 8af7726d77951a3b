import { expect, test, type Locator, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { startStripeStandIn, type StripeStandIn } from "../tests/helpers/stripe-stand-in";
import { signIn } from "./fixtures";
import {
  ensureCompanyOf,
  freePort,
  openDatabase,
  startIsolatedServer,
  waitForHydration,
  waitForMail,
  type IsolatedServer,
} from "./helpers";

// Getting paid from end to end, on a server of its own with card payments through the Stripe
// stand-in (its webhook goes straight to the server, as Stripe's would): finance staff write,
// issue and send an invoice; the client opens it from the mail's link, the PDF the portal gives is
// the mailed one, byte for byte; a bank transfer pays part, the card the rest, and both the
// client's page and the finance console show Paid without a reload.

const SECRET_KEY = "sk_test_e2ejourney0123456789";
const WEBHOOK_SECRET = "whsec_e2ejourney0123456789abcdef";
let standIn: StripeStandIn;
let server: IsolatedServer;

test.beforeAll(async () => {
  const port = await freePort();
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  standIn.webhookUrl = `http://127.0.0.1:${port}/api/stripe/webhook`;
  server = await startIsolatedServer({
    port,
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: standIn.url },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

function companyName(companyId: string): string {
  const db = openDatabase(server.databaseFile);
  try {
    return (db.prepare("select name from companies where id = ?").get(companyId) as { name: string }).name;
  } finally {
    db.close();
  }
}

/** The console invoice's status badge, beside its heading. */
const statusBadge = (page: Page) =>
  page.locator("span").filter({ hasText: /^(Draft|Issued|Sent|Viewed|Partially paid|Paid|Overdue|Void)$/ });

async function writeAndIssue(page: Page, company: string): Promise<{ main: Locator; number: string; url: string }> {
  await page.goto(`${server.baseURL}/employee-dashboard/billing/new`);
  const main = page.getByRole("main");
  await main.getByLabel("Client").selectOption({ label: company });
  await main.getByRole("button", { name: "Create draft" }).click();
  await expect(main.getByRole("heading", { level: 2, name: `Draft for ${company}` })).toBeVisible();
  await waitForHydration(page);
  await main.getByLabel("Currency").fill("EUR");
  const line = main.getByRole("group", { name: "Lines" }).getByRole("listitem").first();
  await line.getByLabel("Line 1: description").fill("Discovery workshop");
  await line.getByLabel("Quantity").fill("3");
  await line.getByLabel("Unit price").fill("200");
  await line.getByLabel("Tax (%)").fill("20");
  await main.getByRole("button", { name: "Save draft" }).click();
  // 3 × 200.00 + 20 % tax: the server's sum.
  await expect(main.getByTestId("draft-total")).toHaveText(/720\.00/);
  await main.getByRole("link", { name: "Issue…" }).click();
  await main.getByRole("button", { name: "Issue invoice" }).click();
  await expect(page).toHaveURL(/\?issued=INV-\d{4}-\d{4,}/);
  const number = new URL(page.url()).searchParams.get("issued")!;
  return { main, number, url: page.url().split("?")[0]! };
}

test("Finance issues and sends; the client opens it from the mail, gets the mailed PDF, pays part by bank and the rest by card; both sides show Paid live", async ({
  browser,
}) => {
  const clientPage = await browser.newPage();
  const client = await signIn(clientPage, {
    role: "client",
    emailVerified: true,
    databaseFile: server.databaseFile,
    baseURL: server.baseURL,
  });
  const company = companyName(ensureCompanyOf(client.id, server.databaseFile));
  const financePage = await browser.newPage();
  await signIn(financePage, { role: "employee", staffRole: "finance", databaseFile: server.databaseFile, baseURL: server.baseURL });

  const { main, number, url } = await writeAndIssue(financePage, company);
  await waitForHydration(financePage);
  const sentAt = Date.now();
  await main.getByRole("button", { name: "Send to client" }).click();
  await expect(main.getByRole("button", { name: "Send again" })).toBeVisible();

  // The mail: a link to the invoice in the portal, and the PDF stored at issue attached.
  const mail = await simpleParser(await waitForMail(client.email, sentAt, new RegExp(number)));
  expect(mail.subject).toContain(number);
  const attachment = mail.attachments.find((a) => a.contentType === "application/pdf");
  expect(attachment?.filename).toBe(`${number}.pdf`);
  const link = /https?:\/\/\S+\/user-dashboard\/billing\/[\w-]+/.exec(mail.text ?? "")?.[0];
  expect(link, "the mail links to the invoice").toBeTruthy();

  await clientPage.goto(link!);
  await expect(clientPage.getByRole("heading", { name: `Invoice ${number}`, level: 1 })).toBeVisible();
  await expect(clientPage.getByTestId("invoice-status")).toHaveText("Viewed");
  const pdf = await clientPage.request.get(`${link}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(Buffer.compare(await pdf.body(), attachment!.content), "the portal's PDF is the mailed one").toBe(0);

  // A bank transfer for part of it, recorded by finance; the client's page follows live.
  await waitForHydration(clientPage);
  await main.getByLabel("Amount (EUR)").fill("300");
  await main.getByLabel("Reference").fill("Transfer 4411");
  await main.getByRole("button", { name: "Record payment" }).click();
  await expect(main.getByTestId("invoice-balance")).toHaveText(/420\.00/);
  await expect(clientPage.getByTestId("invoice-status")).toHaveText("Partially paid");
  await expect(statusBadge(financePage)).toHaveText("Partially paid");

  // The rest by card: Checkout on the stand-in, whose signed webhook reaches the server.
  await clientPage.getByRole("button", { name: "Pay €420.00" }).click();
  await expect(clientPage).toHaveURL(new RegExp(`^${standIn.url}/pay/`));
  await clientPage.getByRole("button", { name: "Pay" }).click();
  await expect(clientPage).toHaveURL(/\?paid=1(&|$)/);
  await expect(clientPage.getByTestId("invoice-status")).toHaveText("Paid");
  await expect(clientPage.getByRole("region", { name: "Payments" })).toContainText("Card");

  // The finance console, open all along on the invoice, shows it paid without a reload.
  expect(financePage.url()).toContain(url);
  await expect(main.getByTestId("invoice-balance")).toHaveText(/0\.00/);
  await expect(statusBadge(financePage)).toHaveText("Paid");
  await expect(main.getByText("Transfer 4411")).toBeVisible();
});
