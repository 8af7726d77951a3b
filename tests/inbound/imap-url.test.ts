import { expect, test } from "vitest";
import { parseEnv } from "~/server/env.server";
import { describeImapTarget, parseImapUrl } from "~/server/env-imap.server";

// Decision 0100: INBOUND_IMAP_URL names the mailbox, checked at boot like every other setting.

const base = { AUTH_SECRET: "test-secret-0123456789-0123456789-abcdef" };

test("An imaps:// URL gives TLS on 993, the decoded user and password, and INBOX when no folder is named", () => {
  expect(parseImapUrl("imaps://support%40example.com:p%40ss%2Fw0rd@imap.example.com")).toEqual({
    host: "imap.example.com",
    port: 993,
    secure: true,
    requireStartTls: false,
    user: "support@example.com",
    password: "p@ss/w0rd",
    mailbox: "INBOX",
  });
});

test("imap:// to another machine must upgrade with STARTTLS; on loopback it may stay plain; a folder path is kept", () => {
  expect(parseImapUrl("imap://u:p@mail.example.com/Support/Inbound")).toMatchObject({
    port: 143,
    secure: false,
    requireStartTls: true,
    mailbox: "Support/Inbound",
  });
  expect(parseImapUrl("imap://u:p@127.0.0.1:1143/INBOX")).toMatchObject({ port: 1143, requireStartTls: false });
  expect(parseImapUrl("imap://u:p@localhost/INBOX")).toMatchObject({ requireStartTls: false });
  expect(parseImapUrl("imap://u:p@[::1]/INBOX")).toMatchObject({ host: "::1", requireStartTls: false });
});

test("The description for logs leaves the password out", () => {
  const target = parseImapUrl("imaps://support:secret@imap.example.com/INBOX");
  expect(typeof target).toBe("object");
  expect(describeImapTarget(target as Exclude<typeof target, string>)).toBe("imaps://support@imap.example.com:993/INBOX");
});

test("Boot accepts a mailbox URL and refuses another scheme, a missing password and a query", () => {
  expect(parseEnv({ ...base, INBOUND_IMAP_URL: "imaps://support:secret@imap.example.com/INBOX" }).INBOUND_IMAP_URL).toBe(
    "imaps://support:secret@imap.example.com/INBOX",
  );
  expect(() => parseEnv({ ...base, INBOUND_IMAP_URL: "pop3://u:p@mail.example.com" })).toThrow(
    /INBOUND_IMAP_URL: must start with imaps:\/\//,
  );
  expect(() => parseEnv({ ...base, INBOUND_IMAP_URL: "imaps://support@imap.example.com" })).toThrow(
    /INBOUND_IMAP_URL: must carry the user and password/,
  );
  expect(() => parseEnv({ ...base, INBOUND_IMAP_URL: "imaps://u:p@imap.example.com/INBOX?x=1" })).toThrow(
    /INBOUND_IMAP_URL: must not have/,
  );
  expect(() => parseEnv({ ...base, INBOUND_IMAP_URL: "not a url" })).toThrow(/INBOUND_IMAP_URL: must be a URL/);
});
