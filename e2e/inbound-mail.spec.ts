import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { pdf } from "../tests/fixtures/make-files";
import { signIn } from "./fixtures";
import { ensureCompanyOf, INBOUND_MAIL_SECRET, openDatabase, uniqueId, waitForHydration, waitForMail } from "./helpers";

// E-mail as a channel of the support desk (decision 0096): staff reply in the console; the client
// answers the notification mail from their own mail program, with a screenshot attached; the
// provider hands the raw message to the HTTP entry, and the answer shows live on both sides,
// its quoted history stripped, with its attachment and the "by e-mail" mark; staff can read the
// original as it was sent.

test.describe.configure({ timeout: 90_000 });

/** A header's value in a stored .eml (folded lines joined). */
function header(eml: string, name: string): string {
  const unfolded = eml.replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}: (.*)$`, "mi").exec(unfolded);
  if (!match) throw new Error(`no ${name} header in the mail`);
  return match[1]!.trim();
}

test("A client answers the desk's mail from their mail program; the reply and its attachment show live on both sides", async ({
  page,
  browser,
  baseURL,
}) => {
  const subject = `Export broken ${uniqueId()}`;
  const client = await signIn(page, { role: "client", emailVerified: true });
  const companyId = ensureCompanyOf(client.id);
  const requestId = randomUUID();
  const db = openDatabase();
  try {
    const now = Date.now();
    db.prepare(
      "insert into complaints (id, company_id, created_by, subject, message, status, created_at, updated_at, waiting_since) values (?, ?, ?, ?, 'The CSV export is empty.', 'Pending', ?, ?, ?)",
    ).run(requestId, companyId, client.id, subject, now, now, now);
  } finally {
    db.close();
  }

  const staffContext = await browser.newContext({ baseURL });
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, { role: "employee", staffRole: "delivery" });
  await staffPage.goto(`/employee-dashboard/support/${requestId}`);
  await waitForHydration(staffPage);
  const desk = staffPage.getByRole("main");
  const since = Date.now();
  await desk.getByLabel("Your reply").fill("Which browser do you use? A screenshot would help.");
  await desk.getByRole("button", { name: "Send Reply" }).click();
  await expect(desk.getByRole("list", { name: "Replies" }).getByText("A screenshot would help.")).toBeVisible();

  // The notification mail carries the signed reply address and its own Message-ID.
  const mail = await waitForMail(client.email, since, /New reply to your support request/);
  const replyTo = header(mail, "Reply-To");
  expect(replyTo).toMatch(/^reply\+[a-z2-7]+@/);
  const messageId = header(mail, "Message-ID");

  // Both sides are open while the answer arrives.
  await page.goto("/user-dashboard/support");
  await waitForHydration(page);
  const card = page.getByRole("main").getByRole("article").filter({ hasText: subject });
  await expect(card.getByText("A screenshot would help.")).toBeVisible();

  const raw = await new MailComposer({
    from: `${client.name} <${client.email}>`,
    to: replyTo,
    subject: `Re: ${subject}`,
    inReplyTo: messageId,
    references: messageId,
    messageId: `<${randomUUID()}@mail.client.example>`,
    text: [
      "Chrome 131 on Windows. The screenshot is attached.",
      "",
      `On Mon, 30 Nov 2026 at 10:00, Support <support@example.com> wrote:`,
      "> Which browser do you use? A screenshot would help.",
    ].join("\n"),
    attachments: [{ filename: "export-screen.pdf", content: pdf(), contentType: "application/pdf" }],
  })
    .compile()
    .build();
  const answer = await page.request.post("/api/inbound-mail", {
    headers: { Authorization: `Bearer ${INBOUND_MAIL_SECRET()}`, "Content-Type": "message/rfc822" },
    data: raw,
  });
  expect(answer.status()).toBe(202);

  // Live on both sides, without a reload: the answer without its quoted history, the file, the mark.
  const replies = desk.getByRole("list", { name: "Replies" });
  await expect(replies.getByText("Chrome 131 on Windows. The screenshot is attached.")).toBeVisible({ timeout: 15_000 });
  await expect(replies.getByText("by e-mail").first()).toBeVisible();
  await expect(replies.getByText("export-screen.pdf")).toBeVisible();
  await expect(replies).not.toContainText("wrote:");
  await expect(card.getByText("Chrome 131 on Windows. The screenshot is attached.")).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText("export-screen.pdf")).toBeVisible();

  // A replay of the same message adds nothing.
  const again = await page.request.post("/api/inbound-mail", {
    headers: { Authorization: `Bearer ${INBOUND_MAIL_SECRET()}`, "Content-Type": "message/rfc822" },
    data: raw,
  });
  expect(again.status()).toBe(202);
  await staffPage.reload();
  await expect(desk.getByRole("list", { name: "Replies" }).getByText("Chrome 131 on Windows.", { exact: false })).toHaveCount(1);

  // Staff read the mail as it was sent, quote included, and may download the raw message.
  await desk.getByRole("link", { name: "View the original mail" }).click();
  await expect(desk.getByRole("heading", { level: 2, name: `Re: ${subject}` })).toBeVisible();
  await expect(desk.getByText("> Which browser do you use? A screenshot would help.", { exact: false })).toBeVisible();
  await expect(desk.getByText("export-screen.pdf", { exact: false })).toBeVisible();
  const eml = await staffPage.request.get(
    (await desk.getByRole("link", { name: "Download the raw message (.eml)" }).getAttribute("href"))!,
  );
  expect(eml.status()).toBe(200);
  expect(eml.headers()["content-type"]).toBe("message/rfc822");
  await staffContext.close();
});
