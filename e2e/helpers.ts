import { expect, type Page } from "@playwright/test";

/** Every public route of SPEC §2 that a visitor can open. */
export const SERVICE_SLUGS = [
  "android-apps",
  "ios-apps",
  "cross-platform-apps",
  "web-development",
  "blockchain",
  "dapps",
  "game-development",
  "crm",
  "saas",
] as const;

export const PUBLIC_ROUTES = [
  "/",
  "/services",
  ...SERVICE_SLUGS.map((slug) => `/service/${slug}`),
  "/service/unknown-slug",
  "/cases",
  "/careers",
  "/about",
  "/terms",
  "/privacy",
  "/quote",
  "/login",
  "/employee-login",
];

/** Resolves once React has hydrated the document (it tags hydrated DOM nodes with its fiber key). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/** Stores the theme preference before any page script runs (like a returning visitor). */
export async function storeTheme(page: Page, theme: "dark" | "light") {
  await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
}

/** Opens the home page's quote modal and waits for its lazily loaded form. */
export async function openQuoteModal(page: Page, trigger: "Get a Free Quote" | "Start a Project" = "Get a Free Quote") {
  await page.getByRole("button", { name: trigger, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Get a Free Quote" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toBeVisible();
  return dialog;
}

export async function scrollY(page: Page) {
  return page.evaluate(() => window.scrollY);
}

/** Parses the attributes of every `<tag …>` in raw HTML, e.g. all <meta> tags of a document. */
export function tagsIn(html: string, tag: string): Record<string, string>[] {
  const tags: Record<string, string>[] = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))) {
    const attrs: Record<string, string> = {};
    for (const attr of (match[1] ?? "").matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      attrs[attr[1]!.toLowerCase()] = decodeEntities(attr[2] ?? "");
    }
    tags.push(attrs);
  }
  return tags;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
