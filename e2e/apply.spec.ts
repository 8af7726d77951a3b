import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { demoOpenings } from "../app/content/demo-openings";
import {
  agreeToPrivacyNotice,
  collectDialogs,
  MIN_FILL_MS,
  openDatabase,
  pdfBytes,
  STORAGE_DIR,
  storeTheme,
  uniqueId,
  waitForHydration,
  waitForMail,
} from "./helpers";

// SPEC §5 and §8, exact texts.
const SUCCESS = "Application submitted successfully!";
const TYPE_MESSAGE = "Only PDF or Word documents are allowed.";
const SIZE_MESSAGE = "File size must be less than 10 MB.";
const HELP_TEXT = "Only PDF or Word documents under 10 MB are accepted.";
const MAX_BYTES = 10_485_760;
// The consent box's message (app/lib/privacy-consent.ts).
const CONSENT_MESSAGE = "Please tick the box to agree to the privacy notice before sending.";

const opening = demoOpenings[1]!;
const APPLY_PATH = `/apply/${opening.id}`;

interface ApplicationRow {
  id: string;
  name: string;
  email: string;
  message: string;
  resume: string;
  resume_name: string;
  resume_type: string;
  resume_size: number;
  job_id: string;
  submitted_at: number;
  applied_by: string | null;
  consent_version: string | null;
  consented_at: number | null;
}

function applicationsFor(email: string): ApplicationRow[] {
  const db = openDatabase();
  try {
    return db.prepare("select * from job_applications where email = ?").all(email) as ApplicationRow[];
  } finally {
    db.close();
  }
}

/** Stored resumes whose key contains `marker` (keys are resumes/{owner}_{timestamp}_{name}). */
function storedResumes(marker: string): string[] {
  const dir = path.join(STORAGE_DIR(), "resumes");
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.includes(marker)) : [];
}

function newCandidate() {
  const uid = uniqueId();
  return { uid, name: `Meera Iyer ${uid}`, email: `apply-${uid}@example.com`, message: `I would love to join (${uid}).` };
}

async function openApplyForm(page: Page) {
  await page.goto(APPLY_PATH);
  await waitForHydration(page);
  return page.getByRole("main").locator("form");
}

function resumeInput(page: Page) {
  return page.getByLabel("Resume");
}

async function chosenFiles(page: Page): Promise<string[]> {
  return resumeInput(page).evaluate((el: HTMLInputElement) => [...(el.files ?? [])].map((f) => f.name));
}

