import { expect, type Page } from "@playwright/test";
import type { IsolatedServer } from "./helpers";

// First-run setup as an operator does it: the code read from the server's log, then the form on
// /setup. Used by e2e/setup.spec.ts and the fresh-install journey.

const CODE_IN_LOG = /setup code ([A-Z2-7]{4}(?:-[A-Z2-7]{4}){3})/;

/** The setup code from the one log line that names the server's /setup (a fresh server prints it at boot). */
export async function setupCodeFromLog(server: IsolatedServer): Promise<string> {
  await expect.poll(() => CODE_IN_LOG.test(server.output()), { timeout: 10_000 }).toBe(true);
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.includes("/setup") && CODE_IN_LOG.test(line));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`${server.baseURL}/setup`);
  return CODE_IN_LOG.exec(lines[0]!)![1]!;
}

export interface SetupAnswers {
  agencyName: string;
  companyDomain: string;
  adminName: string;
  adminEmail: string;
  password: string;
  leadsInbox: string;
}

export const NORTHWIND: SetupAnswers = {
  agencyName: "Northwind Studio",
  companyDomain: "northwind.example",
  adminName: "Nadia North",
  adminEmail: "nadia@northwind.example",
  password: "a-long-admin-password-42",
  leadsInbox: "sales@northwind.example",
};

/** Fills every field of the setup form (already open) with `code` and `answers`. */
export async function fillSetupForm(page: Page, code: string, answers: SetupAnswers = NORTHWIND) {
  await page.getByLabel("Setup code").fill(code);
  await page.getByLabel("Agency name").fill(answers.agencyName);
  await page.getByLabel("Company domain").fill(answers.companyDomain);
  await page.getByLabel("Your name").fill(answers.adminName);
  await page.getByLabel("Work email").fill(answers.adminEmail);
  await page.getByLabel("Password", { exact: true }).fill(answers.password);
  await page.getByLabel("Repeat password").fill(answers.password);
  await page.getByLabel("Inbox for new quote requests").fill(answers.leadsInbox);
}

/** Sends the filled form; setup signs the new admin in and opens the console. */
export async function finishSetup(page: Page, answers: SetupAnswers = NORTHWIND) {
  await page.getByRole("button", { name: "Finish setup and sign in" }).click();
  // Hashing the password (Argon2id) and signing in take seconds on a busy machine.
  await expect(page).toHaveURL(/\/employee-dashboard/, { timeout: 20_000 });
  await expect(page.getByText(`Signed in as ${answers.adminEmail} (Admin)`)).toBeVisible();
}
