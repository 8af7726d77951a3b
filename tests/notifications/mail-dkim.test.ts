import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { authenticate } from "mailauth";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { parseEnv } from "~/server/env.server";
import { createFileTransport } from "~/server/mail/mailer.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { tempDir } from "../helpers/temp-dirs";

// Outgoing mail is signed with the DKIM_* key, and a real verifier (mailauth) accepts the signature
// against the TXT record an operator would publish for that key.

const DOMAIN = "indigokite.dev";
const SELECTOR = "mail2026";
const MAIL_FROM = `Indigo Kite Technologies <no-reply@${DOMAIN}>`;

const rsa = (bits: number) => generateKeyPairSync("rsa", { modulusLength: bits });
const pem = (key: KeyObject) => key.export({ type: "pkcs8", format: "pem" }).toString();
const { privateKey, publicKey } = rsa(2048);

/** The TXT record of docs/proxy-and-mail.md: v=DKIM1; k=rsa; p=<base64 of the DER public key>. */
const txtRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;

/** DNS as published: the DKIM key, a DMARC policy that rejects, nothing else. */
async function resolver(name: string, type: string): Promise<string[][]> {
  if (type === "TXT" && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[txtRecord]];
  if (type === "TXT" && name === `_dmarc.${DOMAIN}`) return [["v=DMARC1; p=reject; adkim=r; aspf=r"]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
}

const dkimEnv = (key = pem(privateKey)) => ({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: key, MAIL_FROM });

function bootError(vars: Record<string, string>): string {
  try {
    parseEnv(vars, tempDir("env-"));
  } catch (error) {
    return (error as Error).message;
  }
  return "";
}

describe("DKIM settings at boot", () => {
  test("With no DKIM variable mail is not signed, and nothing is asked for", () => {
    expect(parseEnv({}, tempDir("env-")).DKIM).toBeUndefined();
  });

  test("A key pasted on one line with \\n escapes, as an env file holds it, is accepted", () => {
    const oneLine = pem(privateKey).trim().replace(/\n/g, "\\n");
    const env = parseEnv(dkimEnv(oneLine), tempDir("env-"));
    expect(env.DKIM).toMatchObject({ domainName: DOMAIN, keySelector: SELECTOR });
    expect(env.DKIM?.privateKey).toBe(pem(privateKey));
  });

  test("A key file is read at boot, and an unreadable one is named", () => {
    const file = path.join(tempDir("dkim-"), "dkim.pem");
    writeFileSync(file, pem(privateKey));
    const vars = { DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY_FILE: file };
    expect(parseEnv(vars, tempDir("env-")).DKIM?.privateKey).toBe(pem(privateKey));
    expect(bootError({ ...vars, DKIM_PRIVATE_KEY_FILE: `${file}.missing` })).toContain("DKIM_PRIVATE_KEY_FILE: cannot be read (ENOENT)");
  });

  test("Setting only some DKIM variables is refused, naming the missing ones", () => {
    const message = bootError({ DKIM_DOMAIN: DOMAIN });
    expect(message).toContain("must be set together");
    expect(message).toContain("missing: DKIM_SELECTOR, DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE)");
    expect(bootError({ DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: pem(privateKey) })).toContain("missing: DKIM_DOMAIN");
  });

  test("A key that is not a PEM private key is refused", () => {
    expect(bootError(dkimEnv("not a key"))).toContain("DKIM_PRIVATE_KEY: must be a PEM private key");
    const publicOnly = publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(bootError(dkimEnv(publicOnly))).toContain("DKIM_PRIVATE_KEY: must be a PEM private key");
  });

  test("An encrypted, a non-RSA or a short key is refused with the reason", () => {
    const encrypted = privateKey.export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "secret" }).toString();
    expect(bootError(dkimEnv(encrypted))).toContain("is an encrypted key");
    const ed25519 = generateKeyPairSync("ed25519").privateKey;
    expect(bootError(dkimEnv(pem(ed25519)))).toContain("must be an RSA key (nodemailer signs rsa-sha256 only), not ed25519");
    expect(bootError(dkimEnv(pem(rsa(512).privateKey)))).toContain("is 512 bits");
  });

  test("Both a key and a key file, a bad selector or a domain DMARC would not align with are refused", () => {
    expect(bootError({ ...dkimEnv(), DKIM_PRIVATE_KEY_FILE: "/etc/dkim.pem" })).toContain("not both");
    expect(bootError({ ...dkimEnv(), DKIM_SELECTOR: "bad selector" })).toContain("DKIM_SELECTOR: must be a DNS label");
    expect(bootError({ ...dkimEnv(), DKIM_DOMAIN: "other.example" })).toContain(`DKIM_DOMAIN: must be MAIL_FROM's domain (${DOMAIN})`);
    expect(parseEnv({ ...dkimEnv(), MAIL_FROM: `Mail <no-reply@mail.${DOMAIN}>` }, tempDir("env-")).DKIM?.domainName).toBe(DOMAIN);
  });

  test("DKIM problems are listed with the other bad variables in one message", () => {
    const message = bootError({ ...dkimEnv("not a key"), PORT: "abc" });
    expect(message).toContain("PORT: must be a port number");
    expect(message).toContain("DKIM_PRIVATE_KEY: must be a PEM private key");
  });
});

