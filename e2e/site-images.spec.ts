import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./fixtures";
import { startIsolatedServer, waitForHydration, type IsolatedServer } from "./helpers";

// Console → Site: an editor uploads an image for a service, on a server of its own (publishing
// changes a public page the other specs check against the demo content).

let server: IsolatedServer;
test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const url = (path: string) => `${server.baseURL}${path}`;
const png = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("An editor uploads a PNG for a service and publishes it: the public page shows it as a <picture> of /media variants", async ({
  page,
}) => {
  await signIn(page, { role: "employee", staffRole: "sales", databaseFile: server.databaseFile, baseURL: server.baseURL });
  await page.goto(url("/employee-dashboard/site/services/service-saas"));
  await waitForHydration(page);
  const image = page.getByRole("group", { name: "Image" });
  await expect(image.getByRole("img", { name: "Current image" })).toHaveAttribute("src", "/images/services/saas.svg");
  await expectAxeClean(page);

  // Not an image: refused beside the file input, the typed title kept, nothing saved.
  await page.getByLabel("Title").fill("SaaS Platforms");
  await image.getByLabel("Alt text of a new image").fill("A dashboard on a laptop");
  await image
    .getByLabel("Replace with")
    .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text\n") });
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(image.getByText(/notes\.png/)).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("SaaS Platforms");

  await image.getByLabel("Replace with").setInputFiles({ name: "saas.png", mimeType: "image/png", buffer: await png() });
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
  await page.reload();
  await expect(image.locator("picture img")).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}-800\.webp$/);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();

  await page.goto(url("/service/saas"));
  const shown = page.locator("article picture img");
  await expect(shown).toHaveAttribute("alt", "A dashboard on a laptop");
  await expect(shown).toHaveAttribute("width", "800");
  await expect(shown).toHaveAttribute("height", "500");
  await expect(page.locator("article picture source[type='image/avif']")).toHaveAttribute(
    "srcset",
    /\/media\/[0-9a-f-]{36}-320\.avif 320w/,
  );
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole("heading", { level: 1, name: "SaaS Platforms" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("The editor's multipart form works without JavaScript: a case study's upload is saved as its draft image", async ({ page }) => {
    await signIn(page, { role: "employee", staffRole: "sales", databaseFile: server.databaseFile, baseURL: server.baseURL });
    await page.goto(url("/employee-dashboard/site/cases/anime-streaming"));
    const image = page.getByRole("group", { name: "Image" });
    await image.getByLabel("Alt text of a new image").fill("A streaming app on a phone");
    await image.getByLabel("Replace with").setInputFiles({ name: "case.png", mimeType: "image/png", buffer: await png() });
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
    await page.goto(url("/site-preview/cases/anime-streaming"));
    await expect(page.locator("article picture img")).toHaveAttribute("alt", "A streaming app on a phone");
  });
});
