import { describe, expect, test } from "vitest";
import { authResultsFrom, parseInbound } from "~/server/mail/inbound-parse.server";
import { isRecipient, readReplyToken, replyToken } from "~/server/mail/reply-token.server";
import { mailFixture } from "../helpers/inbound-mail";

// Decision 0096: what the router reads of real-world replies (tests/fixtures/mail/).

describe("An inbound mail's new text", () => {
  test("A Gmail reply keeps the new lines and drops the “On … wrote:” quote, the full text staying", async () => {
    const mail = await parseInbound(mailFixture("gmail-reply.eml"), "in.example.com");
    expect(mail.text).toBe("Thanks, that fixed it! The export works again.");
    expect(mail.fullText).toContain("Please clear the cache");
    expect(mail.from).toBe("asha@kite.example");
  });

  test("An Outlook reply drops the “From: … Sent:” block under its line", async () => {
    const mail = await parseInbound(mailFixture("outlook-reply.eml"), undefined);
    expect(mail.text).toBe("Hi Sana,\n\nCould you send the invoice again? The link in the last mail has expired.");
  });

  test("An Apple Mail reply drops “Sent from my iPhone” and the quote", async () => {
    const mail = await parseInbound(mailFixture("apple-mail-reply.eml"), undefined);
    expect(mail.text).toBe("Sounds good, I will try it tonight.");
  });

  test("An HTML-only mail is read as text, its quote dropped", async () => {
    const mail = await parseInbound(mailFixture("html-only.eml"), undefined);
    expect(mail.text).toContain("The new logo looks great");
    expect(mail.text).not.toContain("Here is the new logo");
  });

  test("A new mail's signature after “--” is dropped and its attachments are listed", async () => {
    const mail = await parseInbound(mailFixture("new-request.eml"), undefined);
    expect(mail.text).toBe("Since this morning staging.kite.example answers 502. Screenshot attached.");
    expect(mail.attachments.map((a) => a.filename)).toEqual(["notes.txt", "setup.exe"]);
    expect(mail.automatic).toBeNull();
  });
});

describe("Machine mail and authentication", () => {
  test("An out-of-office reply is recognised by its Auto-Submitted header", async () => {
    const mail = await parseInbound(mailFixture("auto-reply.eml"), undefined);
    expect(mail.automatic).toBe("Auto-Submitted: auto-replied");
  });

  test.each([
    ["Precedence: bulk", "Precedence: bulk"],
    ["List-Id: <news.kite.example>", "List-Id (mailing list)"],
    ["X-Autoreply: yes", "X-Autoreply"],
    ["X-Autorespond: yes", "X-Autorespond"],
    ["Auto-Submitted: no", null],
  ])("A mail with “%s” is machine mail: %s", async (header, reason) => {
    const raw = Buffer.from(`From: a@kite.example\r\nTo: b@x.example\r\nSubject: s\r\n${header}\r\n\r\nHello\r\n`);
    expect((await parseInbound(raw, undefined)).automatic).toBe(reason);
  });

  test("A bounce (null Return-Path) and a delivery report are machine mail", async () => {
    const bounce = Buffer.from("Return-Path: <>\r\nFrom: a@kite.example\r\nSubject: s\r\n\r\nHello\r\n");
    expect((await parseInbound(bounce, undefined)).automatic).toMatch(/null Return-Path/);
    const report = Buffer.from(
      'From: MAILER-DAEMON@mx.example\r\nSubject: Undelivered\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--b--\r\n',
    );
    expect((await parseInbound(report, undefined)).automatic).toMatch(/multipart\/report/);
  });

  test("Only the Authentication-Results header of the trusted authserv-id counts", async () => {
    const mail = await parseInbound(mailFixture("gmail-reply.eml"), "in.example.com");
    expect(mail.auth).toEqual({ spf: "pass", dkim: "pass", dmarc: "pass" });
    expect(authResultsFrom(["evil.example; spf=fail", "in.example.com; dkim=fail header.d=x"], "in.example.com")).toEqual({
      spf: "none",
      dkim: "fail",
      dmarc: "none",
    });
    expect(authResultsFrom(["evil.example; spf=pass"], "in.example.com")).toBeNull();
  });
});

describe("The reply token", () => {
  const secret = "test-secret-0123456789-0123456789-abcdef";
  const claim = { complaintId: "0b9f6a52-6c1e-4d3a-9a43-2f7d1c0e5b11", userId: "Zx81kq0PLmN3vR7tY2wB5cH9dF4gJ6aS" };

  test("reads back the request and tells its recipient, whatever case the mail system gave it", () => {
    const token = replyToken(claim, secret)!;
    expect(token).toMatch(/^[a-z2-7]{48}$/);
    const read = readReplyToken(token.toUpperCase(), secret)!;
    expect(read.complaintId).toBe(claim.complaintId);
    expect(isRecipient(read, claim.userId)).toBe(true);
    expect(isRecipient(read, "someone-else")).toBe(false);
  });

  test("A token changed in one character, or signed with another secret, is refused", () => {
    const token = replyToken(claim, secret)!;
    const changed = `${token.slice(0, 10)}${token[10] === "a" ? "b" : "a"}${token.slice(11)}`;
    expect(readReplyToken(changed, secret)).toBeNull();
    expect(readReplyToken(token, `${secret}-other`)).toBeNull();
  });
});
