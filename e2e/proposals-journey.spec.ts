import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { acceptClientInvitation } from "./account-steps";
import { signIn } from "./fixtures";
import { openDatabase, openQuoteModal, uniqueId, waitForHydration, waitForMail } from "./helpers";
import { fillQuote, newRequester } from "./quote-steps";

// From lead to signed work: a visitor asks for a quote on the home page; sales write a proposal for
// the lead from the agency's template and send it; the requester opens the mailed link, ticks an
// optional item and signs; the console then shows the signed proposal, the project with the
// template's phases as milestones and the issued deposit invoice; and the requester, invited at
// acceptance, finds the project, the invoice and the signed proposal in their new portal.

const TEMPLATE = {
  title: "Standard website",
  currency: "EUR",
  sections: [{ heading: "Scope", body: "Design and build of a **new website**." }],
  phases: [
    { title: "Discovery", description: "Workshops and a plan", dueInDays: 10 },
    { title: "Launch", description: "", dueInDays: 45 },
  ],
  items: [
    {
      id: "build",
      description: "Design and build",
      quantityMilli: 1000,
      unitPrice: 600_000,
      taxRateBp: 2000,
      optional: false,
      included: true,
    },
    {
      id: "care",
      description: "A year of care",
      quantityMilli: 1000,
      unitPrice: 120_000,
      taxRateBp: 2000,
      optional: true,
      included: false,
    },
  ],
  depositBp: 3000,
  validUntil: "2099-12-31",
  terms: "Invoices are due within 14 days.",
};

test("A quote from the home page becomes a signed proposal, a project with milestones and an issued deposit invoice", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const who = newRequester();
  const templateName = `Website template ${uniqueId()}`;
  const db = openDatabase();
  try {
    db.prepare("insert into proposal_templates (id, name, content, created_by, created_at, updated_at) values (?, ?, ?, null, ?, ?)").run(
      randomUUID(),
      templateName,
      JSON.stringify(TEMPLATE),
      Date.now(),
      Date.now(),
    );
  } finally {
    db.close();
  }

  // The visitor's quote request.
  await page.goto("/");
  await waitForHydration(page);
  const dialog = await openQuoteModal(page, "Get a Free Quote");
  await fillQuote(dialog, who);
  await dialog.getByRole("button", { name: /Submit Request|Submitting\.\.\./ }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  const lookup = openDatabase();
  const lead = lookup.prepare("select id from quotes where email = ?").get(who.email) as { id: string };
  lookup.close();

  // Staff (an admin: Leads and Billing): from the lead's page, a proposal from the template, sent.
  const sales = await browser.newPage();
  await signIn(sales, { role: "employee", staffRole: "admin" });
  await sales.goto(`/employee-dashboard/leads/${lead.id}`);
  const desk = sales.getByRole("main");
  await desk.getByRole("link", { name: "Write a proposal" }).click();
  await desk.getByLabel("Title").fill(`Website for ${who.name}`);
  await desk.getByLabel("Start from a template").selectOption({ label: templateName });
  await desk.getByRole("button", { name: "Write the proposal" }).click();
  await expect(desk.getByRole("heading", { level: 2, name: `Website for ${who.name}` })).toBeVisible();
  await expect(desk.getByLabel("Phase 1: title")).toHaveValue("Discovery");
  const sentAt = Date.now();
  await desk.getByRole("button", { name: "Send", exact: true }).click();
  await expect(desk.getByRole("status").filter({ hasText: "Version 1 sent." })).toBeVisible();

  // The requester: the mail's link, an optional item ticked, signed.
  const mail = await waitForMail(who.email, sentAt, /\/proposal\//);
  const link = /https?:\/\/[^\s"<>]+\/proposal\/[\w-]+/.exec(mail.replace(/=\r?\n/g, ""))![0];
  const client = await browser.newPage();
  await client.goto(link);
  await expect(client.getByRole("heading", { name: `Website for ${who.name}`, level: 1 })).toBeVisible();
  await waitForHydration(client);
  const total = client.getByTestId("proposal-total");
  await expect(total).toContainText("7,200.00");
  await client.getByRole("checkbox", { name: /A year of care/ }).check();
  await expect(total).toContainText("8,640.00");
  await client.getByLabel("Your full name").fill(who.name);
  await client.getByRole("checkbox", { name: "I agree to sign electronically" }).check();
  const signing = Date.now();
  await client.getByRole("button", { name: "Sign and accept" }).click();
  await expect(client.getByRole("heading", { name: "Signed. Your project has started." })).toBeVisible();
  // The chain's time (company, project, deposit invoice, signed PDF and mails), for the report.
  test.info().annotations.push({ type: "accept to confirmation (ms)", description: String(Date.now() - signing) });

  // The console: accepted, with the project (the template's phases) and the deposit invoice.
  await sales.reload();
  await expect(desk.getByText("Accepted", { exact: true }).first()).toBeVisible();
  await desk.getByRole("link", { name: "Open the deposit invoice" }).click();
  await expect(desk.getByRole("heading", { level: 2, name: /^INV-\d{4}-\d{4,}$/ })).toBeVisible();
  // 30 % of 7,200.00 net at 20 % tax: 2,160.00 + 432.00.
  await expect(desk.getByTestId("invoice-balance")).toContainText("2,592.00");
  await sales.goBack();
  await desk.getByRole("link", { name: "Open the project" }).click();
  await expect(sales).toHaveURL(/\/employee-dashboard\/projects\//);
  await sales.goto(`${sales.url().replace(/\/$/, "")}/milestones`);
  await expect(sales.getByText("Discovery").first()).toBeVisible();
  await expect(sales.getByText("Launch").first()).toBeVisible();
  const check = openDatabase();
  let company: string;
  try {
    expect((check.prepare("select status from quotes where id = ?").get(lead.id) as { status: string }).status).toBe("won");
    company = (
      check.prepare("select c.name from companies c join proposals p on p.company_id = c.id where p.lead_id = ?").get(lead.id) as {
        name: string;
      }
    ).name;
  } finally {
    check.close();
  }

  // The new client: the invitation mail sent at acceptance, a password, then their portal holds the
  // project, the deposit invoice and the signed proposal.
  const invitation = await waitForMail(who.email, signing, /invitation\?token/);
  const portal = await acceptClientInvitation(browser, invitation, company, who.email, "lena-chose-this-password");
  const member = portal.page;
  await member.getByRole("link", { name: "My Projects" }).first().click();
  await expect(member.getByRole("main").getByRole("heading", { level: 2, name: `Website for ${who.name}`, exact: true })).toBeVisible();
  await member.goto("/user-dashboard/billing");
  await expect(member.getByRole("main").getByText("2,592.00").first()).toBeVisible();
  await member.goto("/user-dashboard/proposals");
  await member
    .getByRole("main")
    .getByRole("link", { name: `Website for ${who.name}` })
    .click();
  await expect(member.getByRole("heading", { name: "Signed. Your project has started." })).toBeVisible();
  await expect(member.getByRole("link", { name: "Download the signed PDF" })).toBeVisible();
  await portal.context.close();
});
