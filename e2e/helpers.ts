import { randomBytes, randomUUID } from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";

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
  "/forgot-password",
];

/**
 * Resolves once React has hydrated the document and run its effects (the root layout then marks
 * <html data-hydrated>): listeners such as the staff shortcuts are in place.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/** Stores the theme preference before any page script runs (like a returning visitor). */
/** Ticks the privacy notice's consent box of the quote or apply form. */
export async function agreeToPrivacyNotice(scope: Locator | Page) {
  await scope.getByRole("checkbox", { name: /^I agree/ }).check();
}

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

// ---------------------------------------------------------------------------------------------
// Data of the server under test.
//
// playwright.config.ts exports where the server keeps its data (worker processes inherit it):
//   E2E_BASE_URL       the server's URL (the specs' baseURL)
//   E2E_DATABASE_FILE  the SQLite file (DATABASE_URL=file:…); columns are snake_case, see
//                      app/server/db/migrations/*.ts. The server runs it in WAL mode, so a spec may
//                      read and write it while the server is running.
//   E2E_STORAGE_DIR    STORAGE_DIR (stored resumes live under resumes/…)
//   E2E_MAIL_DIR       where the .eml files go (SMTP_URL is unset): ./data/mail of the repository
//   E2E_TMP_DIR        the run's throw-away directory (scripts/e2e.mjs removes it afterwards)
//   E2E_AUTH_SECRET    the AUTH_SECRET of the server (and of isolated servers): signs session cookies
// Rows written directly in the database reach open pages through the content watcher, which
// polls every 2 s and publishes the change over server-sent events.
// ---------------------------------------------------------------------------------------------

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs through playwright.config.ts (npm run test:e2e).`);
  return value;
}

export const DATABASE_FILE = () => requiredEnv("E2E_DATABASE_FILE");
export const STORAGE_DIR = () => requiredEnv("E2E_STORAGE_DIR");
export const MAIL_DIR = () => requiredEnv("E2E_MAIL_DIR");
export const TMP_DIR = () => requiredEnv("E2E_TMP_DIR");
export const AUTH_SECRET = () => requiredEnv("E2E_AUTH_SECRET");
/** The bearer secret of the server's inbound mail entry (playwright.config.ts). */
export const INBOUND_MAIL_SECRET = () => requiredEnv("E2E_INBOUND_MAIL_SECRET");

/** Opens the server's SQLite file (close it when done, e.g. in afterAll). */
export function openDatabase(file = DATABASE_FILE()): Database.Database {
  const db = new Database(file, { fileMustExist: true });
  db.pragma("busy_timeout = 10000");
  return db;
}

/** A short unique token for titles, e-mail addresses and file names of one test. */
export function uniqueId(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
}

/** The server drops forms posted less than 3 s after they were served (spam defence); 3.5 s is safe. */
export const MIN_FILL_MS = 3_500;

export interface OpeningRow {
  id: string;
  title: string;
  location: string;
  type: string;
  description: string;
  salary: string;
  requirements: string[];
}

/** Inserts an open job opening straight into the database and returns it. */
export function insertOpening(db: Database.Database, overrides: Partial<OpeningRow> = {}): OpeningRow {
  const uid = uniqueId();
  const opening: OpeningRow = {
    id: `e2e-${uid}`,
    title: `E2E Test Engineer ${uid}`,
    location: "Pune, India (on-site)",
    type: "Contract",
    description: `An opening written by the end-to-end tests (${uid}). It checks that new roles appear without a reload.`,
    salary: "₹1–2 LPA",
    requirements: ["Runs in a browser", "Leaves no trace"],
    ...overrides,
  };
  const now = Date.now();
  db.prepare(
    `insert into job_openings (id, title, location, type, description, salary, requirements, status, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)`,
  ).run(
    opening.id,
    opening.title,
    opening.location,
    opening.type,
    opening.description,
    opening.salary,
    JSON.stringify(opening.requirements),
    now,
    now,
  );
  return opening;
}

export function setOpeningStatus(db: Database.Database, id: string, status: "open" | "closed") {
  db.prepare("update job_openings set status = ?, updated_at = ? where id = ?").run(status, Date.now(), id);
}

/**
 * Resolves once the page's server-sent events stream (e.g. /events/careers) has answered: from then
 * on the server has subscribed the page to changes. Call before the navigation that opens it.
 */
export function eventStreamOpened(page: Page, path: string) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === path && response.ok());
}

/** Marks the current document; `expectSameDocument` then fails if the page was reloaded meanwhile. */
export async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __e2eMark: boolean }).__e2eMark = true));
}

export async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true), "the page was not reloaded").toBe(
    true,
  );
}

/** Collects every window.alert/confirm message of a page and accepts it. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** A small but well-formed one-page PDF; `padTo` pads it (inside a comment stream) to that many bytes. */
export function pdfBytes(padTo = 0): Buffer {
  const head = "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n";
  const body =
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n" +
    "trailer << /Root 1 0 R >>\n";
  const tail = "%%EOF\n";
  const base = Buffer.from(head + body + tail, "latin1");
  if (padTo <= base.length) return base;
  // Lines of "%" are PDF comments, which readers ignore.
  const padding = Buffer.alloc(padTo - base.length, 0x25);
  for (let i = 99; i < padding.length; i += 100) padding[i] = 0x0a;
  padding[padding.length - 1] = 0x0a;
  return Buffer.concat([Buffer.from(head + body, "latin1"), padding, Buffer.from(tail, "latin1")]);
}

/**
 * Polls the mail directory for a .eml file written since `since` and addressed (To:) to `address`;
 * returns its text.
 */
export async function waitForMail(address: string, since: number, match: RegExp = /./, timeoutMs = 15_000): Promise<string> {
  const dir = MAIL_DIR();
  const deadline = Date.now() + timeoutMs;
  const to = new RegExp(`^To: (?:.*<)?${address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}>?\\s*$`, "mi");
  for (;;) {
    const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".eml")) : [];
    for (const name of names) {
      const file = path.join(dir, name);
      if (statSync(file).mtimeMs < since - 1_000) continue;
      const text = readFileSync(file, "utf8");
      // Quoted-printable may fold a long link anywhere: match what the reader's mail program shows.
      const unfolded = text.replace(/=\r?\n/g, "");
      if (to.test(text) && match.test(unfolded)) return text;
    }
    if (Date.now() > deadline) throw new Error(`No .eml to ${address} under ${dir} since ${new Date(since).toISOString()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface IsolatedServer {
  baseURL: string;
  databaseFile: string;
  storageDir: string;
  /** What the server has logged so far (stdout and stderr): the setup code's line, for one. */
  output(): string;
  stop(): Promise<void>;
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface IsolatedServerOptions {
  /** Listen here (e.g. chosen with freePort() when other services must know APP_URL first). */
  port?: number;
  /** Extra or overriding environment, e.g. SMTP_URL or GOOGLE_CLIENT_ID/SECRET/ISSUER. */
  env?: Record<string, string>;
  /**
   * true: leave the install as a fresh one, with first-run setup to do (e2e/setup.spec.ts). By
   * default a staff account is made first, as the start-up contract does with the CLI, so the
   * staff login is the login and not /setup.
   */
  fresh?: boolean;
}

/**
 * Starts a second instance of the built server (build/server.js) on a free loopback port with its
 * own, freshly seeded database, for tests that must change global state (e.g. close every opening)
 * or need their own configuration (`options.env`), without disturbing the specs that run in
 * parallel against the main server. APP_URL is the instance's own URL.
 */
export async function startIsolatedServer(options: IsolatedServerOptions = {}): Promise<IsolatedServer> {
  const dir = mkdtempSync(path.join(TMP_DIR(), "isolated-"));
  const databaseFile = path.join(dir, "db.sqlite");
  const storageDir = path.join(dir, "uploads");
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/server.js"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: baseURL,
      LOG_LEVEL: "warn",
      DATABASE_URL: `file:${databaseFile}`,
      STORAGE_DIR: storageDir,
      AUTH_SECRET: AUTH_SECRET(),
      SMTP_URL: "",
      DEMO_CONTENT: "on",
      // As the main server (playwright.config.ts); a spec passes STAFF_2FA=required to test that.
      STAFF_2FA: "optional",
      ...options.env,
    },
  });
  let stderr = "";
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The isolated server exited (${child.exitCode}): ${stderr}`);
    const up = await fetch(`${baseURL}/robots.txt`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The isolated server did not start on ${baseURL}: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // The file the server really uses: a spec may point two servers at one database.
  const served = options.env?.DATABASE_URL?.startsWith("file:") ? options.env.DATABASE_URL.slice("file:".length) : databaseFile;
  if (!options.fresh) markSetupDone(served);
  return { baseURL, databaseFile, storageDir, output: () => output, stop };
}

/**
 * Makes first-run setup count as done on a server's database, as `npm run staff -- add` would
 * before the browser tests start (the start-up contract), without the CLI's few seconds: a disabled
 * staff account without a password, which nobody can sign in with and no list of assignable staff shows.
 */
export function markSetupDone(databaseFile = DATABASE_FILE()): void {
  const db = openDatabase(databaseFile);
  try {
    const now = new Date().toISOString();
    db.prepare(
      "insert into users (id, name, email, email_verified, image, role, staff_role, staff_disabled_at, created_at, updated_at) values (?, 'Operator', ?, 1, null, 'employee', null, ?, ?, ?) on conflict do nothing",
    ).run(
      randomBytes(16).toString("hex"),
      `operator-${uniqueId()}@${process.env.COMPANY_DOMAIN || "indigokite.dev"}`,
      Date.now(),
      now,
      now,
    );
  } finally {
    db.close();
  }
}

/**
 * Creates a staff account with the real command line (`npm run staff -- add …`, i.e.
 * `tsx scripts/staff.ts add`) against a server's SQLite file; returns what it printed.
 */
export function addStaffWithCli(email: string, password: string, databaseFile = DATABASE_FILE()): string {
  const result = spawnSync("npx", ["--no-install", "tsx", "scripts/staff.ts", "add", email, "--password", password], {
    encoding: "utf8",
    timeout: 60_000,
    env: {
      ...process.env,
      DATABASE_URL: `file:${databaseFile}`,
      STORAGE_DIR: path.join(path.dirname(databaseFile), "uploads"),
      AUTH_SECRET: AUTH_SECRET(),
      LOG_LEVEL: "warn",
    },
  });
  if (result.status !== 0) throw new Error(`staff add ${email} exited ${result.status}: ${result.stderr}${result.stdout}`);
  return result.stdout.trim();
}

/**
 * The company a fixture client works in, made as their first portal visit would (their
 * own, with them as its client admin) when they have none yet. Returns its id.
 */
export function ensureCompanyOf(userId: string, file = DATABASE_FILE()): string {
  const db = openDatabase(file);
  try {
    const row = db.prepare("select company_id as companyId, name from users where id = ?").get(userId) as
      { companyId: string | null; name: string } | undefined;
    if (!row) throw new Error(`no user ${userId}`);
    if (row.companyId) return row.companyId;
    const id = randomUUID();
    const now = Date.now();
    db.prepare(
      "insert into companies (id, name, website, country, origin, created_at, updated_at) values (?, ?, '', '', 'self', ?, ?)",
    ).run(id, row.name || "Client", now, now);
    db.prepare("update users set company_id = ?, client_admin = 1 where id = ?").run(id, userId);
    return id;
  } finally {
    db.close();
  }
}