describe.each(testDatabases("mail dkim"))("DKIM-signed mail on $name", (database) => {
  let smtp: TestSmtpServer;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({ cleanup } = await useAppDatabase(database, { SMTP_URL: smtp.url, ...dkimEnv() }));
  });
  afterAll(async () => {
    await cleanup();
    await smtp.stop();
  });
  beforeEach(async () => {
    await clearTables("mailOutbox");
    smtp.messages.length = 0;
  });

  async function sendOne(): Promise<string> {
    await enqueueMail(db(), {
      to: "client@example.com",
      subject: "Your weekly summary",
      text: "Three things happened.",
      html: "<p>Three things happened.</p>",
      idempotencyKey: "dkim:summary",
      headers: {
        "List-Unsubscribe": "<https://www.indigokite.dev/unsubscribe/abc>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    // The worker's own transport, made from SMTP_URL and DKIM_* as at boot.
    const worker = startMailWorker({ poll: false });
    try {
      expect(await worker.runOnce()).toBe(1);
    } finally {
      await worker.stop();
    }
    expect(smtp.messages).toHaveLength(1);
    return smtp.messages[0]!.raw;
  }

  test("A mail the worker sends carries a DKIM signature that verifies against the published key", async () => {
    const raw = await sendOne();
    const { results } = await dkimVerify(Buffer.from(raw), { resolver });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ signingDomain: DOMAIN, selector: SELECTOR, algo: "rsa-sha256", status: { result: "pass" } });
    // RFC 8058: one-click unsubscribe counts only when both headers are signed.
    expect(results[0]!.signingHeaders?.keys).toMatch(/list-unsubscribe:.*list-unsubscribe-post/i);
  });

  test("A signed mail whose subject was changed on the way fails verification", async () => {
    const raw = (await sendOne()).replace("Subject: Your weekly summary", "Subject: Your weekly invoice");
    const { results } = await dkimVerify(Buffer.from(raw), { resolver });
    expect(results[0]?.status.result).toBe("fail");
  });

  test("A signed mail passes DMARC on its aligned DKIM signature even where SPF does not", async () => {
    const raw = await sendOne();
    const result = await authenticate(Buffer.from(raw), {
      ip: "192.0.2.10",
      helo: "mx.example.net",
      sender: `bounces@${DOMAIN}`,
      mta: "mx.example.net",
      resolver,
    });
    expect(result.spf && result.spf.status.result).not.toBe("pass");
    expect(result.dmarc && result.dmarc.status.result).toBe("pass");
  });

  test("Without SMTP the .eml written to disk is signed the same way", async () => {
    const dir = tempDir("mail-");
    const transport = createFileTransport(dir, parseEnv(dkimEnv(), tempDir("env-")).DKIM);
    await transport.send({
      id: "m1",
      createdAt: Date.now(),
      from: MAIL_FROM,
      to: "client@example.com",
      subject: "Hello",
      text: "Hi.",
      messageId: `<m1@${DOMAIN}>`,
    });
    transport.close();
    const [file] = readdirSync(dir);
    const { results } = await dkimVerify(readFileSync(path.join(dir, file!)), { resolver });
    expect(results[0]?.status.result).toBe("pass");
  });
});