/** Records every upload progress bar the page shows, however briefly (label text and value). */
async function recordProgressBars(page: Page) {
  await page.evaluate(() => {
    const seen: { label: string; value: string | null; max: string | null }[] = [];
    (window as unknown as { __progress: typeof seen }).__progress = seen;
    const record = () => {
      for (const bar of document.querySelectorAll("progress")) {
        const label = bar.labels?.[0]?.textContent ?? "";
        const entry = { label, value: bar.getAttribute("value"), max: bar.getAttribute("max") };
        if (!seen.some((s) => s.label === entry.label && s.value === entry.value)) seen.push(entry);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __progress: { label: string; value: string | null; max: string | null }[] }).__progress);
}

test("The application form has the fields of SPEC §5 and the resume helper text", async ({ page }) => {
  const form = await openApplyForm(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Apply for ${opening.title}`);
  await expect(form.getByLabel("Full Name")).toHaveAttribute("type", "text");
  await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(form.getByLabel("Message")).toBeVisible();
  await expect(form.locator("label", { hasText: "Message" })).toContainText("(optional)");
  await expect(form.locator("label", { hasText: "Resume" })).toContainText("(optional)");
  await expect(resumeInput(page)).toHaveAttribute("type", "file");
  await expect(resumeInput(page)).toHaveAttribute("accept", ".pdf,.doc,.docx");
  await expect(page.getByText(HELP_TEXT, { exact: true })).toBeVisible();
  await expect(resumeInput(page)).toHaveAccessibleDescription(new RegExp(HELP_TEXT.replace(/\./g, "\\.")));
  await expect(form.getByRole("button", { name: "Submit Application" })).toBeEnabled();
});

test("A guest applies with a PDF resume: the upload progress bar shows, the success alert appears, the form clears and the application is stored", async ({
  page,
}) => {
  const started = Date.now();
  const dialogs = collectDialogs(page);
  const who = newCandidate();
  const resume = pdfBytes(4 * 1024 * 1024);
  const fileName = `cv-${who.uid}.pdf`;

  const form = await openApplyForm(page);
  const progressBars = await recordProgressBars(page);
  await form.getByLabel("Full Name").fill(who.name);
  await form.getByLabel("Email").fill(who.email);
  await agreeToPrivacyNotice(form);
  await form.getByLabel("Message").fill(who.message);
  await resumeInput(page).setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: resume });
  expect(await chosenFiles(page)).toEqual([fileName]);
  expect(dialogs).toEqual([]);

  const button = form.getByRole("button", { name: /Submit Application|Submitting\.\.\./ });
  await button.click();
  await expect(button).toHaveText("Submitting...");
  await expect(button).toBeDisabled();
  // The bar appears once the form starts posting (after the minimum fill time) and stays until the
  // answer; on loopback that can be shorter than a frame, so a MutationObserver records it.

  await expect.poll(() => dialogs, { timeout: 15_000 }).toEqual([SUCCESS]);
  const bars = await progressBars();
  expect(bars.length, "an upload progress bar was shown").toBeGreaterThan(0);
  for (const bar of bars) {
    expect(bar.label).toMatch(/^Uploading resume: \d{1,3}%$/);
    expect(bar.max).toBe("100");
    expect(bar.label).toBe(`Uploading resume: ${bar.value}%`);
  }
  await expect(page.locator("progress")).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ has: page.getByText(SUCCESS, { exact: true }) })).toBeVisible();
  // The panel says what happens next and where to go, and keyboard focus starts from its title.
  const panel = page.getByRole("region", { name: SUCCESS });
  await expect(panel.getByRole("heading", { name: SUCCESS })).toBeFocused();
  await expect(panel.getByRole("listitem")).toHaveCount(2);
  await expect(panel.getByRole("listitem").first()).toContainText(`confirmation of your application for ${opening.title}.`);
  await expect(panel.getByRole("link", { name: "See other openings" })).toHaveAttribute("href", "/careers");

  // The form is cleared and ready again.
  await expect(form.getByLabel("Full Name")).toHaveValue("");
  await expect(form.getByLabel("Email")).toHaveValue("");
  await expect(form.getByLabel("Message")).toHaveValue("");
  expect(await chosenFiles(page)).toEqual([]);
  await expect(form.getByRole("button", { name: "Submit Application" })).toBeEnabled();

  const rows = applicationsFor(who.email);
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  expect(row).toMatchObject({
    name: who.name,
    message: who.message,
    job_id: opening.id,
    applied_by: null,
    resume_name: fileName,
    resume_type: "pdf",
  });
  expect(Number(row.resume_size)).toBe(resume.length);
  expect(row.resume).toMatch(new RegExp(`^resumes/guest_\\d+_cv-${who.uid}\\.pdf$`));
  expect(Number(row.submitted_at)).toBeGreaterThanOrEqual(started);
  // Kept privately, byte for byte, and never served from a public URL.
  expect(statSync(path.join(STORAGE_DIR(), row.resume)).size).toBe(resume.length);
  const direct = await page.request.get(`/${row.resume}`, { maxRedirects: 0 });
  expect(direct.status()).not.toBe(200);
  await waitForMail(who.email, started);
});

test("Choosing a file that is not PDF or Word alerts 'Only PDF or Word documents are allowed.' and clears the picker", async ({ page }) => {
  const dialogs = collectDialogs(page);
  await openApplyForm(page);
  await resumeInput(page).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("plain text\n") });
  await expect.poll(() => dialogs).toEqual([TYPE_MESSAGE]);
  expect(await chosenFiles(page)).toEqual([]);
  await expect(resumeInput(page)).toHaveValue("");

  await resumeInput(page).setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
  });
  await expect.poll(() => dialogs).toEqual([TYPE_MESSAGE, TYPE_MESSAGE]);
  expect(await chosenFiles(page)).toEqual([]);

  // A Word document is fine.
  await resumeInput(page).setInputFiles({
    name: "cv.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: Buffer.from("PK\u0003\u0004", "latin1"),
  });
  expect(await chosenFiles(page)).toEqual(["cv.docx"]);
  expect(dialogs).toHaveLength(2);
});

test("Choosing a resume over 10 MB alerts 'File size must be less than 10 MB.' and clears the picker; exactly 10 MB is fine", async ({
  page,
}) => {
  const dialogs = collectDialogs(page);
  await openApplyForm(page);
  await resumeInput(page).setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: pdfBytes(MAX_BYTES + 1) });
  await expect.poll(() => dialogs).toEqual([SIZE_MESSAGE]);
  expect(await chosenFiles(page)).toEqual([]);

  await resumeInput(page).setInputFiles({ name: "limit.pdf", mimeType: "application/pdf", buffer: pdfBytes(MAX_BYTES) });
  expect(await chosenFiles(page)).toEqual(["limit.pdf"]);
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([SIZE_MESSAGE]);
});

test("A renamed executable (cv.pdf) is refused by the server with 'Only PDF or Word documents are allowed.' and nothing is stored", async ({
  page,
}) => {
  const dialogs = collectDialogs(page);
  const who = newCandidate();
  const fileName = `cv-${who.uid}.pdf`;
  // An ELF header: the browser only sees the name and the type, the server reads the bytes.
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(4096, 0x90)]);

  const form = await openApplyForm(page);
  await form.getByLabel("Full Name").fill(who.name);
  await form.getByLabel("Email").fill(who.email);
  await agreeToPrivacyNotice(form);
  await resumeInput(page).setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: elf });
  expect(dialogs, "the browser's check lets it through").toEqual([]);
  await form.getByRole("button", { name: "Submit Application" }).click();

  await expect.poll(() => dialogs, { timeout: 15_000 }).toEqual([TYPE_MESSAGE]);
  await expect(page.getByText(TYPE_MESSAGE, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
  // What was typed stays for a second try.
  await expect(form.getByLabel("Full Name")).toHaveValue(who.name);
  await expect(form.getByRole("button", { name: "Submit Application" })).toBeEnabled();
  expect(applicationsFor(who.email)).toEqual([]);
  expect(storedResumes(who.uid)).toEqual([]);
});

test("A guest can apply without a resume", async ({ page }) => {
  const dialogs = collectDialogs(page);
  const who = newCandidate();
  const form = await openApplyForm(page);
  const progressBars = await recordProgressBars(page);
  await form.getByLabel("Full Name").fill(who.name);
  await form.getByLabel("Email").fill(who.email);
  await agreeToPrivacyNotice(form);
  await form.getByRole("button", { name: "Submit Application" }).click();

  await expect.poll(() => dialogs, { timeout: 15_000 }).toEqual([SUCCESS]);
  await expect(page.getByRole("alert").filter({ has: page.getByText(SUCCESS, { exact: true }) })).toBeVisible();
  await expect(form.getByLabel("Full Name")).toHaveValue("");
  expect(await progressBars(), "no resume, no upload bar").toEqual([]);
  const rows = applicationsFor(who.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ name: who.name, message: "", resume: "", resume_name: "", applied_by: null, job_id: opening.id });
});

test("An application without a name is refused with a field error and not stored", async ({ page }) => {
  const dialogs = collectDialogs(page);
  const who = newCandidate();
  const form = await openApplyForm(page);
  await form.getByLabel("Email").fill(who.email);
  await agreeToPrivacyNotice(form);
  await form.getByRole("button", { name: "Submit Application" }).click();
  const name = form.getByLabel("Full Name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  const errorId = (await name.getAttribute("aria-describedby"))?.split(" ")[0] ?? "";
  await expect(page.locator(`[id="${errorId}"]`)).not.toBeEmpty();
  await page.waitForTimeout(MIN_FILL_MS);
  expect(dialogs).toEqual([]);
  expect(applicationsFor(who.email)).toEqual([]);
});

test("An application that cannot be sent alerts 'Error submitting application.' and keeps what was typed", async ({ page }) => {
  const dialogs = collectDialogs(page);
  const who = newCandidate();
  const form = await openApplyForm(page);
  await page.route("**/apply/*/submit", (route) => route.abort("connectionreset"));
  await form.getByLabel("Full Name").fill(who.name);
  await form.getByLabel("Email").fill(who.email);
  await agreeToPrivacyNotice(form);
  await form.getByRole("button", { name: "Submit Application" }).click();

  await expect.poll(() => dialogs, { timeout: 15_000 }).toEqual(["Error submitting application."]);
  await expect(page.getByText("Error submitting application.", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Full Name")).toHaveValue(who.name);
  await expect(form.getByLabel("Email")).toHaveValue(who.email);
  await expect(form.getByRole("button", { name: "Submit Application" })).toBeEnabled();
  expect(applicationsFor(who.email)).toEqual([]);
});

test.describe("Without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest's application with a resume is posted by the page and stored", async ({ page }) => {
    const started = Date.now();
    const who = newCandidate();
    const fileName = `cv-${who.uid}.pdf`;
    const resume = pdfBytes();
    await page.goto(APPLY_PATH);
    const loaded = Date.now();
    const form = page.getByRole("main").locator("form");
    await expect(form).toHaveAttribute("enctype", "multipart/form-data");
    await form.getByLabel("Full Name").fill(who.name);
    await form.getByLabel("Email").fill(who.email);
    await agreeToPrivacyNotice(form);
    await form.getByLabel("Message").fill(who.message);
    await resumeInput(page).setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: resume });
    // The server drops forms posted less than 3 s after they were served.
    await page.waitForTimeout(Math.max(0, loaded + MIN_FILL_MS - Date.now()));
    await form.getByRole("button", { name: "Submit Application" }).click();

    await expect(page.getByText(SUCCESS, { exact: true })).toBeVisible();
    const rows = applicationsFor(who.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: who.name, message: who.message, applied_by: null, job_id: opening.id, resume_name: fileName });
    expect(rows[0]!.resume).toMatch(/^resumes\/guest_\d+_/);
    expect(Number(rows[0]!.resume_size)).toBe(resume.length);
    expect(Number(rows[0]!.submitted_at)).toBeGreaterThanOrEqual(started);
    expect(rows[0]!.consent_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number(rows[0]!.consented_at)).toBe(Number(rows[0]!.submitted_at));
  });

  test("an application without consent is refused next to the box and the page keeps what was typed", async ({ page }) => {
    const who = newCandidate();
    await page.goto(APPLY_PATH);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: /Privacy Policy/ })).toHaveAttribute("href", "/privacy");
    const form = main.locator("form");
    await form.getByLabel("Full Name").fill(who.name);
    await form.getByLabel("Email").fill(who.email);
    await form.getByLabel("Message").fill(who.message);
    await page.waitForTimeout(MIN_FILL_MS);
    // Skip the browser's own check of the required box, to reach the server's.
    await form.evaluate((el: HTMLFormElement) => (el.noValidate = true));
    await form.getByRole("button", { name: "Submit Application" }).click();

    const box = main.getByRole("checkbox", { name: /^I agree/ });
    await expect(box).toHaveAttribute("aria-invalid", "true");
    const errorId = (await box.getAttribute("aria-describedby"))?.split(" ")[0] ?? "";
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText(CONSENT_MESSAGE);
    await expect(main.getByLabel("Full Name")).toHaveValue(who.name);
    await expect(main.getByLabel("Email")).toHaveValue(who.email);
    await expect(main.getByLabel("Message")).toHaveValue(who.message);
    expect(applicationsFor(who.email)).toEqual([]);
  });
});

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

for (const theme of ["light", "dark"] as const) {
  for (const route of ["/careers", `/careers/${opening.id}`, APPLY_PATH]) {
    test(`${route} has no WCAG 2.1 AA violations in the ${theme} theme`, async ({ page }) => {
      if (theme === "dark") await storeTheme(page, "dark");
      await page.goto(route);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      const summary = results.violations
        .map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  - ${n.target.join(" ")}`).join("\n")}`)
        .join("\n");
      expect(results.violations, summary).toEqual([]);
    });
  }
}

test("The application form with a field error and a refused file has no WCAG 2.1 AA violations", async ({ page }) => {
  collectDialogs(page);
  const form = await openApplyForm(page);
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await resumeInput(page).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
  await expect(page.getByText(TYPE_MESSAGE, { exact: true })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
