import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// End-to-end tests run against the built production server (`npm run build` first) in Debian's
// Chromium. Nothing here may download a browser: run them with `npm run test:e2e`.
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
// scripts/e2e.mjs creates a fresh directory per run; a fixed fallback keeps direct runs working.
const tmpDir = process.env.E2E_TMP_DIR ?? path.join(os.tmpdir(), `agency-site-e2e-${port}`);
// Where the server under test keeps its data. Exported so that specs (running in worker processes,
// which inherit this environment) can open the same SQLite file, uploads and mails; see e2e/helpers.ts.
const databaseFile = path.join(tmpDir, "e2e.sqlite");
const storageDir = path.join(tmpDir, "uploads");
process.env.E2E_BASE_URL = baseURL;
process.env.E2E_TMP_DIR = tmpDir;
process.env.E2E_DATABASE_FILE = databaseFile;
process.env.E2E_STORAGE_DIR = storageDir;
// The server's AUTH_SECRET: e2e/fixtures.ts signs the session cookies of the users it inserts with it.
const authSecret = "e2e-only-secret-e2e-only-secret-e2e-only-secret";
process.env.E2E_AUTH_SECRET = authSecret;
// Inbound mail as the browser tests' start-up contract sets it: e2e/inbound-mail.spec.ts posts to the entry.
const inboundSecret = "e2e-inbound-secret-e2e-inbound-secret";
process.env.E2E_INBOUND_MAIL_SECRET = inboundSecret;
// SMTP_URL is unset for the server, so mails are written as .eml files under ./data/mail relative
// to its working directory, which is this file's directory (Playwright's webServer default).
process.env.E2E_MAIL_DIR = path.join(import.meta.dirname, "data", "mail");
// The server and the tools the specs start run in this directory: they never read a developer's
// .env here (decision 0063). Workers inherit it, as they do the variables above.
process.env.ENV_FILE = "off";

const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const MOBILE_SPEC = /.*\.mobile\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  // A staff account on the main server before any spec (first-run setup done): e2e/global-setup.ts.
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  timeout: 30_000,
  // Two workers, isolated servers and event streams share two cores in CI: a post and its reload
  // can take longer than the default 5 s there without anything being wrong.
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
    trace: "off",
  },
  projects: [
    {
      name: "chromium-desktop",
      testIgnore: MOBILE_SPEC,
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
    {
      name: "chromium-mobile",
      testMatch: MOBILE_SPEC,
      use: {
        browserName: "chromium",
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 3,
      },
    },
  ],
  webServer: {
    command: "node --max-semi-space-size=2 build/server.js",
    url: `${baseURL}/robots.txt`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: baseURL,
      LOG_LEVEL: "warn",
      GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=32768",
      DATABASE_URL: `file:${databaseFile}`,
      STORAGE_DIR: storageDir,
      AUTH_SECRET: authSecret,
      // The journeys read the .eml files and the seeded demo openings/testimonials.
      SMTP_URL: "",
      DEMO_CONTENT: "on",
      // The start-up contract for browser tests: staff sign in with a password alone;
      // e2e/two-factor.spec.ts starts its own server with STAFF_2FA=required.
      STAFF_2FA: "optional",
      INBOUND_MAIL_SECRET: inboundSecret,
      INBOUND_REPLY_ADDRESS: "reply@in.agency.test",
      WEBHOOK_ALLOWED_HOSTS: "127.0.0.1,localhost",
    },
  },
});
