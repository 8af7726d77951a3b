import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { expectAccessible } from "./account-steps";
import {
  fillBrandNames,
  headerLogoSource,
  logoPng,
  primaryButtonColour,
  saveBrandWithColour,
  saveMailSender,
  storedLogo,
  uploadLogo,
} from "./brand-steps";
import { openQuoteModal, startIsolatedServer, storeTheme, tagsIn, waitForHydration, waitForMail, type IsolatedServer } from "./helpers";
import { fillQuote, newRequester } from "./quote-steps";
import { fillSetupForm, finishSetup, NORTHWIND, setupCodeFromLog } from "./setup-steps";
import { backToEditor, previewDraft, publish, saveDraft } from "./site-steps";

// The fresh-install journey: a fresh install made the agency's own without editing a file. One server
// with an empty database goes through first-run setup, gets a new brand, logo, service and case
// study text, and a visitor then sees only the new agency, in both themes, in mails too.

const BRAND = { name: "Kestrel Digital Works", shortName: "Kestrel", legalName: "Kestrel Digital Works Ltd" };
const COLOUR = "#0f766e";
const SITE_DOMAIN = "kestrel.example";
const SENDER = { name: "Kestrel Digital Works", address: "hello@kestrel.example" };
// Nothing of the demo agency (its name, its domain in contact addresses and links) or of the name
// given at setup may be left where the brand shows.
const OLD_NAMES = ["Indigo Kite", "indigokite", NORTHWIND.agencyName];

const SERVICE = { editor: "Web Development", path: "/service/web-development", title: "Web Development" };
const SERVICE_TEXT = "Kestrel ships fast, accessible web apps from a two-week first release.";
const CASE = { editor: "Multi-App E-Commerce Suite" };
const CASE_RESULT = "Kestrel halved the suite's delivery delays in one quarter.";

// One journey on one server, told in steps that each keep their own time budget (the six axe
// sweeps alone take most of a minute on a busy machine); a failed step skips the ones after it.
test.describe.configure({ mode: "serial" });

let server: IsolatedServer;
/** The admin made at setup, signed in for the steps that follow. */
let admin: BrowserContext;
let logos: { light: string; dark: string };
test.beforeAll(async () => {
  server = await startIsolatedServer({ fresh: true });
});
test.afterAll(async () => {
  await admin?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseURL}${path}`;

/** What an anonymous visitor gets at `path` (the HTML cache's copy, if it has one). */
async function publicHtml(path: string): Promise<string> {
  return (await fetch(url(path))).text();
}

/** What search engines and link previews read from `path`: the og:title and og:image, and the Organization JSON-LD. */
async function metadataOf(path: string) {
  const html = await publicHtml(path);
  const meta = tagsIn(html, "meta");
  const ogTitle = meta.find((tag) => tag.property === "og:title")?.content;
  const ogImage = meta.find((tag) => tag.property === "og:image")?.content;
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const organization = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((d) => d["@type"] === "Organization");
  return { ogTitle, ogImage, organization };
}

async function brandTheSite(page: Page) {
  await page.goto(url("/employee-dashboard/settings"));
  await page.getByRole("link", { name: "Brand", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Brand", exact: true })).toBeVisible();
  await waitForHydration(page);
  // Setup named the agency: the form starts from it.
  await expect(page.getByLabel("Agency name")).toHaveValue(NORTHWIND.agencyName);
  await fillBrandNames(page, BRAND);
  await page.getByLabel("Site domain").fill(SITE_DOMAIN);
  await saveBrandWithColour(page, COLOUR);
  await expect(page).toHaveTitle(`Brand | Settings | ${BRAND.name}`);
  await saveMailSender(page, SENDER);

  await page.goto(url("/employee-dashboard/settings/brand/logo"));
  await waitForHydration(page);
  // The alt text offered is the new name.
  await uploadLogo(page, "light", { name: "logo.png", buffer: await logoPng("#134e4a") }, BRAND.name);
  await uploadLogo(page, "dark", { name: "logo-dark.png", buffer: await logoPng("#f0fdfa") });
}

/** Edits an item through Site: the draft shows in its preview while the public page keeps the old text; then publishes. */
async function editAndPublish(page: Page, edit: { list: string; item: string; publicPath: string; field: string; text: string }) {
  await page.goto(url("/employee-dashboard/site"));
  await page.getByRole("link", { name: edit.list }).first().click();
  await page.getByRole("link", { name: edit.item }).click();
  await waitForHydration(page);
  await page.getByLabel(edit.field).fill(edit.text);
  await saveDraft(page);
  expect(await publicHtml(edit.publicPath)).not.toContain(edit.text);
  await previewDraft(page);
  await expect(page.getByText(edit.text)).toBeVisible();
  await backToEditor(page);
  expect(await publicHtml(edit.publicPath), "still the published text").not.toContain(edit.text);
  await publish(page);
}

/** A visitor's tour in one theme: name, logo, colour, titles, the edited texts, and axe on each page. */
async function visit(browser: Browser, theme: "light" | "dark", logos: { light: string; dark: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (theme === "dark") await storeTheme(page, "dark");
  await page.goto(url("/"));
  await waitForHydration(page);
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
  await expect(page).toHaveTitle(BRAND.name);
  expect(await headerLogoSource(page)).toContain(`/media/${logos[theme]}-`);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("img", { name: BRAND.name })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(BRAND.name);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${BRAND.legalName}. All rights reserved.`);
  for (const old of OLD_NAMES) {
    await expect(page.getByRole("banner")).not.toContainText(old);
    await expect(footer).not.toContainText(old);
  }
  await expect(page.locator(".btn-primary").first()).toHaveCSS("background-color", primaryButtonColour(COLOUR, theme));
  await expectAccessible(page, `home, ${theme}`);

  await page.goto(url(SERVICE.path));
  await expect(page).toHaveTitle(`${SERVICE.title} | ${BRAND.name}`);
  await expect(page.getByText(SERVICE_TEXT)).toBeVisible();
  await expectAccessible(page, `service, ${theme}`);

  await page.goto(url("/cases"));
  await expect(page).toHaveTitle(`Case Studies | ${BRAND.name}`);
  await expect(page.getByText(CASE_RESULT)).toBeVisible();
  await expectAccessible(page, `case studies, ${theme}`);
  await context.close();
}

