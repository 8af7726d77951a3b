import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { brandPalette } from "~/lib/brand-palette";
import { openDatabase } from "./helpers";

// Steps on console → Settings → Brand (and its Logo page), and what a visitor then sees: used by
// e2e/brand.spec.ts, e2e/brand-logo.spec.ts and the fresh-install journey.

/** A CSS colour as getComputedStyle reports it: "rgb(r, g, b)". */
export function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** What `.btn-primary` is painted with in a theme: shade 700 of the colour's palette in light mode, 500 in dark mode. */
export function primaryButtonColour(colour: string, theme: "light" | "dark"): string {
  const palette = brandPalette(colour);
  return rgb(theme === "dark" ? palette[500] : palette[700]);
}

/** Stores (or clears) the theme preference of the page's origin; it applies from the next load. */
export async function setStoredTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((value) => (value === "dark" ? localStorage.setItem("theme", "dark") : localStorage.removeItem("theme")), theme);
}

export interface BrandNames {
  name: string;
  shortName: string;
  legalName: string;
}

/** Types the agency's names into the brand form (already open and hydrated). */
export async function fillBrandNames(page: Page, names: BrandNames) {
  await page.getByLabel("Agency name").fill(names.name);
  await page.getByLabel("Short name").fill(names.shortName);
  await page.getByLabel("Legal name").fill(names.legalName);
}

/** Sets the primary colour and saves the brand form with whatever else was typed. */
export async function saveBrandWithColour(page: Page, colour: string) {
  await page.getByLabel("Primary colour").fill(colour);
  await page.getByRole("button", { name: "Save brand" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Brand saved." })).toBeVisible();
}

/** Saves the brand page's Mail form: who mails are from. */
export async function saveMailSender(page: Page, sender: { name: string; address: string }) {
  await page.getByLabel("Sender name").fill(sender.name);
  await page.getByLabel("Sender address").fill(sender.address);
  await page.getByRole("button", { name: "Save mail settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mail settings saved." })).toBeVisible();
}

/** A PNG logo of one colour, 480×120 (the header shows it 128×32). */
export function logoPng(background: string): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 120, channels: 3, background } })
    .png()
    .toBuffer();
}

const LOGO_GROUPS = {
  light: { group: "Logo", button: "Upload logo", saved: "Logo saved. The site shows it now." },
  dark: { group: "Dark-mode logo", button: "Upload dark-mode logo", saved: "Dark-mode logo saved." },
} as const;

/**
 * Uploads a PNG on the Logo page (already open and hydrated) as the light or dark-mode logo;
 * `alt`, when given, is the alt text the form must offer before the upload.
 */
export async function uploadLogo(page: Page, variant: "light" | "dark", file: { name: string; buffer: Buffer }, alt?: string) {
  const { group, button, saved } = LOGO_GROUPS[variant];
  const form = page.getByRole("group", { name: group, exact: true });
  await form.getByLabel("Image file").setInputFiles({ name: file.name, mimeType: "image/png", buffer: file.buffer });
  if (alt !== undefined) await expect(form.getByLabel("Alt text")).toHaveValue(alt);
  await form.getByRole("button", { name: button }).click();
  await expect(form.getByRole("status")).toHaveText(saved);
}

/** The stored logo images' ids (the /media/<id>-… files), from the server's database. */
export function storedLogo(databaseFile: string): { light: string | null; dark: string | null } {
  const db = openDatabase(databaseFile);
  try {
    const row = db.prepare("select value from app_settings where key = 'brand'").get() as { value: string } | undefined;
    const logo = row ? (JSON.parse(row.value) as { logo?: { light: string | null; dark: string | null } }).logo : undefined;
    return logo ?? { light: null, dark: null };
  } finally {
    db.close();
  }
}

/** The header's visible logo image. */
export const headerLogo = (page: Page) => page.getByRole("navigation", { name: "Main" }).locator("picture img:visible");

/** The URL the header's visible logo was loaded from, once it has loaded. */
export async function headerLogoSource(page: Page): Promise<string> {
  await expect(headerLogo(page)).toHaveCount(1);
  await expect(headerLogo(page)).toHaveJSProperty("complete", true);
  return headerLogo(page).evaluate((img: HTMLImageElement) => img.currentSrc);
}
