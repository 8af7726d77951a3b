import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./fixtures";
import { startIsolatedServer, storeTheme, waitForHydration, type IsolatedServer } from "./helpers";

// Settings → Time and place: the agency's zone and locale, and each person's own zone from their
// browser. On a server of its own: the agency's settings are global, and the specs running in
// parallel on the main server keep the defaults.

// One server for the file (serial): the admin's settings are what the client's pages show.
test.describe.configure({ mode: "serial" });

let server: IsolatedServer;
test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.afterAll(async () => server?.stop());

/** React's hydration warnings, which a date formatted differently on the two sides would raise. */
function hydrationErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/hydrat/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test.describe("an admin without JavaScript (no browser zone is sent: the agency's applies)", () => {
  test.use({ javaScriptEnabled: false, timezoneId: "Europe/Berlin" });

  test("An admin sets the agency's zone and locale; console dates and <html lang> follow them; a bad locale is refused in place", async ({
    page,
  }) => {
    await signIn(page, { role: "employee", baseURL: server.baseURL, databaseFile: server.databaseFile });
    await page.goto(`${server.baseURL}/employee-dashboard/settings`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
    await page.getByRole("link", { name: "Time and place" }).click();
    await expect(page.getByRole("heading", { name: "Time and place" })).toBeVisible();

    await page.getByLabel("Locale").fill("klingon-nope");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter a locale this server knows, e.g. en-IN, en-US, en-GB or de-DE.")).toBeVisible();
    await expect(page.getByTestId("place-preview-date")).toHaveText("25 Nov 2026, 09:30 UTC");

    await page.getByLabel("Time zone").fill("Asia/Kolkata");
    await page.getByLabel("Locale").fill("en-IN");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Time and place saved. Pages, mails and schedules use them at once.")).toBeVisible();
    await expect(page.getByTestId("place-preview-date")).toHaveText(/^25 Nov 2026, 03:00\s(pm|PM) IST$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");

    // The audit log's entries of that save, in the agency's zone (this browser sent none of its own).
    await page.goto(`${server.baseURL}/employee-dashboard/audit`);
    const first = page.locator("main time").first();
    await expect(first).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\s(am|pm|AM|PM) IST$/);
    const instant = Date.parse((await first.getAttribute("datetime"))!);
    const expected = new Intl.DateTimeFormat("en-IN", {
      timeZone: "Asia/Kolkata",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZoneName: "short",
    }).format(instant);
    expect((await first.textContent())!.replace(/\s/g, " ")).toBe(expected.replace(/\s/g, " "));
  });
});

test.describe("a client whose browser is in New York", () => {
  test.use({ timezoneId: "America/New_York" });

  test("A client sees dates in their own zone, taken from the browser and kept; they can change it on Settings; no hydration mismatch", async ({
    page,
  }) => {
    const errors = hydrationErrors(page);
    await signIn(page, { role: "client", baseURL: server.baseURL, databaseFile: server.databaseFile, emailVerified: true });
    // The first page hands the browser's zone over (a cookie); every page after it is in that zone.
    await page.goto(`${server.baseURL}/user-dashboard/settings`);
    await waitForHydration(page);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Your time zone")).toHaveValue("America/New_York");
    const session = page.getByTestId("session-row").first();
    await expect(session).toContainText(/Signed in \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}(\s(am|pm|AM|PM))? (GMT-[45]|E[SD]T)/);

    // Chosen by hand, it stays whatever the browser says later.
    await page.getByLabel("Your time zone").fill("Asia/Tokyo");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByText("Time zone saved.")).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Your time zone")).toHaveValue("Asia/Tokyo");
    await expect(session).toContainText(/Signed in \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}(\s(am|pm|AM|PM))? (GMT\+9|JST)/);
    expect(errors).toEqual([]);
  });
});

test("Time and place and the 'Your time zone' row have no WCAG 2.1 AA violations in either theme", async ({ page }) => {
  await signIn(page, { role: "employee", baseURL: server.baseURL, databaseFile: server.databaseFile });
  for (const theme of ["light", "dark"] as const) {
    if (theme === "dark") await storeTheme(page, "dark");
    for (const path of ["/employee-dashboard/settings/place", "/employee-dashboard/account"]) {
      await page.goto(`${server.baseURL}${path}`);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).include("main").analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  }
});