/** A quote request from the home page's modal; returns the requester's confirmation and the leads inbox's notice. */
async function requestQuote(browser: Browser) {
  const page = await browser.newPage();
  const who = newRequester();
  const since = Date.now();
  await page.goto(url("/"));
  await waitForHydration(page);
  const dialog = await openQuoteModal(page);
  await fillQuote(dialog, who);
  // The form itself waits out the server's minimum fill time before posting.
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await page.close();
  const confirmation = await waitForMail(who.email, since, /^Subject: .*received your request/im);
  const notice = await waitForMail(NORTHWIND.leadsInbox, since, new RegExp(`New quote request from ${who.name}`));
  return { confirmation, notice };
}

test("A fresh install goes through setup with the code from the log; its admin sets the brand's name, colour, sender and logo", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const code = await setupCodeFromLog(server);
  admin = await browser.newContext();
  const page = await admin.newPage();
  await page.goto(url("/setup"));
  await waitForHydration(page);
  await fillSetupForm(page, code);
  await finishSetup(page);

  await brandTheSite(page);
  const { light, dark } = storedLogo(server.databaseFile);
  expect(light && dark, "both logos are stored").toBeTruthy();
  logos = { light: light!, dark: dark! };
});

test("The admin edits a service and a case study: each preview shows the draft while the public page keeps the old text, until publishing", async () => {
  test.setTimeout(90_000);
  const page = await admin.newPage();
  await editAndPublish(page, {
    list: "Services",
    item: SERVICE.editor,
    publicPath: SERVICE.path,
    field: "Long description",
    text: SERVICE_TEXT,
  });
  await editAndPublish(page, { list: "Case studies", item: CASE.editor, publicPath: "/cases", field: "Result", text: CASE_RESULT });
});

for (const theme of ["light", "dark"] as const) {
  test(`A visitor in the ${theme} theme sees only the new agency: name, logo, colour, titles and the edited texts, with no WCAG 2.1 AA violations`, async ({
    browser,
  }) => {
    // Three pages and three axe sweeps: over a minute when the machine is shared by several runs.
    test.setTimeout(180_000);
    await visit(browser, theme, logos);
  });
}

test("A quote request's mails come from the new sender and name the new agency; titles and structured data name it too", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { confirmation, notice } = await requestQuote(browser);
  for (const mail of [confirmation, notice]) {
    const unfolded = mail.replace(/=\r?\n/g, "");
    expect(unfolded).toMatch(new RegExp(`^From: "?${SENDER.name}"? <${SENDER.address}>\\s*$`, "m"));
    for (const old of OLD_NAMES) expect(unfolded).not.toContain(old);
  }
  expect(confirmation).toMatch(new RegExp(`^Subject: We received your request - ${BRAND.name}\\s*$`, "m"));
  expect(confirmation.replace(/=\r?\n/g, "")).toContain(`Thank you for your interest in ${BRAND.name}.`);
  expect(notice.replace(/=\r?\n/g, "")).toContain(`${BRAND.name} =C2=B7 https://${SITE_DOMAIN}`);

  const { ogTitle, ogImage } = await metadataOf(SERVICE.path);
  expect(ogTitle).toBe(`${SERVICE.title} | ${BRAND.name}`);
  // A shared link's picture is the new agency's card, not the demo agency's drawn one.
  expect(ogImage).toMatch(new RegExp(`^${server.baseURL}/share-image\\.png\\?v=`));
  const card = await fetch(ogImage!);
  expect(card.status, "the share image is served").toBe(200);
  expect(card.headers.get("content-type")).toBe("image/png");
  const { organization } = await metadataOf("/");
  expect(organization).toMatchObject({ name: BRAND.name, legalName: BRAND.legalName });
  expect(organization?.logo).toContain(`/media/${logos.light}-`);
  expect((await fetch(String(organization?.logo))).status, "the logo in the structured data is served").toBe(200);
  for (const old of OLD_NAMES) expect(JSON.stringify(organization)).not.toContain(old);
});
