import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./account-steps";
import { signIn } from "./fixtures";
import { startIsolatedServer, storeTheme, waitForHydration, type IsolatedServer } from "./helpers";
import { backToEditor, previewDraft, publish, saveDraft } from "./site-steps";

// Console → Site on a server of its own: publishing changes the public pages every other spec
// checks against the demo content, so this journey never touches the main server's.

let server: IsolatedServer;
test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const url = (path: string) => `${server.baseURL}${path}`;

async function signInEditor(page: Page) {
  await signIn(page, { role: "employee", staffRole: "sales", databaseFile: server.databaseFile, baseURL: server.baseURL });
}

test("An editor edits a service, previews the draft, publishes it, and its old address redirects to the new one", async ({ page }) => {
  await signInEditor(page);
  await page.goto(url("/employee-dashboard/site"));
  await page.getByRole("link", { name: "Services" }).first().click();
  await page.getByRole("link", { name: "Web Development" }).click();
  await waitForHydration(page);

  await page.getByLabel("Title").fill("Web Development Studio");
  await page.getByLabel("Address (slug)").fill("web-studio");
  await page.getByLabel("Long description").fill("We build **fast** sites.\n\nSee [our work](https://example.com/work).");
  await saveDraft(page);

  // The public page is unchanged until publishing.
  const before = await page.context().request.get(url("/service/web-development"), { maxRedirects: 0 });
  expect(before.status()).toBe(200);

  await previewDraft(page);
  await expect(page.getByRole("heading", { level: 1, name: "Web Development Studio" })).toBeVisible();
  await expect(page.getByRole("link", { name: "our work" })).toHaveAttribute("href", "https://example.com/work");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await backToEditor(page);

  await publish(page);

  const visitor = await page.context().browser()!.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(url("/service/web-studio"));
  await expect(publicPage.getByRole("heading", { level: 1, name: "Web Development Studio" })).toBeVisible();
  await expect(publicPage.getByText("fast", { exact: true })).toBeVisible();
  const moved = await visitor.request.get(url("/service/web-development"), { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/service/web-studio");
  await publicPage.goto(url("/services"));
  await expect(publicPage.getByRole("heading", { name: "Web Development Studio" })).toBeVisible();
  await visitor.close();
});

test("An editor edits a case study; the refused slug and empty field say why in place; the published text is on /cases", async ({
  page,
}) => {
  await signInEditor(page);
  await page.goto(url("/employee-dashboard/site/cases"));
  await page.getByRole("link", { name: "Multi-App E-Commerce Suite" }).click();
  await waitForHydration(page);
  await page.getByLabel("Result").fill("");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Result is required.")).toBeVisible();

  await page.getByLabel("Result").fill("Half the delivery delays in one quarter.");
  await page.getByLabel("Technologies").fill("Flutter\nKotlin");
  await saveDraft(page);
  await previewDraft(page);
  await expect(page.getByText("Half the delivery delays in one quarter.")).toBeVisible();
  await backToEditor(page);
  await publish(page);

  const visitor = await page.context().browser()!.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(url("/cases"));
  await expect(publicPage.getByText("Half the delivery delays in one quarter.")).toBeVisible();
  await expect(publicPage.getByText("Kotlin", { exact: true })).toBeVisible();
  await visitor.close();

  // History: version 2 published, version 1 restorable.
  await page.goto(url("/employee-dashboard/site/cases/ecommerce-suite"));
  await expect(page.getByRole("heading", { name: "History" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Restore version 1" })).toBeVisible();
});

test("A reserved slug is refused beside the field, and the draft stays as it was", async ({ page }) => {
  await signInEditor(page);
  await page.goto(url("/employee-dashboard/site/services/service-saas"));
  await waitForHydration(page);
  await page.getByLabel("Address (slug)").fill("login");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("That address is taken by the site itself. Choose another slug.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Address (slug)")).toHaveValue("saas");
});

for (const theme of ["light", "dark"] as const) {
  test(`The Site screens and the preview have no WCAG 2.1 AA violations in the ${theme} theme`, async ({ page }) => {
    // Six pages, each loaded, hydrated and scanned: more than the default budget on a busy CI machine.
    test.setTimeout(90_000);
    await signInEditor(page);
    if (theme === "dark") await storeTheme(page, "dark");
    for (const path of [
      "/employee-dashboard/site",
      "/employee-dashboard/site/services",
      "/employee-dashboard/site/services/service-crm",
      "/employee-dashboard/site/cases/new",
      "/site-preview/services/service-crm",
      "/site-preview/cases/anime-streaming",
    ]) {
      await page.goto(url(path));
      await waitForHydration(page);
      await expectAccessible(page, `${path}, ${theme}`);
    }
  });
}
