import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import yauzl from "yauzl";
import { expectAccessible } from "./account-steps";
import { signIn } from "./fixtures";
import { ensureCompanyOf, waitForHydration } from "./helpers";

// Decision 0050: "Download my data" from portal Settings, by keyboard, and the
// same archive taken by an admin from the company page (a subject access request).

/** The entry names of a ZIP and one entry's text. */
function readZip(bytes: Buffer, entryName: string): Promise<{ names: string[]; text: string }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      let text = "";
      zip.on("error", reject);
      zip.on("end", () => resolve({ names, text }));
      zip.on("entry", (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        if (entry.fileName !== entryName) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            text = Buffer.concat(chunks).toString("utf8");
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

test("A client downloads their data from Settings with the keyboard, and an admin takes the same for them from the company page", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two sign-ins, two axe sweeps and two ZIPs built on the server: 22 s on a quiet run, past the
  // default 30 s when CI's two CPUs are shared.
  test.setTimeout(60_000);
  const client = await signIn(page, { role: "client", emailVerified: true });
  const companyId = ensureCompanyOf(client.id);
  await page.goto("/user-dashboard/settings");
  await waitForHydration(page);
  const link = page.getByRole("link", { name: "Download my data" });
  await expect(link).toBeVisible();
  await expectAccessible(page, "Settings with Download my data");

  await link.focus();
  const downloading = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const mine = await readZip(await readFile((await download.path())!), "profile.json");
  expect(mine.names.slice(0, 2)).toEqual(["README.txt", "profile.json"]);
  expect(JSON.parse(mine.text).account.email).toBe(client.email);

  const staff = await browser.newContext({ baseURL, acceptDownloads: true });
  const staffPage = await staff.newPage();
  await signIn(staffPage, { role: "employee", staffRole: "admin" });
  await staffPage.goto(`/employee-dashboard/clients/${companyId}`);
  await expectAccessible(staffPage, "Company page with Download data");
  const staffDownloading = staffPage.waitForEvent("download");
  await staffPage.getByRole("link", { name: `Download data of ${client.name || client.email}` }).click();
  const sar = await readZip(await readFile((await (await staffDownloading).path())!), "README.txt");
  expect(sar.text).toContain("by our staff at your request");
  expect(sar.text).toContain(client.email);
  await staff.close();
});
