import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers";

// Steps on an item's editor in console → Site (already open and hydrated): draft, preview,
// publish. Used by e2e/site-content.spec.ts and the fresh-install journey.

export async function saveDraft(page: Page) {
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
}

/** Opens the draft's preview from its editor; the caller checks what it shows, then goes `backToEditor`. */
export async function previewDraft(page: Page) {
  await page.getByRole("link", { name: "Preview the draft" }).click();
  await expect(page.getByText("Preview of the draft.")).toBeVisible();
}

export async function backToEditor(page: Page) {
  await page.getByRole("link", { name: "Back to the editor" }).click();
  await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
  await waitForHydration(page);
}

export async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
}
