import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { totpCode } from "../tests/helpers/totp";
import { waitForHydration } from "./helpers";

// Steps of the account journeys that several specs take: two-factor enrolment, the
// password step of a login form, a virtual authenticator for passkeys, the invitation mails' links.

/** No WCAG 2.1 AA violations on the page as it is now (each step of a flow is its own page state). */
export async function expectAccessible(page: Page, step: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    step,
  ).toEqual([]);
}

/**
 * Enrols on /account/two-factor (already open and hydrated) as an authenticator app would: the
 * password, then a code computed (otplib) from the manual key the page shows. Returns the key and
 * the recovery codes, which the page shows once.
 */
export async function enrolTwoFactor(page: Page, password: string): Promise<{ key: string; codes: string[] }> {
  // The address changes before a client-side navigation paints, so wait for this page's own
  // heading: until then the previous screen (Settings holds several password fields) is on show.
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expectAccessible(page, "enrolment: QR code and key");
  const key = (await page.getByTestId("manual-key").textContent()) ?? "";
  expect(key.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel("Code from the app").fill(totpCode(key));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const list = page.getByRole("list", { name: "Recovery codes" });
  await expect(list).toBeVisible();
  await expect(page.getByRole("link", { name: "Download codes" })).toHaveAttribute("download", /recovery-codes/);
  const codes = await list.getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await expectAccessible(page, "enrolment: recovery codes");
  return { key, codes };
}

/** The password step of a login form at `base` (a server's URL, or "" for the page's own); `scripts: false` for a browser without JavaScript. */
export async function passwordStep(
  page: Page,
  base: string,
  email: string,
  password: string,
  form: "/login" | "/employee-login",
  scripts = true,
) {
  await page.goto(`${base}${form}`);
  if (scripts) await waitForHydration(page);
  await page.getByLabel(form === "/login" ? "Email" : "Work Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("main").getByRole("button", { name: "Login", exact: true }).click();
}

/**
 * Chromium's DevTools WebAuthn virtual authenticator on this page: a platform authenticator that
 * holds discoverable credentials and verifies its user at once.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  /** From now on the authenticator fails to verify its user (a wrong fingerprint, no PIN). */
  const stopVerifyingUser = () => cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false });
  return { stopVerifyingUser };
}

/** The invitation link of a stored .eml (quoted-printable: soft breaks and "=3D"). */
export function invitationLink(eml: string): string {
  const text = eml.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const match = /https?:\/\/[^\s"<>]+\/staff-invitation\?token=[\w%-]+/.exec(text);
  if (!match) throw new Error("no invitation link in the mail");
  return match[0];
}

/** The client invitation link of a stored .eml (quoted-printable: soft breaks and "=3D"), as a path. */
export function clientInvitationLink(eml: string): string {
  const text = eml.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const match = /https?:\/\/[^\s"<>]+\/invitation\?token=[\w%-]+/.exec(text);
  if (!match) throw new Error("no invitation link in the mail");
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/** Opens a client invitation mail's link in a fresh browser, chooses a password and lands in the portal. */
export async function acceptClientInvitation(
  browser: Browser,
  eml: string,
  company: string,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(clientInvitationLink(eml));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: `Join ${company}` })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await page.getByRole("button", { name: "Save password and sign in" }).click();
  await expect(page).toHaveURL(/\/user-dashboard(\?notice=invitation-accepted)?$/);
  await expect(page.getByText("Welcome! You have joined your company's client portal.")).toBeVisible();
  return { context, page };
}
