import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./fixtures";
import { pdfBytes, waitForHydration } from "./helpers";

// Files on support requests and replies. A client sends a request with an image
// and a PDF, sees the image's server-made preview and downloads the PDF; staff answer with a file
// the client then sees under the reply; another company's client gets 404 for the file's URL. The
// same form works without JavaScript, refused files included.

const logo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#2a6f97" } })
    .png()
    .toBuffer();

test("A client sends files with a request, staff answer with a file, and only the company sees them", async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, { role: "client" });
  await page.goto("/user-dashboard/support");
  await waitForHydration(page);
  const main = page.getByRole("main");

  await main.getByRole("button", { name: "New request" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Subject").fill("New logo files");
  await dialog.getByLabel("Message").fill("Please use these on the home page.");
  await dialog.getByLabel("Attach files (optional)").setInputFiles([
    { name: "logo.png", mimeType: "image/png", buffer: await logo() },
    { name: "brand guide.pdf", mimeType: "application/pdf", buffer: pdfBytes(20_000) },
  ]);
  await dialog.getByRole("button", { name: "Submit Request" }).click();

  const card = main.getByRole("article").filter({ hasText: "New logo files" });
  const sent = card.getByRole("list", { name: "Files sent with New logo files" });
  await expect(sent.getByRole("link")).toHaveCount(2);
  // The preview is the server's WebP, never the original inline.
  const preview = sent.getByRole("link", { name: /logo\.png/ }).locator("img");
  await expect(preview).toHaveAttribute("src", /\/attachments\/[\w-]+\/thumbnail$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const downloading = page.waitForEvent("download");
  await sent.getByRole("link", { name: /brand guide\.pdf/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("brand guide.pdf");

  const pdfHref = (await sent.getByRole("link", { name: /brand guide\.pdf/ }).getAttribute("href"))!;
  const other = await browser.newContext({ baseURL });
  await signIn(other, { role: "client" });
  expect((await other.request.get(pdfHref)).status()).toBe(404);
  await other.close();

  // Staff answer with a file of their own.
  const staff = await browser.newContext({ baseURL });
  const staffPage = await staff.newPage();
  await signIn(staffPage, { role: "employee", staffRole: "admin" });
  await staffPage.goto("/employee-dashboard/support");
  await staffPage.getByRole("link", { name: "New logo files" }).click();
  await waitForHydration(staffPage);
  await expect(staffPage.getByRole("list", { name: "Files sent with the request" }).getByRole("link")).toHaveCount(2);
  await staffPage.getByLabel("Your reply").fill("Here is the mock-up with the new logo.");
  await staffPage.getByLabel("Attach files (optional)").setInputFiles({ name: "mockup.png", mimeType: "image/png", buffer: await logo() });
  await staffPage.getByRole("button", { name: "Send Reply" }).click();
  await expect(
    staffPage.getByRole("list", { name: "Files sent with this reply" }).getByRole("link", { name: /mockup\.png/ }),
  ).toBeVisible();
  await staff.close();

  await page.reload();
  await expect(card.getByRole("list", { name: /Files sent with .*reply/ }).getByRole("link", { name: /mockup\.png/ })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("The request form refuses a program with a clear message, then sends a request with a file", async ({ page }) => {
    await signIn(page, { role: "client" });
    await page.goto("/user-dashboard/support?new=1");
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Subject").fill("Invoice question");
    await dialog.getByLabel("Message").fill("See the attached invoice.");
    const program = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(2000, 1)]);
    await dialog.getByLabel("Attach files (optional)").setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: program });
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("dialog").getByText("“invoice.pdf” is a program; programs can't be shared here.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);

    const again = page.getByRole("dialog");
    await again.getByLabel("Subject").fill("Invoice question");
    await again.getByLabel("Message").fill("See the attached invoice.");
    await again
      .getByLabel("Attach files (optional)")
      .setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: pdfBytes() });
    await again.getByRole("button", { name: "Submit Request" }).click();
    const card = page.getByRole("main").getByRole("article").filter({ hasText: "Invoice question" });
    await expect(card.getByRole("link", { name: /invoice\.pdf/ })).toBeVisible();
  });
});
