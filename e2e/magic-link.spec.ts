import { expect, test, type Page } from "@playwright/test";
import { createSignedInUser } from "./fixtures";
import { uniqueId, waitForHydration, waitForMail } from "./helpers";

// Decision 0098: "E-mail me a sign-in link" on /login, the mailed link's page with its "Sign in"
// button, and the link working once. The main server writes its mails as .eml files (MAIL_DIR).

const SENT = "If that address can sign in by e-mail, we have sent it a link. It works once, within 15 minutes.";

/** Undoes quoted-printable soft breaks and escapes well enough to find a link. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function askForLink(page: Page, email: string) {
  await page.goto("/login");
  await page.getByText("E-mail me a sign-in link", { exact: true }).first().click();
  const form = page.locator("form", { has: page.getByRole("button", { name: "E-mail me a sign-in link" }) });
  await form.getByLabel("E-mail for the link").fill(email);
  await form.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/login\/email-link$/);
  await expect(page.getByText(SENT)).toBeVisible();
}

async function mailedLink(email: string, since: number): Promise<string> {
  const mail = decodeQuotedPrintable(await waitForMail(email, since, /\/login\/link\?token=/));
  const link = /https?:\/\/[^\s"'<>]+\/login\/link\?token=[^\s"'<>]+/.exec(mail)?.[0];
  expect(link, "a sign-in link in the mail").toBeTruthy();
  return new URL(link!.replace(/&amp;/g, "&")).pathname + new URL(link!.replace(/&amp;/g, "&")).search;
}

test.describe("Without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("A client asks for a link on /login, opens it, presses Sign in, and the link works only once", async ({ page }) => {
    const client = await createSignedInUser({ role: "client", emailVerified: true });
    const since = Date.now();
    await askForLink(page, client.email);
    const link = await mailedLink(client.email, since);

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/user-dashboard/);

    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("This sign-in link has already been used or is not valid.");
    await expect(page.getByRole("button", { name: "E-mail me a sign-in link" })).toBeVisible();
  });
});

test("An unknown address gets the same answer and no mail", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  const email = `e2e-nobody-${uniqueId()}@example.com`;
  const since = Date.now();
  await askForLink(page, email);
  await expect(waitForMail(email, since, /./, 2_000)).rejects.toThrow(/No \.eml/);
});
