import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { SESSION_COOKIE, type SignedInUser } from "./fixtures";
import { startIsolatedServer, waitForHydration, type IsolatedServer } from "./helpers";
import { forgetWhatWasSeen, seedVisualWorld, type VisualWorld } from "./visual-data";

// Visual regression of the main screens, desktop and phone, light and dark, on the demo content and
// the seed of e2e/visual-data.ts, served by an isolated server so no other spec's edits show. The
// brand typeface comes from an npm package (self-hosted), so text renders the same on every machine
// with this Chromium. Dates are masked: they move with the calendar, the layout around them does not.
//
// After an intended change of looks: `npx playwright test e2e/visual.spec.ts --update-snapshots`.
// With SCREENS_DIR set, each screen is also saved there as a JPEG for docs/screens/ (then the
// comparison is skipped, so the same file captures an older build for a before/after set).

type Who = "visitor" | "client" | "staff";

interface Screen {
  name: string;
  who: Who;
  path: (world: VisualWorld) => string;
  /** Waits until what the screenshot is about is on screen. */
  ready?: (page: Page) => Promise<void>;
  /** What moves with the calendar on this screen besides its dates. */
  moving?: (page: Page) => Locator[];
}

const SCREENS: Screen[] = [
  { name: "home", who: "visitor", path: () => "/" },
  { name: "services", who: "visitor", path: () => "/services" },
  { name: "service", who: "visitor", path: () => "/service/web-development" },
  { name: "cases", who: "visitor", path: () => "/cases" },
  { name: "careers", who: "visitor", path: () => "/careers" },
  { name: "login", who: "visitor", path: () => "/login" },
  { name: "portal-home", who: "client", path: () => "/user-dashboard" },
  { name: "portal-projects", who: "client", path: () => "/user-dashboard/projects" },
  { name: "portal-project", who: "client", path: (w) => `/user-dashboard/projects/${w.projectId}` },
  { name: "portal-support", who: "client", path: () => "/user-dashboard/support" },
  {
    name: "console-overview",
    who: "staff",
    path: () => "/employee-dashboard",
    // Its weeks end today: the labels and which week a seeded lead falls in change with the date.
    moving: (page) => [page.locator("figure").filter({ has: page.getByRole("img", { name: /^Leads per week/ }) })],
  },
  { name: "console-leads", who: "staff", path: () => "/employee-dashboard/leads" },
  { name: "console-project", who: "staff", path: (w) => `/employee-dashboard/projects/${w.projectId}` },
  { name: "console-milestones", who: "staff", path: (w) => `/employee-dashboard/projects/${w.projectId}/milestones` },
  { name: "console-request", who: "staff", path: (w) => `/employee-dashboard/support/${w.requestId}` },
  { name: "console-staff", who: "staff", path: () => "/employee-dashboard/staff" },
];

const VARIANTS = [
  { name: "desktop-light", viewport: { width: 1280, height: 800 }, phone: false, theme: "light" },
  { name: "desktop-dark", viewport: { width: 1280, height: 800 }, phone: false, theme: "dark" },
  { name: "phone-light", viewport: { width: 390, height: 844 }, phone: true, theme: "light" },
  { name: "phone-dark", viewport: { width: 390, height: 844 }, phone: true, theme: "dark" },
] as const;

type Variant = (typeof VARIANTS)[number];

const screensDir = process.env.SCREENS_DIR ? path.resolve(process.env.SCREENS_DIR) : null;

// One server and one seed for the whole file: the variants run in order in one worker.
test.describe.configure({ mode: "default" });

let server: IsolatedServer;
let world: VisualWorld;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = await startIsolatedServer();
  world = await seedVisualWorld(server.databaseFile);
});

test.afterAll(async () => {
  await server?.stop();
});

async function contextFor(browser: Browser, variant: Variant, user: SignedInUser | null): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: variant.viewport,
    isMobile: variant.phone,
    hasTouch: variant.phone,
    // One pixel per CSS pixel keeps the recorded images small; layout is what they guard.
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
  });
  await context.addInitScript((theme) => window.localStorage.setItem("theme", theme), variant.theme);
  if (user) {
    const value = user.cookie.slice(SESSION_COOKIE.length + 1);
    await context.addCookies([{ name: SESSION_COOKIE, value, url: server.baseURL, httpOnly: true, sameSite: "Lax" }]);
  }
  return context;
}

for (const variant of VARIANTS) {
  test(`The main screens look as recorded: ${variant.name}`, async ({ browser }) => {
    test.setTimeout(180_000);
    forgetWhatWasSeen(server.databaseFile);
    const contexts: Record<Who, BrowserContext> = {
      visitor: await contextFor(browser, variant, null),
      client: await contextFor(browser, variant, world.client),
      staff: await contextFor(browser, variant, world.staff),
    };
    try {
      for (const screen of SCREENS) {
        const page = await contexts[screen.who].newPage();
        await page.goto(screen.path(world));
        await waitForHydration(page);
        await page.evaluate(() => document.fonts.ready);
        await screen.ready?.(page);
        // Every date reads the same, so a column sized by "4 hours ago" or a day's name is as wide
        // on every run; the masks then hide what they say.
        await page.evaluate(() => {
          for (const time of document.querySelectorAll("time")) time.textContent = "1 Jan 2026, 09:00";
        });
        const file = `${screen.name}-${variant.name}`;
        const options = {
          animations: "disabled" as const,
          caret: "hide" as const,
          mask: [page.locator("time"), ...(screen.moving?.(page) ?? [])],
        };
        if (screensDir) {
          mkdirSync(screensDir, { recursive: true });
          await page.screenshot({ ...options, path: path.join(screensDir, `${file}.jpg`), type: "jpeg", quality: 70 });
        } else {
          await expect.soft(page, `${screen.name} (${variant.name})`).toHaveScreenshot(`${file}.png`, {
            ...options,
            maxDiffPixelRatio: 0.01,
          });
        }
        await page.close();
      }
    } finally {
      await Promise.all(Object.values(contexts).map((context) => context.close()));
    }
  });
}
